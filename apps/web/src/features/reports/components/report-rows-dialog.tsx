import { formatUsd } from '@crewdesk/domain';
import { Link } from 'react-router';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PageLoading } from '@/components/ui/page-loading';
import { formatDay } from '@/lib/format';
import { hrefOf } from '@/lib/screen-link';
import { useReportRows } from '../api/reports-api';
import type { DrillTarget } from '../model/report-definition';

/** The invoices or payments behind a figure (a bar, a cell, a total), each opening its page. */
export function ReportRowsDialog({
  target,
  onClose,
}: {
  target: DrillTarget | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {target ? (
        <DialogContent title={target.title} className="max-w-xl">
          <RowsBody path={target.path} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function RowsBody({ path }: { path: string }) {
  const rows = useReportRows(path);
  if (rows.isPending) return <PageLoading className="p-4" />;
  if (rows.isError)
    return (
      <LoadErrorAlert
        title="Could not load the rows"
        error={rows.error}
        onRetry={() => void rows.refetch()}
      />
    );
  if (rows.data.rows.length === 0)
    return <p className="text-sm text-muted-foreground">Nothing behind this figure.</p>;
  return (
    <>
      <ul className="divide-y rounded-md border" aria-label="Rows behind the figure">
        {rows.data.rows.map((row) => (
          <li key={`${row.kind}-${row.id}`}>
            <Link
              to={hrefOf(row.link)}
              className="flex items-center gap-3 px-3 py-2.5 text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              <span className="min-w-0 flex-1">
                <span className="block font-medium">
                  {row.kind === 'payment' ? 'Payment on ' : ''}
                  {row.invoiceNumber}
                </span>
                <span className="block truncate text-muted-foreground">
                  {row.clientName} · {formatDay(row.date)}
                </span>
              </span>
              <span className="shrink-0 text-right tabular-nums">
                {formatUsd(row.amountCents)}
                {row.tipCents !== 0 ? (
                  <span className="block text-xs text-muted-foreground">
                    Tip {formatUsd(row.tipCents)}
                  </span>
                ) : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {rows.data.truncated ? (
        <p className="mt-3 text-xs text-muted-foreground">
          Only the first {rows.data.rows.length} rows are listed.
        </p>
      ) : null}
    </>
  );
}
