/** Content pages (contact, about, privacy, blog): the pages the router mounts. */
export const contentPages = {
  contact: () => import('./pages/contact-page'),
  about: () => import('./pages/about-page'),
  privacy: () => import('./pages/privacy-page'),
  blog: () => import('./pages/blog-page'),
  blogPost: () => import('./pages/blog-post-page'),
};
