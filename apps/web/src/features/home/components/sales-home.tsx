import { SALES_STAGE_LABELS } from '@crewdesk/domain';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { formatDay } from '@/lib/format';
import { hrefOf } from '@/lib/screen-link';
import { useMyPipeline } from '../api/home-api';
import { Tile, TileGroup } from './tile-group';
import { formatAmount } from '@/lib/money';

/**
 * A sales person's pipeline (GET /api/home/my-pipeline): their open stages with count and
 * value, then their follow-ups due today and overdue and the first ones due; every tile and
 * line opens where the server's `link` says (the sales list filtered, or the opportunity).
 */
export function MyPipelineGroup() {
  const pipeline = useMyPipeline(true);
  return (
    <TileGroup title="My pipeline" query={pipeline} action={{ to: '/sales', label: 'Sales board' }}>
      {(answer) => {
        const { dueToday, overdue, next } = answer.followUps;
        return (
          <div className="space-y-4">
            {answer.open.count === 0 ? (
              <p className="text-sm text-muted-foreground">No open opportunities of yours.</p>
            ) : null}
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="My pipeline">
              {answer.stages.map((s) => (
                <li key={s.stage}>
                  <Tile
                    to={hrefOf(s.link)}
                    label={SALES_STAGE_LABELS[s.stage]}
                    value={s.count}
                    detail={formatAmount(s.totalCents)}
                  />
                </li>
              ))}
              <li>
                <Tile
                  to={hrefOf(answer.open.link)}
                  label="All open"
                  value={answer.open.count}
                  detail={formatAmount(answer.open.totalCents)}
                />
              </li>
            </ul>
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="My follow-ups">
              <li>
                <Tile
                  to={hrefOf(dueToday.link)}
                  label="Follow-ups due today"
                  value={dueToday.count}
                />
              </li>
              <li>
                <Tile
                  to={hrefOf(overdue.link)}
                  label="Follow-ups overdue"
                  value={overdue.count}
                  tone={overdue.count > 0 ? 'danger' : 'default'}
                />
              </li>
            </ul>
            {next.length > 0 ? (
              <ul className="divide-y rounded-md border" aria-label="Next follow-ups">
                {next.map((f) => (
                  <li key={f.id}>
                    <Link
                      to={hrefOf(f.link)}
                      className="flex items-center gap-3 px-3 py-2.5 text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                    >
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-medium">{f.title}</span>
                        <span
                          className={cn(
                            'block text-muted-foreground',
                            f.overdue && 'text-destructive',
                          )}
                        >
                          {SALES_STAGE_LABELS[f.stage]} · {f.overdue ? 'overdue since' : 'due'}{' '}
                          {formatDay(f.followUpOn)}
                        </span>
                      </span>
                      <span className="shrink-0 tabular-nums">{formatAmount(f.valueCents)}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        );
      }}
    </TileGroup>
  );
}
