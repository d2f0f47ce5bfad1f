import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isDarkNow, onThemeChange } from '@/lib/theme';

/** Spec section 9: at most 3 notifications visible, each closing after 4000 ms. */
export const TOAST_LIMITS = { visibleToasts: 3, duration: 4000 } as const;

// Toasts only follow user actions, so sonner loads beside the first screen.
const Sonner = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export function Toaster() {
  const dark = useSyncExternalStore(onThemeChange, isDarkNow, () => false);
  return (
    <Suspense fallback={null}>
      <Sonner
        position="top-right"
        visibleToasts={TOAST_LIMITS.visibleToasts}
        duration={TOAST_LIMITS.duration}
        theme={dark ? 'dark' : 'light'}
        richColors
        closeButton
      />
    </Suspense>
  );
}
