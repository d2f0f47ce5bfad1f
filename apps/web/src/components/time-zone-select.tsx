import { useMemo, type ComponentProps } from 'react';
import { SelectOptions } from '@/components/ui/select-options';
import { fieldClassName } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/** The zones to choose from (every one this browser knows), with `saved` first if it knows none. */
function timeZoneChoices(saved: string): string[] {
  const zones =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(saved) ? zones : [saved, ...zones];
}

/** A zone as a person reads it: 'America/New_York' → 'America/New York'. */
export function timeZoneLabel(zone: string): string {
  return zone.replaceAll('_', ' ');
}

/**
 * A business's time zone, picked from every zone this browser knows ('America/New York'):
 * onboarding, the business profile and the question asked once all ask with this one.
 * `current` (the saved or proposed zone) is offered even where the browser does not know it.
 */
export function TimeZoneSelect({
  current,
  className,
  ...props
}: ComponentProps<'select'> & { current: string }) {
  const zones = useMemo(() => timeZoneChoices(current), [current]);
  return (
    <select className={cn(fieldClassName, 'h-10 py-2', className)} {...props}>
      <SelectOptions values={zones} label={timeZoneLabel} />
    </select>
  );
}
