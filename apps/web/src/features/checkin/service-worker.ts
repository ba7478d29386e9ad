/**
 * Registers the service worker that keeps the app's files on the device, so the door page opens
 * without network (docs/decisions/0013-door-page-offline.md). Only the door registers it: buyers
 * and other organiser pages never get one. A development server has no worker file; nothing
 * happens there.
 */
export function registerDoorServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    // No worker (an old browser, a private window): the door still works while the page is open.
  });
}
