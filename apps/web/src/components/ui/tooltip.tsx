import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type { ComponentProps, ReactElement, ReactNode } from 'react';
import { cn } from '@/lib/cn';

export const TooltipProvider = TooltipPrimitive.Provider;

interface TooltipProps {
  content: ReactNode;
  /** A single focusable element; it becomes the trigger. */
  children: ReactElement;
  side?: ComponentProps<typeof TooltipPrimitive.Content>['side'];
}

/** Opens on hover and on keyboard focus (Radix handles both). */
export function Tooltip({ content, children, side = 'right' }: TooltipProps) {
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          side={side}
          sideOffset={8}
          className={cn(
            'z-50 animate-fade-in rounded-md bg-foreground px-2.5 py-1.5 text-xs font-medium text-background shadow-md',
          )}
        >
          {content}
          <TooltipPrimitive.Arrow className="fill-foreground" />
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}
