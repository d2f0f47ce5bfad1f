import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const tones = {
  info: 'border-border bg-muted text-foreground',
  error: 'border-destructive/30 bg-destructive/5 text-destructive',
  success: 'border-success/30 bg-success/5 text-success',
  warning: 'border-warning/40 bg-warning/5 text-warning',
} as const;

interface AlertProps extends ComponentProps<'div'> {
  tone?: keyof typeof tones;
}

export function Alert({ tone = 'info', className, role, ...props }: AlertProps) {
  return (
    <div
      role={role ?? (tone === 'error' ? 'alert' : 'status')}
      className={cn('rounded-md border px-4 py-3 text-sm', tones[tone], className)}
      {...props}
    />
  );
}
