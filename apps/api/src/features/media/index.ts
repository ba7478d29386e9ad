/** The media feature as other features see it: storing event images and naming them in URLs. */
export { mediaRoutes } from './media.routes.js';
export { mediaJobs } from './media.jobs.js';
export {
  prepareImage,
  releaseImage,
  releaseLogo,
  savePreparedImage,
  storeImage,
  type PreparedImage,
} from './media.service.js';
export { imageStores, type ImageStores } from './image-stores.js';
export { databaseImageStore, type ImageStore } from './image-store.js';
export { imageUrlSigner, publicImageUrls, type ImageUrls } from './media-urls.js';
