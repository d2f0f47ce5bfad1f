import {
  AGEING_BUCKET_LABELS,
  AGEING_BUCKETS,
  type AgeingBucket,
  type ReceivablesReport,
} from '@crewdesk/domain';
import { formatDay } from '@/lib/format';
import type { DrillTarget, ReportDefinition } from '../model/report-definition';

type Row = ReceivablesReport['rows'][number];

function drill(title: string, bucket: AgeingBucket | null, customerId: string | null): DrillTarget {
  const query = new URLSearchParams();
  if (bucket) query.set('bucket', bucket);
  if (customerId) query.set('customerId', customerId);
  const search = query.toString();
  return { title, path: `/reports/receivables/rows${search ? `?${search}` : ''}` };
}

/** GET /api/reports/receivables: what each client owes today, by days past due. */
export const receivablesReport: ReportDefinition<ReceivablesReport, Row> = {
  id: 'receivables',
  title: 'Receivables ageing',
  description: 'Who owes what today, by days past due.',
  ranged: false,
  fetchPath: () => '/reports/receivables',
  csvPath: () => '/api/reports/receivables.csv',
  rows: (answer) => answer.rows,
  rowKey: (row) => row.customerId ?? `name:${row.clientName}`,
  rowHeading: 'Client',
  rowLabel: (row) => row.clientName,
  columns: [
    ...AGEING_BUCKETS.map((bucket) => ({
      id: bucket,
      label: AGEING_BUCKET_LABELS[bucket],
      format: 'money' as const,
      value: (row: Row) => row.buckets[bucket] ?? 0,
      // A client kept without a contact has no id to ask for: its name links to its invoices.
      drill: (row: Row) =>
        row.customerId && (row.buckets[bucket] ?? 0) !== 0
          ? drill(`${row.clientName}, ${AGEING_BUCKET_LABELS[bucket]}`, bucket, row.customerId)
          : null,
    })),
    {
      id: 'total',
      label: 'Owed',
      figure: 'receivables',
      format: 'money',
      value: (row) => row.totalCents,
      drill: (row) =>
        row.customerId ? drill(`${row.clientName}, all open invoices`, null, row.customerId) : null,
    },
  ],
  totals: (answer) => {
    const values: Record<string, number> = { total: answer.totals.totalCents };
    const drills: Record<string, DrillTarget | null> = {
      total: answer.totals.invoiceCount > 0 ? drill('All open invoices', null, null) : null,
    };
    for (const bucket of AGEING_BUCKETS) {
      values[bucket] = answer.totals.buckets[bucket] ?? 0;
      drills[bucket] =
        values[bucket] !== 0 ? drill(AGEING_BUCKET_LABELS[bucket], bucket, null) : null;
    }
    return { values, drills };
  },
  chart: {
    title: 'Owed by days past due',
    series: [{ key: 'owed', label: 'Owed', color: '#b45309' }],
    points: (answer) =>
      AGEING_BUCKETS.map((bucket) => {
        const cents = answer.totals.buckets[bucket] ?? 0;
        return {
          key: bucket,
          label: AGEING_BUCKET_LABELS[bucket],
          values: { owed: cents },
          drills: { owed: cents !== 0 ? drill(AGEING_BUCKET_LABELS[bucket], bucket, null) : null },
        };
      }),
  },
  isEmpty: (answer) => answer.rows.length === 0,
  emptyTitle: 'Nobody owes you anything',
  emptyText: 'No sent, viewed or partly paid invoice has a balance left today.',
  note: (answer) =>
    `As of ${formatDay(answer.today)}.${answer.truncated ? ' Only the clients who owe the most are listed.' : ''}`,
  definitions: (answer) => answer.definitions,
};
