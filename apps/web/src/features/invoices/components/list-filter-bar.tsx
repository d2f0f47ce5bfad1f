import { useId, useState, type ReactNode } from 'react';
import { ListSearchField } from '@/components/list-search-field';
import { Button } from '@/components/ui/button';
import { hasFilters } from '../api/keys';
import { DateRangeFields, FilterField, selectClass } from '@/components/filter-field';

interface SearchedAndDated {
  q: string;
  from: string;
  to: string;
}

/** The one dropdown of a list (an invoice's status, a payment's method). */
export interface FilterChoice {
  label: string;
  allLabel: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}

/**
 * The invoices' and payments' filters: a search, one dropdown, a date range and Clear filters;
 * `children` go underneath (the invoices' client chip).
 */
export function ListFilterBar<F extends SearchedAndDated>({
  filters,
  onChange,
  onClear,
  searchPlaceholder,
  choice,
  fromLabel,
  toLabel,
  children,
}: {
  filters: F;
  onChange: (filters: F) => void;
  onClear: () => void;
  searchPlaceholder: string;
  choice: FilterChoice;
  fromLabel: string;
  toLabel: string;
  children?: ReactNode;
}) {
  const id = useId();
  // The search field keeps what is typed; clearing the filters starts a fresh one.
  const [generation, setGeneration] = useState(0);
  const choiceId = `${id}-choice`;
  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(12rem,2fr)_minmax(10rem,1fr)]">
        <ListSearchField
          key={generation}
          value={filters.q}
          onSearch={(q) => onChange({ ...filters, q })}
          placeholder={searchPlaceholder}
        />
        <FilterField id={choiceId} label={choice.label}>
          <select
            id={choiceId}
            value={choice.value}
            onChange={(e) => choice.onChange(e.target.value)}
            className={selectClass}
          >
            <option value="">{choice.allLabel}</option>
            {choice.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </FilterField>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
        <DateRangeFields
          id={id}
          from={filters.from}
          to={filters.to}
          fromLabel={fromLabel}
          toLabel={toLabel}
          onChange={(range) => onChange({ ...filters, ...range })}
        />
        {hasFilters(filters) ? (
          <Button
            variant="ghost"
            className="col-span-2 sm:col-span-1"
            onClick={() => {
              setGeneration((g) => g + 1);
              onClear();
            }}
          >
            Clear filters
          </Button>
        ) : null}
      </div>
      {children}
    </div>
  );
}
