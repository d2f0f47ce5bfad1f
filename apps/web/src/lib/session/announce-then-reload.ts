/**
 * The app's first screen shows this module's carried toast, so sonner is fetched only when a
 * toast is due (the Toaster loads it beside the first screen anyway): not in the initial JS.
 */
function toastSuccess(message: CarriedToast): void {
  void import('sonner').then(({ toast }) =>
    toast.success(message.title, { description: message.description }),
  );
}

/** Long enough to read the toast before the page reloads. */
export const RELOAD_DELAY_MS = 900;

/** Indirection so tests can observe the reload (jsdom cannot navigate). */
export const pageReloader = { reload: (): void => window.location.reload() };

/** sessionStorage key of a toast shown just before a reload, shown again once the page is back. */
const CARRIED_TOAST_KEY = 'crewdesk.toast-across-reload';

interface CarriedToast {
  title: string;
  description: string;
}

/**
 * Spec sections 2 and 4: show a success toast, then reload the page. The toast is also kept
 * for the reloaded page, so it is not lost when the reload comes before the user has read it
 * (a slow phone takes longer than the delay to paint the toast).
 */
export function announceThenReload(message: CarriedToast): void {
  toastSuccess(message);
  try {
    window.sessionStorage.setItem(CARRIED_TOAST_KEY, JSON.stringify(message));
  } catch {
    // Storage unavailable: the toast is shown once, before the reload.
  }
  window.setTimeout(() => pageReloader.reload(), RELOAD_DELAY_MS);
}

/** Shows, once, the toast the page announced before it reloaded. */
export function showToastCarriedAcrossReload(): void {
  let carried: unknown;
  try {
    const stored = window.sessionStorage.getItem(CARRIED_TOAST_KEY);
    window.sessionStorage.removeItem(CARRIED_TOAST_KEY);
    carried = stored === null ? null : JSON.parse(stored);
  } catch {
    return;
  }
  if (!isCarriedToast(carried)) return;
  toastSuccess(carried);
}

function isCarriedToast(value: unknown): value is CarriedToast {
  if (typeof value !== 'object' || value === null) return false;
  const { title, description } = value as Record<string, unknown>;
  return typeof title === 'string' && typeof description === 'string';
}
