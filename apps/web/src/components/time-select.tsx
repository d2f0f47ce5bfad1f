import { ChevronDown } from 'lucide-react';
import { TIME_SLOT_GROUPS } from '@crewdesk/domain';
import { fieldClassName } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { SelectOptions } from '@/components/ui/select-options';

export interface TimeSelectProps {
  /** A slot such as '9:00 AM'; '' for none (the placeholder shows). */
  value: string;
  onChange: (time: string) => void;
  /** Shown while no time is chosen; omit it when the caller always has a time (default 9:00 AM). */
  placeholder?: string;
  id?: string;
  name?: string;
  disabled?: boolean;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  className?: string;
}

/**
 * Spec sections 2 and 5: the contact/job time dropdown, MORNING 9:00 AM–12:30 PM and AFTERNOON
 * 1:00 PM–5:00 PM in half hours. A native select: keyboard, screen readers and phones for free.
 */
export function TimeSelect({
  value,
  onChange,
  placeholder,
  id,
  name,
  disabled,
  className,
  ...aria
}: TimeSelectProps) {
  return (
    <div className={cn('relative', className)}>
      <select
        id={id}
        name={name}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        className={cn(fieldClassName, 'h-10 appearance-none py-2 pr-9')}
        {...aria}
      >
        {(placeholder !== undefined || value === '') && (
          <option value="" disabled>
            {placeholder ?? 'Select time'}
          </option>
        )}
        {TIME_SLOT_GROUPS.map((group) => (
          <optgroup key={group.label} label={group.label}>
            <SelectOptions values={group.slots} />
          </optgroup>
        ))}
      </select>
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
