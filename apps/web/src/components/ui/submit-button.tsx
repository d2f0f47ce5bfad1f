import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './button';

interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'children'> {
  /** The form's request runs: the button is off and says `pendingLabel` ('Saving...'). */
  pending: boolean;
  pendingLabel: ReactNode;
  children: ReactNode;
}

/** A form's submit button, off while its request runs so that a double click sends once. */
export function SubmitButton({
  pending,
  pendingLabel,
  disabled,
  children,
  ...props
}: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={pending || disabled} {...props}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
