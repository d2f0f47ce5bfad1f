/** The app's one service worker (public/sw.js): the home-screen app's shell, and Web Push. */
export const SERVICE_WORKER_PATH = '/sw.js';

/**
 * Registers the service worker once the page has loaded, in a built app only (the dev server
 * serves modules the worker should not keep). A browser without service workers, or one that
 * refuses (private windows), simply runs the app as a web page.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: '/' }).catch(() => undefined);
  });
}
