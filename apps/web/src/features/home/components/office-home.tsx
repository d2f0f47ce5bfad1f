import { type HomeMoney, type HomeToday } from '@crewdesk/domain';
import { TrendingDown, TrendingUp } from 'lucide-react';
import { hrefOf } from '@/lib/screen-link';
import { useHomeMoney, useHomeToday } from '../api/home-api';
import { Tile, TileGroup } from './tile-group';
import { formatAmount } from '@/lib/money';

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "2 weeks · 1 correction": what the Time to approve tile counts, when it counts any. */
function timeToApproveDetail(waiting: HomeToday['timeToApprove']): string | undefined {
  if (waiting.count === 0) return undefined;
  return [
    waiting.weeks > 0 ? plural(waiting.weeks, 'week', 'weeks') : null,
    waiting.corrections > 0 ? plural(waiting.corrections, 'correction', 'corrections') : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The office's day (owner, admins, managers): today's work and what waits on the office. */
export function TodayGroup() {
  const today = useHomeToday(true);
  return (
    <TileGroup
      title="Today"
      query={today}
      reserve="min-h-[34rem] sm:min-h-[19rem] lg:min-h-[14rem]"
      action={today.data ? { to: hrefOf(today.data.visits.link), label: 'Schedule' } : undefined}
      definitions={(data) => data.definitions}
    >
      {(data) => (
        <div className="space-y-3">
          <p className="text-sm text-muted-foreground">
            {data.visits.total === 0
              ? 'No visits today.'
              : `${plural(data.visits.total, 'visit', 'visits')} today`}
          </p>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Today's visits">
            <li>
              <Tile
                to={hrefOf(data.visits.done.link)}
                label="Done"
                value={data.visits.done.count}
                tone={data.visits.done.count > 0 ? 'good' : 'default'}
              />
            </li>
            <li>
              <Tile
                to={hrefOf(data.visits.inProgress.link)}
                label="In progress"
                value={data.visits.inProgress.count}
              />
            </li>
            <li>
              <Tile
                to={hrefOf(data.visits.late.link)}
                label="Late"
                value={data.visits.late.count}
                tone={data.visits.late.count > 0 ? 'danger' : 'default'}
              />
            </li>
            <li>
              <Tile
                to={hrefOf(data.visits.toCome.link)}
                label="To come"
                value={data.visits.toCome.count}
              />
            </li>
          </ul>
          <ul
            className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4"
            aria-label="Waiting on the office"
          >
            <li>
              <Tile
                to={hrefOf(data.unassigned.link)}
                label="Unassigned work"
                value={data.unassigned.count}
                tone={data.unassigned.count > 0 ? 'warning' : 'default'}
              />
            </li>
            <li>
              <Tile
                to={hrefOf(data.requestsWaiting.link)}
                label="Requests waiting for a quote"
                value={data.requestsWaiting.count}
              />
            </li>
            <li>
              <Tile
                to={hrefOf(data.quotesWaiting.link)}
                label="Quotes waiting for the client"
                value={data.quotesWaiting.count}
                detail={
                  data.quotesWaiting.count > 0
                    ? `${formatAmount(data.quotesWaiting.amountCents)} · ${data.quotesWaiting.viewed} viewed`
                    : undefined
                }
              />
            </li>
            <li>
              <Tile
                to={hrefOf(data.timeToApprove.link)}
                label="Time to approve"
                value={data.timeToApprove.count}
                tone={data.timeToApprove.count > 0 ? 'warning' : 'default'}
                detail={timeToApproveDetail(data.timeToApprove)}
              />
            </li>
          </ul>
        </div>
      )}
    </TileGroup>
  );
}

/** "+12% on last month", or nothing when last month had none to compare with. */
function comparison(current: number, previous: number): { text: string; up: boolean } | null {
  if (previous === 0) return null;
  const change = Math.round(((current - previous) / previous) * 100);
  return { text: `${change >= 0 ? '+' : ''}${change}% on last month`, up: change >= 0 };
}

function MonthFigure({
  label,
  to,
  current,
  previous,
}: {
  label: string;
  to: string;
  current: number;
  previous: number;
}) {
  const change = comparison(current, previous);
  const Icon = change?.up ? TrendingUp : TrendingDown;
  return (
    <Tile
      to={to}
      label={`${label} this month`}
      value={formatAmount(current)}
      detail={
        <span className="inline-flex flex-wrap items-center gap-1">
          {change ? <Icon aria-hidden="true" className="size-3.5" /> : null}
          {change ? `${change.text} · ` : null}
          {`Last month ${formatAmount(previous)}`}
        </span>
      }
    />
  );
}

/** What the business is owed and how this month compares (office roles that see invoices). */
export function MoneyGroup() {
  const money = useHomeMoney(true);
  return (
    <TileGroup
      title="Money"
      query={money}
      reserve="min-h-[24rem] sm:min-h-[13rem]"
      action={
        money.data ? { to: hrefOf(money.data.reportLink), label: 'Revenue report' } : undefined
      }
      definitions={(data: HomeMoney) => data.definitions}
    >
      {(data) => {
        const report = hrefOf(data.reportLink);
        return (
          <ul className="grid gap-2 sm:grid-cols-2" aria-label="Money">
            <li>
              <Tile
                to={hrefOf(data.overdue.link)}
                label="Invoices overdue"
                value={formatAmount(data.overdue.amountCents)}
                tone={data.overdue.count > 0 ? 'danger' : 'default'}
                detail={plural(data.overdue.count, 'invoice', 'invoices')}
              />
            </li>
            <li>
              <Tile
                to={hrefOf(data.outstanding.link)}
                label="Owed to you"
                value={formatAmount(data.outstanding.amountCents)}
                detail={plural(data.outstanding.count, 'invoice', 'invoices')}
              />
            </li>
            <li>
              <MonthFigure
                label="Invoiced"
                to={report}
                current={data.thisMonth.invoicedCents}
                previous={data.lastMonth.invoicedCents}
              />
            </li>
            <li>
              <MonthFigure
                label="Collected"
                to={report}
                current={data.thisMonth.collectedCents}
                previous={data.lastMonth.collectedCents}
              />
            </li>
          </ul>
        );
      }}
    </TileGroup>
  );
}
