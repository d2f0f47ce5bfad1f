import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { cn } from '@/lib/cn';

export interface DataColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** The cell's classes; each cell also gets the row's padding. */
  className?: string;
  /** Money and counts line up on the right, header and cells alike. */
  alignEnd?: boolean;
  /**
   * This column's cell is the row's link: the keyboard way in, since a click anywhere on the row
   * opens it too. Its value replaces the link's default classes when a string.
   */
  link?: true | string;
}

const LINK_CLASS = 'font-medium text-foreground underline-offset-2 hover:underline';

function HeaderCell<T>({ column }: { column: DataColumn<T> }) {
  return (
    <th
      scope="col"
      className={column.alignEnd ? 'py-2 pr-3 text-right font-medium' : 'py-2 pr-3 font-medium'}
    >
      {column.header}
    </th>
  );
}

function BodyCell<T>({ column, row, href }: { column: DataColumn<T>; row: T; href: string }) {
  const content = column.cell(row);
  return (
    <td className={cn('py-2.5 pr-3', column.alignEnd && 'text-right', column.className)}>
      {column.link ? (
        <Link
          to={href}
          // The row navigates too: stop the click here so it opens once.
          onClick={(event) => event.stopPropagation()}
          className={typeof column.link === 'string' ? column.link : LINK_CLASS}
        >
          {content}
        </Link>
      ) : (
        content
      )}
    </td>
  );
}

/**
 * A list of records that open on a click: a table on wide screens (the whole row is the target),
 * one card per record on phones (the whole card is the link). `label` names both for a screen
 * reader, as the table's caption and the list's label.
 */
export function DataList<T>({
  rows,
  rowKey,
  rowHref,
  columns,
  card,
  label,
}: {
  rows: readonly T[];
  rowKey: (row: T) => string;
  rowHref: (row: T) => string;
  columns: readonly DataColumn<T>[];
  /** What a phone card shows of a record, beside the chevron. */
  card: (row: T) => ReactNode;
  label: string;
}) {
  const navigate = useNavigate();
  return (
    <>
      <table className="hidden w-full text-left text-sm md:table">
        <caption className="sr-only">{label}</caption>
        <thead className="border-b text-xs text-muted-foreground">
          <tr>
            {columns.map((column) => (
              <HeaderCell key={column.header} column={column} />
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              onClick={() => void navigate(rowHref(row))}
              className="cursor-pointer align-middle hover:bg-muted/60"
            >
              {columns.map((column) => (
                <BodyCell key={column.header} column={column} row={row} href={rowHref(row)} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y md:hidden" aria-label={label}>
        {rows.map((row) => (
          <li key={rowKey(row)}>
            <Link
              to={rowHref(row)}
              className="flex min-h-16 items-center gap-3 py-3 text-sm focus-visible:outline-offset-0"
            >
              <div className="min-w-0 flex-1 space-y-1">{card(row)}</div>
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
