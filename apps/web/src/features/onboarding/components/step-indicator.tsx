import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';

export const ONBOARDING_STEPS = ['Your profile', 'Your business', 'Your plan'] as const;

/** "Step 2 of 3" with the three steps named; done steps are ticked. */
export function StepIndicator({ current }: { current: number }) {
  return (
    <nav aria-label="Onboarding progress" className="mb-6">
      <p className="sr-only">
        Step {current + 1} of {ONBOARDING_STEPS.length}
      </p>
      <ol className="flex items-center gap-2">
        {ONBOARDING_STEPS.map((label, index) => {
          const done = index < current;
          const active = index === current;
          return (
            <li
              key={label}
              aria-current={active ? 'step' : undefined}
              className={cn('flex min-w-0 items-center gap-2', active && 'flex-1', 'sm:flex-1')}
            >
              <span
                className={cn(
                  'flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                  done && 'border-primary bg-primary text-primary-foreground',
                  active && 'border-primary text-primary',
                  !done && !active && 'text-muted-foreground',
                )}
              >
                {done ? <Check aria-hidden="true" className="size-4" /> : index + 1}
              </span>
              <span
                className={cn(
                  'truncate text-sm',
                  // On a phone only the current step is named; the others show their number.
                  active ? 'font-medium' : 'hidden text-muted-foreground sm:inline',
                )}
              >
                {label}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
