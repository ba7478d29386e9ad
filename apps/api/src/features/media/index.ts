/** The media feature as other features see it: storing event images and naming them in URLs. */
export { mediaRoutes } from './media.routes.js';
export { prepareImage, releaseImage, savePreparedImage, storeImage, type PreparedImage } from './media.service.js';
export { imageUrlSigner, publicImageUrls, type ImageUrls } from './media-urls.js';
