/** The public site around the app: page heads for crawlers and link previews, robots.txt, sitemap.xml. */
export { renderPage } from './site.service.js';
export { firstScreenRenderer, type AnswerCall, type FirstScreenRenderer } from './first-screen.js';
