/** The link the server adds to index.html when the page was asked for with a session cookie. */
const SESSION_PRELOAD = 'link[rel="preload"][href="/api/me"]:not([data-taken])';

/**
 * True once, when index.html asks for /api/me itself (apps/server's spa plugin, for a browser
 * that sent a session cookie): the first call to /api/me then takes that answer, already on its
 * way, instead of asking get-session first. Later calls (after a sign-out, say) go the usual way.
 * The link is marked, not removed: removing it could drop the answer it holds.
 */
export function takeSessionPreload(): boolean {
  if (typeof document === 'undefined') return false;
  const link = document.querySelector<HTMLLinkElement>(SESSION_PRELOAD);
  if (!link) return false;
  link.dataset.taken = '';
  return true;
}
