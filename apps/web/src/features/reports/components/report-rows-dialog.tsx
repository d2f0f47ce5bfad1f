import { type ReportSourceRows } from '@crewdesk/domain';
import { Link } from 'react-router';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PageLoading } from '@/components/ui/page-loading';
import { formatDay } from '@/lib/format';
import { hrefOf } from '@/lib/screen-link';
import { useReportRows } from '../api/reports-api';
import type { DrillRowView, DrillTarget } from '../model/report-definition';
import { formatAmount } from '@/lib/money';

/** The invoices or payments behind a figure (a bar, a cell, a total), each opening its page. */
export function ReportRowsDialog({
  target,
  describe,
  onClose,
}: {
  target: DrillTarget | null;
  /** How the report's rows read; revenue's invoices and payments when not given. */
  describe?: (row: unknown) => DrillRowView;
  onClose: () => void;
}) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {target ? (
        <DialogContent title={target.title} className="max-w-xl">
          <RowsBody path={target.path} describe={describe ?? sourceRowView} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** An invoice or payment (revenue and receivables). */
function sourceRowView(raw: unknown): DrillRowView {
  const row = raw as ReportSourceRows['rows'][number];
  return {
    key: `${row.kind}-${row.id}`,
    title: `${row.kind === 'payment' ? 'Payment on ' : ''}${row.invoiceNumber}`,
    detail: `${row.clientName} · ${formatDay(row.date)}`,
    amount: formatAmount(row.amountCents),
    extra: row.tipCents !== 0 ? `Tip ${formatAmount(row.tipCents)}` : null,
    link: row.link,
  };
}

function RowsBody({ path, describe }: { path: string; describe: (row: unknown) => DrillRowView }) {
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
        {rows.data.rows.map((raw) => {
          const row = describe(raw);
          return (
            <li key={row.key}>
              <Link
                to={hrefOf(row.link)}
                className="flex items-center gap-3 px-3 py-2.5 text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-medium">{row.title}</span>
                  <span className="block truncate text-muted-foreground">{row.detail}</span>
                </span>
                {row.amount !== null ? (
                  <span className="shrink-0 text-right tabular-nums">
                    {row.amount}
                    {row.extra ? (
                      <span className="block text-xs text-muted-foreground">{row.extra}</span>
                    ) : null}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
      {rows.data.truncated ? (
        <p className="mt-3 text-xs text-muted-foreground">
          Only the first {rows.data.rows.length} rows are listed.
        </p>
      ) : null}
    </>
  );
}
