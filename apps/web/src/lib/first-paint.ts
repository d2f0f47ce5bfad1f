import type { ScreenHeader } from '@crewdesk/domain';

/**
 * The first paint (decision 044): for the screens a phone opens most, the server writes the
 * screen's frame, heading and Loading... into #root, so they show before the app's code arrives.
 * React's root would clear it on its first commit, which is often still a Loading... screen (the
 * session, the screen's code), so React draws into a container of its own beside it; the frame
 * stays, untouched (moved, the browser would count it as painted anew), until the app draws
 * something of its own, and the dashboard's Loading... for that path shows the same heading
 * (firstPaintHeader), so the heading stays where it is.
 */

/** The frame's data as the server wrote it (data-path, data-title, … and a screen's own). */
let shown: DOMStringMap | null = null;

/** Something drawn that is not a Loading... screen; the toaster's empty region does not count. */
function drawsSomething(container: HTMLElement): boolean {
  return [...container.children].some(
    (child) => !child.hasAttribute('data-page-loading') && child.childElementCount > 0,
  );
}

/** Where React should draw: #root itself, or beside the server's first paint in it. */
export function adoptFirstPaint(root: HTMLElement): HTMLElement {
  const frame = root.querySelector<HTMLElement>(':scope > [data-first-paint]');
  if (!frame) return root;
  // A page kept from another screen (an offline copy) is not this screen's first paint.
  if (frame.dataset.path !== window.location.pathname) {
    frame.remove();
    return root;
  }
  shown = frame.dataset;
  // Lifted out of the flow where it stands, so React's container starts at the top under it: the
  // app's drawing then appears in place, instead of rising from below the frame into view (which
  // the browser counts as the whole screen shifting).
  frame.style.position = 'absolute';
  frame.style.inset = '0 0 auto 0';
  const app = document.createElement('div');
  app.setAttribute('data-app', '');
  root.append(app);
  // Called after each of React's commits, before the browser paints it: the frame goes in the
  // same frame as the app's first drawing arrives.
  const observer = new MutationObserver(() => {
    if (!drawsSomething(app)) return;
    observer.disconnect();
    frame.remove();
  });
  observer.observe(app, { childList: true, subtree: true });
  return app;
}

/** What the first paint of `pathname` says on its frame (a screen reads its own), if it has one. */
export function firstPaintData(pathname: string): DOMStringMap | null {
  return shown?.path === pathname ? shown : null;
}

/** The heading the first paint showed for `pathname`, if it showed one. */
export function firstPaintHeader(pathname: string): (ScreenHeader & { path: string }) | null {
  const { title, description } = firstPaintData(pathname) ?? {};
  return title && description ? { path: pathname, title, description } : null;
}
