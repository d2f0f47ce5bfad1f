import { cn } from '@/lib/cn';

export interface TableHeading {
  label: string;
  /** Over figures: right-aligned like them. */
  numeric?: boolean;
  /** The heading's own classes (to hide a column on phones, say). */
  className?: string;
}

interface TableHeadProps {
  headings: readonly TableHeading[];
  /** The head's look: a border, small muted text, a sticky background. */
  className?: string;
  /** Each heading's padding. */
  cellClassName: string;
  /** Keep the right padding on the last heading too (by default it ends flush with the table). */
  padLast?: boolean;
}

/** A table's row of column headings. */
export function TableHead({ headings, className, cellClassName, padLast = false }: TableHeadProps) {
  return (
    <thead className={className}>
      <tr>
        {headings.map((heading, index) => (
          <th
            key={heading.label}
            scope="col"
            className={cn(
              'font-medium',
              cellClassName,
              heading.numeric && 'text-right',
              heading.className,
              !padLast && index === headings.length - 1 && 'pr-0',
            )}
          >
            {heading.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
