import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';
import { SubmitButton } from './submit-button';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  title: string;
  /** Read out with the title; omit when the body explains itself. */
  description?: ReactNode;
}

/** A centred modal with a title, an optional description and a close button. */
export function DialogContent({
  title,
  description,
  className,
  children,
  ...props
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 animate-fade-in bg-foreground/40" />
      <DialogPrimitive.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 animate-fade-in overflow-y-auto rounded-lg border bg-background p-5 text-foreground shadow-xl outline-none sm:p-6',
          className,
        )}
        // Without a description, say so, or Radix warns about a missing one.
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...props}
      >
        <div className="mb-4 pr-8">
          <DialogPrimitive.Title className="text-lg font-semibold leading-tight">
            {title}
          </DialogPrimitive.Title>
          {description ? (
            <DialogPrimitive.Description className="mt-1 text-sm text-muted-foreground">
              {description}
            </DialogPrimitive.Description>
          ) : null}
        </div>
        {children}
        <DialogPrimitive.Close
          aria-label="Close"
          className="absolute right-3 top-3 flex size-9 items-center justify-center rounded-md text-muted-foreground hover:bg-muted"
        >
          <X aria-hidden="true" className="size-4" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

interface FormDialogProps extends ControlledDialogProps, Omit<DialogContentProps, 'children'> {
  /** The body, given the way to close the dialog once its work is done. */
  children: (close: () => void) => ReactNode;
}

/** A dialog its parent opens whose body, mounted on each opening, closes it when done. */
export function FormDialog({ open, onOpenChange, children, ...content }: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent {...content}>{children(() => onOpenChange(false))}</DialogContent>
    </Dialog>
  );
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}

/** The props of a dialog its parent opens and closes. */
export interface ControlledDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Closes the dialog and does nothing else; off while the dialog's request runs. */
export function DialogCancelButton({ disabled }: { disabled?: boolean }) {
  return (
    <DialogPrimitive.Close asChild>
      <Button variant="outline" disabled={disabled}>
        Cancel
      </Button>
    </DialogPrimitive.Close>
  );
}

interface DialogSubmitFooterProps {
  /** The dialog's request runs: both buttons are off and the submit says `pendingLabel`. */
  pending: boolean;
  label: ReactNode;
  pendingLabel: ReactNode;
  /** Off for a reason other than the request (nothing to save yet). */
  disabled?: boolean;
  variant?: ComponentProps<typeof Button>['variant'];
  /** In place of closing: a dialog that asks before dropping what was typed. */
  onCancel?: () => void;
}

/** A form dialog's Cancel and submit buttons. */
export function DialogSubmitFooter({
  pending,
  label,
  pendingLabel,
  disabled,
  variant,
  onCancel,
}: DialogSubmitFooterProps) {
  return (
    <DialogFooter>
      {onCancel ? (
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      ) : (
        <DialogCancelButton disabled={pending} />
      )}
      <SubmitButton
        pending={pending}
        pendingLabel={pendingLabel}
        variant={variant}
        disabled={disabled}
      >
        {label}
      </SubmitButton>
    </DialogFooter>
  );
}
