import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { cn } from '@/lib/cn';

export interface DataColumn<T> {
  header: string;
  /** Read to a screen reader only (an actions column). */
  headerHidden?: boolean;
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
      {column.headerHidden ? <span className="sr-only">{column.header}</span> : column.header}
    </th>
  );
}

function BodyCell<T>({
  column,
  row,
  href,
}: {
  column: DataColumn<T>;
  row: T;
  href: string | undefined;
}) {
  const content = column.cell(row);
  return (
    <td className={cn('py-2.5 pr-3', column.alignEnd && 'text-right', column.className)}>
      {column.link && href ? (
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

function RecordCard({ href, card }: { href: string | undefined; card: ReactNode }) {
  if (!href) return card;
  return (
    <Link
      to={href}
      className="flex min-h-16 items-center gap-3 py-3 text-sm focus-visible:outline-offset-0"
    >
      <div className="min-w-0 flex-1 space-y-1">{card}</div>
      <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
    </Link>
  );
}

/**
 * A list of records: a table on wide screens, one card per record on phones. With `rowHref` a
 * record opens on a click anywhere on its row or card; without it (rows with their own buttons)
 * the cells and cards carry their links. `label` names both for a screen reader, as the table's
 * caption and the list's label.
 */
export function DataList<T>({
  rows,
  rowKey,
  rowHref,
  columns,
  card,
  cardClassName,
  label,
}: {
  rows: readonly T[];
  rowKey: (row: T) => string;
  rowHref?: (row: T) => string;
  columns: readonly DataColumn<T>[];
  /** What a phone card shows of a record (beside the chevron when the card is a link). */
  card: (row: T) => ReactNode;
  /** The classes of a card that is not a link. */
  cardClassName?: string;
  label: string;
}) {
  const navigate = useNavigate();
  return (
    <>
      {/* A table wider than its card scrolls inside it rather than spilling over the page. */}
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
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
                onClick={rowHref ? () => void navigate(rowHref(row)) : undefined}
                className={
                  rowHref ? 'cursor-pointer align-middle hover:bg-muted/60' : 'align-middle'
                }
              >
                {columns.map((column) => (
                  <BodyCell key={column.header} column={column} row={row} href={rowHref?.(row)} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="divide-y md:hidden" aria-label={label}>
        {rows.map((row) => (
          <li key={rowKey(row)} className={rowHref ? undefined : cardClassName}>
            <RecordCard href={rowHref?.(row)} card={card(row)} />
          </li>
        ))}
      </ul>
    </>
  );
}
