import type { ReactNode } from 'react';
import { fieldClassName, Input, Label } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/** A select in a list's filter bar, as tall as its inputs. */
export const selectClass = cn(fieldClassName, 'h-10 py-2');

/** A labelled control of a list's filter bar (invoices, payments, history, jobs). */
export function FilterField({
  id,
  label,
  children,
}: {
  id: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      {children}
    </div>
  );
}

/** From and To dates of a list (inclusive). */
export function DateRangeFields({
  id,
  from,
  to,
  onChange,
  fromLabel = 'From',
  toLabel = 'To',
}: {
  id: string;
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
  fromLabel?: string;
  toLabel?: string;
}) {
  return (
    <>
      <FilterField id={`${id}-from`} label={fromLabel}>
        <Input
          id={`${id}-from`}
          type="date"
          value={from}
          max={to || undefined}
          onChange={(e) => onChange({ from: e.target.value, to })}
          className="sm:w-44"
        />
      </FilterField>
      <FilterField id={`${id}-to`} label={toLabel}>
        <Input
          id={`${id}-to`}
          type="date"
          value={to}
          min={from || undefined}
          onChange={(e) => onChange({ from, to: e.target.value })}
          className="sm:w-44"
        />
      </FilterField>
    </>
  );
}
