import { cn } from '@/lib/cn';

export const CALCULATOR_STEPS = [
  { title: 'Basic Info', note: 'Required' },
  { title: 'Advanced Info', note: 'Optional' },
  { title: 'Client Info', note: 'Required' },
] as const;

/** Spec section 2: three steps that can be clicked freely. */
export function StepHeader({ step, onStep }: { step: number; onStep: (step: number) => void }) {
  return (
    <nav aria-label="Steps">
      <ol className="grid grid-cols-3 gap-1.5">
        {CALCULATOR_STEPS.map((s, i) => {
          const current = i === step;
          return (
            <li key={s.title}>
              <button
                type="button"
                onClick={() => onStep(i)}
                aria-current={current ? 'step' : undefined}
                className={cn(
                  'flex w-full flex-col items-center gap-1 rounded-md border px-1 py-2 text-center text-xs font-medium transition-colors sm:flex-row sm:gap-2 sm:px-3 sm:text-left sm:text-sm',
                  current
                    ? 'border-primary bg-accent text-accent-foreground'
                    : 'border-border text-muted-foreground hover:bg-muted hover:text-foreground',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex size-6 shrink-0 items-center justify-center rounded-full text-xs',
                    current
                      ? 'bg-primary text-primary-foreground'
                      : 'bg-muted text-muted-foreground',
                  )}
                >
                  {i + 1}
                </span>
                <span className="leading-tight">{s.title}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
