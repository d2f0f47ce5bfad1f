import { lazy, Suspense, useEffect, useState } from 'react';

// The palette (and cmdk) load on the first Ctrl+K, not with the first screen.
const CommandPalette = lazy(() =>
  import('./command-palette').then((m) => ({ default: m.CommandPalette })),
);

/** Ctrl+K (⌘K on a Mac) opens or closes the command palette, anywhere in the app. */
export function CommandPaletteShortcut() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setLoaded(true);
        setOpen((was) => !was);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <CommandPalette open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}
