import { Minus, Plus } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

const choiceClass =
  'flex cursor-pointer items-center gap-2.5 rounded-md border bg-background px-3 py-2 text-sm transition-colors hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring';

const boxClass = 'size-4 shrink-0 accent-primary';

/** Spec section 2: a counter that cannot go below 0 and shows 'Any' at 0. */
export function Counter({
  label,
  value,
  onChange,
  max = 1000,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  max?: number;
}) {
  const labelId = useId();
  return (
    <div className="space-y-1.5">
      <p id={labelId} className="text-sm font-medium leading-none">
        {label}
      </p>
      <div
        role="group"
        aria-labelledby={labelId}
        className="flex h-10 items-center justify-between rounded-md border border-input bg-background"
      >
        <Button
          variant="ghost"
          size="icon"
          className="h-full rounded-r-none"
          aria-label={`Decrease ${label}`}
          disabled={value <= 0}
          onClick={() => onChange(Math.max(0, value - 1))}
        >
          <Minus aria-hidden="true" />
        </Button>
        <output
          aria-label={label}
          aria-live="polite"
          className="min-w-12 text-center font-medium tabular-nums"
        >
          {value <= 0 ? 'Any' : value}
        </output>
        <Button
          variant="ghost"
          size="icon"
          className="h-full rounded-l-none"
          aria-label={`Increase ${label}`}
          disabled={value >= max}
          onClick={() => onChange(Math.min(max, value + 1))}
        >
          <Plus aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}

interface ChoiceOption {
  value: string;
  label: string;
  /** Shown beside the label and read as its description (a service's rate). */
  note?: ReactNode;
}

/** A fieldset of checkbox cards: several values of a list. */
export function CheckboxGroup({
  legend,
  options,
  value,
  onChange,
  className,
}: {
  legend: string;
  options: readonly ChoiceOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  className?: string;
}) {
  const id = useId();
  const toggle = (option: string, checked: boolean) =>
    onChange(checked ? [...value, option] : value.filter((v) => v !== option));
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className={cn('grid gap-2 sm:grid-cols-2', className)}>
        {options.map((option) => {
          const labelId = `${id}-${option.value}-label`;
          const noteId = `${id}-${option.value}-note`;
          return (
            <label key={option.value} className={choiceClass}>
              <input
                type="checkbox"
                className={boxClass}
                checked={value.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
                aria-labelledby={labelId}
                aria-describedby={option.note ? noteId : undefined}
              />
              <span id={labelId} className="min-w-0 flex-1">
                {option.label}
              </span>
              {option.note ? (
                <span id={noteId} className="text-xs font-medium text-muted-foreground">
                  {option.note}
                </span>
              ) : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** A fieldset of radio cards: one value of a short list. */
export function RadioCards<V extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-2 gap-2">
        {options.map((option) => (
          <label key={option.value} className={choiceClass}>
            <input
              type="radio"
              name={name}
              className={boxClass}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
