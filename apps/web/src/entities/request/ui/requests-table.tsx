import { formatUsd, type RequestRecord } from '@crewdesk/domain';
import { ChevronRight } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { formatDay } from '@/lib/format';
import { StatusBadge } from './request-status-badge';

export function requestPath(request: Pick<RequestRecord, 'id'>): string {
  return `/quotes/${request.id}`;
}

/**
 * A table on wide screens (a click anywhere on a row opens it; the client link is the keyboard
 * way in), one card per request on phones.
 */
export function RequestsTable({
  requests,
  caption,
}: {
  requests: readonly RequestRecord[];
  caption: string;
}) {
  const navigate = useNavigate();
  return (
    <>
      <table className="hidden w-full text-left text-sm md:table">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b text-xs text-muted-foreground">
          <tr>
            {['Client', 'Title', 'Amount', 'Status', 'Date', 'Expires'].map((h) => (
              <th
                key={h}
                scope="col"
                className={
                  h === 'Amount' ? 'py-2 pr-4 text-right font-medium' : 'py-2 pr-3 font-medium'
                }
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {requests.map((request) => (
            <tr
              key={request.id}
              onClick={() => void navigate(requestPath(request))}
              className="cursor-pointer align-middle hover:bg-muted/60"
            >
              <td className="py-2.5 pr-3">
                <Link
                  to={requestPath(request)}
                  onClick={(event) => event.stopPropagation()}
                  className="font-medium text-foreground underline-offset-2 hover:underline"
                >
                  {request.client}
                </Link>
              </td>
              <td className="max-w-[18rem] truncate py-2.5 pr-3">{request.title}</td>
              <td className="whitespace-nowrap py-2.5 pr-4 text-right font-medium tabular-nums">
                {formatUsd(request.amountCents)}
              </td>
              <td className="py-2.5 pr-3">
                <StatusBadge status={request.status} />
              </td>
              <td className="whitespace-nowrap py-2.5 pr-3">{formatDay(request.date)}</td>
              <td className="whitespace-nowrap py-2.5 pr-3 text-muted-foreground">
                {formatDay(request.expiresAt)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y md:hidden" aria-label={caption}>
        {requests.map((request) => (
          <li key={request.id}>
            <Link
              to={requestPath(request)}
              className="flex items-center gap-3 py-3 text-sm focus-visible:outline-offset-0"
            >
              <div className="min-w-0 flex-1 space-y-1">
                <div className="flex items-start justify-between gap-2">
                  <span className="truncate font-medium">{request.client}</span>
                  <span className="whitespace-nowrap font-semibold tabular-nums">
                    {formatUsd(request.amountCents)}
                  </span>
                </div>
                <p className="truncate text-muted-foreground">{request.title}</p>
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
                  <StatusBadge status={request.status} />
                  <span>{formatDay(request.date)}</span>
                  <span aria-hidden="true">·</span>
                  <span>Expires {formatDay(request.expiresAt)}</span>
                </div>
              </div>
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
