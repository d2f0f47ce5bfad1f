import { lazy, Suspense } from 'react';

/** Spec section 9: at most 3 notifications visible, each closing after 4000 ms. */
export const TOAST_LIMITS = { visibleToasts: 3, duration: 4000 } as const;

// Toasts only follow user actions, so sonner loads beside the first screen.
const Sonner = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export function Toaster() {
  return (
    <Suspense fallback={null}>
      <Sonner
        position="top-right"
        visibleToasts={TOAST_LIMITS.visibleToasts}
        duration={TOAST_LIMITS.duration}
        // The dark theme's toasts come from CSS (index.css), keyed on <html class="dark">.
        theme="light"
        richColors
        closeButton
      />
    </Suspense>
  );
}
