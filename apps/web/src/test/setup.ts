import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach } from 'vitest';
import { clearSignedOut } from '@/lib/session/sign-out-state';
import { showTimesIn } from '@/lib/time-zone';

// findBy… and waitFor give up after 5 s instead of 1 s: on two cores shared with the server
// suites (CI runs them side by side), a dialog's answer can take over a second to render. A
// test still fails when what it waits for never comes.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks the layout APIs Radix primitives call.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

// Test files share a worker's modules and jsdom (vitest.config.ts): what one test leaves in
// the browser's storage or the app's module state must not reach the next.
afterEach(() => {
  // Sonner keeps its toasts in module state, and a Toaster mounted later shows the active ones.
  toast.dismiss();
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  clearSignedOut();
  // The business last shown: the next test shows times in UTC until it renders its own.
  showTimesIn(null);
});
