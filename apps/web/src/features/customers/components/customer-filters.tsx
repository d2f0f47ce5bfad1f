import { CUSTOMER_SOURCE_OPTIONS, CUSTOMER_TYPE_OPTIONS } from '@crewdesk/domain';
import { useId } from 'react';
import { ListSearchField } from '@/components/list-search-field';
import { fieldClassName, Label } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import type { CustomerListFilters, CustomerSort } from '../api/list-customers';

const SORTS: { value: CustomerSort; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'name', label: 'Name' },
  { value: 'company', label: 'Company' },
];

interface CustomerFiltersProps {
  filters: CustomerListFilters;
  onChange: (filters: CustomerListFilters) => void;
  teamMembers: readonly { id: string; name: string }[];
}

function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={cn(fieldClassName, 'h-10 py-2')}
      >
        {children}
      </select>
    </div>
  );
}

/** Search, the three filters of the issue (type, source, assigned team member) and the sort. */
export function CustomerFilters({ filters, onChange, teamMembers }: CustomerFiltersProps) {
  const set = (key: keyof CustomerListFilters) => (value: string) =>
    onChange({ ...filters, [key]: value });

  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(14rem,2fr)_repeat(4,minmax(8rem,1fr))]">
      <ListSearchField
        value={filters.q}
        onSearch={(q) => onChange({ ...filters, q })}
        placeholder="Name, company or e-mail"
        className="sm:col-span-2 lg:col-span-1"
      />
      <FilterSelect
        label="Customer type"
        value={filters.customerType}
        onChange={set('customerType')}
      >
        <option value="">All types</option>
        {CUSTOMER_TYPE_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label="Source" value={filters.source} onChange={set('source')}>
        <option value="">All sources</option>
        {CUSTOMER_SOURCE_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label="Assigned to" value={filters.assignedTo} onChange={set('assignedTo')}>
        <option value="">Anyone</option>
        {teamMembers.map((member) => (
          <option key={member.id} value={member.id}>
            {member.name}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label="Sort by" value={filters.sort} onChange={set('sort')}>
        {SORTS.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </FilterSelect>
    </div>
  );
}
