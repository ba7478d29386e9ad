/**
 * Starts the app on a page whose first screen the server drew (docs/decisions/0022-main-thread-on-a-phone.md).
 * The server puts this script where the app's was, with the app's file in `data-app` and the
 * files it and the page will ask for in `data-preload`. They are fetched once the page's main
 * picture and its font are in and painted, or after 3 s at the latest: on a slow link the picture
 * then has the bandwidth to itself, and the code that makes the page work comes right after.
 *
 * The build copies this file as it is (apps/web/vite.config.ts), so it is written in plain
 * JavaScript syntax: no type annotations, no imports.
 */
const boot = document.querySelector('script[data-app]');
let started = false;

function start() {
  if (started || !(boot instanceof HTMLScriptElement) || !boot.dataset.app) return;
  started = true;
  for (const href of (boot.dataset.preload ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  void import(/* @vite-ignore */ boot.dataset.app);
}

const picture = document.querySelector('img[fetchpriority="high"]');
const pictureIn =
  picture instanceof HTMLImageElement && !picture.complete
    ? new Promise((done) => {
        picture.addEventListener('load', done, { once: true });
        picture.addEventListener('error', done, { once: true });
      })
    : Promise.resolve();
// After the next frame is painted, so the picture shows before any script competes with it.
void Promise.all([pictureIn, document.fonts.ready]).then(() => requestAnimationFrame(() => setTimeout(start)));
setTimeout(start, 3000);

export {};
