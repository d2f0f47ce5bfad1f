import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect } from 'react';
import { Brand } from '@/components/brand';
import type { ControlledDialogProps } from '@/components/ui/dialog';
import { MoreNav } from './more-nav';
import { SidebarNav } from './sidebar-nav';

/** Spec section 2: below 768 px the sidebar is replaced by a slide-out menu. */
export function MobileNav({ open, onOpenChange }: ControlledDialogProps) {
  // Widening the window past the breakpoint brings the sidebar back; close the menu.
  useEffect(() => {
    if (!open) return;
    const query = window.matchMedia('(min-width: 768px)');
    const onChange = () => {
      if (query.matches) onOpenChange(false);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [open, onOpenChange]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 animate-fade-in bg-foreground/40 md:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(18rem,85vw)] animate-slide-in-left flex-col bg-background shadow-xl outline-none md:hidden"
        >
          <div className="flex h-14 shrink-0 items-center justify-between border-b px-4">
            <Dialog.Title asChild>
              <span>
                <Brand />
                <span className="sr-only"> menu</span>
              </span>
            </Dialog.Title>
            <Dialog.Close
              aria-label="Close menu"
              className="flex size-10 items-center justify-center rounded-md text-muted-foreground hover:bg-muted"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-3 py-4">
            <nav aria-label="Main">
              <SidebarNav collapsed={false} onNavigate={() => onOpenChange(false)} />
            </nav>
            <MoreNav collapsed={false} onNavigate={() => onOpenChange(false)} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
