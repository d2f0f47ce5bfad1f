import { type RequestRecord } from '@crewdesk/domain';
import { DataList, type DataColumn } from '@/components/ui/data-list';
import { formatDay } from '@/lib/format';
import { StatusBadge } from './request-status-badge';
import { formatAmount } from '@/lib/money';

export function requestPath(request: Pick<RequestRecord, 'id'>): string {
  return `/quotes/${request.id}`;
}

const COLUMNS: readonly DataColumn<RequestRecord>[] = [
  { header: 'Client', cell: (r) => r.client, link: true },
  { header: 'Title', cell: (r) => r.title, className: 'max-w-[18rem] truncate' },
  {
    header: 'Amount',
    cell: (r) => formatAmount(r.amountCents),
    className: 'whitespace-nowrap pr-4 font-medium tabular-nums',
    alignEnd: true,
  },
  { header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
  { header: 'Date', cell: (r) => formatDay(r.date), className: 'whitespace-nowrap' },
  {
    header: 'Expires',
    cell: (r) => formatDay(r.expiresAt),
    className: 'whitespace-nowrap text-muted-foreground',
  },
];

function RequestCard({ request }: { request: RequestRecord }) {
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <span className="truncate font-medium">{request.client}</span>
        <span className="whitespace-nowrap font-semibold tabular-nums">
          {formatAmount(request.amountCents)}
        </span>
      </div>
      <p className="truncate text-muted-foreground">{request.title}</p>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
        <StatusBadge status={request.status} />
        <span>{formatDay(request.date)}</span>
        <span aria-hidden="true">·</span>
        <span>Expires {formatDay(request.expiresAt)}</span>
      </div>
    </>
  );
}

/** Estimates, quotes or proposals; the client's name is the row's link. */
export function RequestsTable({
  requests,
  caption,
}: {
  requests: readonly RequestRecord[];
  caption: string;
}) {
  return (
    <DataList
      rows={requests}
      rowKey={(r) => r.id}
      rowHref={requestPath}
      columns={COLUMNS}
      card={(request) => <RequestCard request={request} />}
      label={caption}
    />
  );
}
