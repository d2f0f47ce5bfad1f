import { format } from 'date-fns';
import { CalendarDays } from 'lucide-react';
import { useState, type CSSProperties } from 'react';
import { DayPicker, type Matcher } from 'react-day-picker';
import 'react-day-picker/style.css';
import { fieldClassName } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/cn';
import { shownWeekStart } from '@/lib/locale';

/** Spec section 2: the long date format, e.g. 'November 21st, 2026'. */
export const LONG_DATE_FORMAT = 'PPP';

// The library's stylesheet, in the app's colours and small enough for a 320 px wide screen.
const calendarTheme = {
  '--rdp-accent-color': 'var(--color-primary)',
  '--rdp-accent-background-color': 'var(--color-accent)',
  '--rdp-day-height': '2.25rem',
  '--rdp-day-width': '2.25rem',
  '--rdp-day_button-height': '2.125rem',
  '--rdp-day_button-width': '2.125rem',
  '--rdp-day_button-border-radius': '0.375rem',
  '--rdp-nav-height': '2.25rem',
  '--rdp-nav_button-height': '2rem',
  '--rdp-nav_button-width': '2rem',
  fontSize: '0.875rem',
} as CSSProperties;

export interface DatePickerProps {
  value: Date | undefined;
  /** The picked day at local midnight; undefined when the picked day is clicked again (unless required). */
  onChange: (date: Date | undefined) => void;
  placeholder?: string;
  /** Keep a day picked: clicking it again does not clear it. */
  required?: boolean;
  /** Days that cannot be picked (react-day-picker matchers, e.g. { before: new Date() }). */
  disabledDays?: Matcher | Matcher[];
  id?: string;
  disabled?: boolean;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  className?: string;
}

/** Spec section 2: a single-date calendar in a popover, 'Select date' until a day is picked. */
export function DatePicker({
  value,
  onChange,
  placeholder = 'Select date',
  required = false,
  disabledDays,
  id,
  disabled,
  className,
  ...aria
}: DatePickerProps) {
  const [open, setOpen] = useState(false);

  function select(date: Date | undefined) {
    onChange(date);
    setOpen(false);
  }
  const calendar = {
    mode: 'single' as const,
    selected: value,
    onSelect: select,
    defaultMonth: value,
    disabled: disabledDays,
    autoFocus: true,
    style: calendarTheme,
    // The business's first day of the week (Sunday on pages without a session).
    weekStartsOn: shownWeekStart() as 0 | 1 | 2 | 3 | 4 | 5 | 6,
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger
        id={id}
        type="button"
        aria-haspopup="dialog"
        disabled={disabled}
        className={cn(
          fieldClassName,
          'flex h-10 items-center gap-2 py-2 text-left font-normal',
          !value && 'text-muted-foreground',
          className,
        )}
        {...aria}
      >
        <CalendarDays aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        <span className="truncate">{value ? format(value, LONG_DATE_FORMAT) : placeholder}</span>
      </PopoverTrigger>
      <PopoverContent className="w-auto p-2">
        {/* Two elements, as DayPicker's types tie `required` to the shape of onSelect. */}
        {required ? <DayPicker {...calendar} required /> : <DayPicker {...calendar} />}
      </PopoverContent>
    </Popover>
  );
}
