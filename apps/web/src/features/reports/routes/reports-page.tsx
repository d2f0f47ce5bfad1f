import {
  addMonthsToDate,
  monthOf,
  REPORT_GROUPINGS,
  REPORT_SCHEDULE_ROLES,
  type ReportGrouping,
} from '@crewdesk/domain';
import { SearchX } from 'lucide-react';
import { useCallback } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session/session-context';
import { businessToday } from '@/lib/business-today';
import { ReportSchedules } from '../components/report-schedules';
import { ReportView } from '../components/report-view';
import { REPORTS, reportById } from '../definitions';
import type { ReportRange } from '../model/report-definition';

/** With nothing in the address: the last six months to the business's today, by month. */
export function defaultRange(today: string = businessToday()): ReportRange {
  return { from: monthOf(addMonthsToDate(today, -5)).from, to: today, groupBy: 'month' };
}

function isGrouping(value: string | null): value is ReportGrouping {
  return (REPORT_GROUPINGS as readonly string[]).includes(value ?? '');
}

/** The range kept in the address (?from=&to=&groupBy=), so a report can be shared and reloaded. */
function useRangeInQuery(): [ReportRange, (range: ReportRange) => void] {
  const [params, setParams] = useSearchParams();
  const fallback = defaultRange();
  const groupBy = params.get('groupBy');
  const range: ReportRange = {
    from: params.get('from') ?? fallback.from,
    to: params.get('to') ?? fallback.to,
    groupBy: isGrouping(groupBy) ? groupBy : fallback.groupBy,
  };
  const setRange = useCallback(
    (next: ReportRange) =>
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          copy.set('from', next.from);
          copy.set('to', next.to);
          copy.set('groupBy', next.groupBy);
          return copy;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [range, setRange];
}

function ReportPicker({ current }: { current: string }) {
  return (
    <nav aria-label="Reports" className="mb-6 print:hidden" data-print-hidden>
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-wrap md:px-0">
        {REPORTS.map((report) => (
          <li key={report.id} className="shrink-0">
            <Link
              to={`/reports/${report.id}`}
              aria-current={report.id === current ? 'page' : undefined}
              className={cn(
                'inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
                report.id === current &&
                  'border-primary bg-primary text-primary-foreground hover:bg-primary/90',
              )}
            >
              {report.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** `/reports` and `/reports/{report}`: the picker and one report (revenue when none is named). */
export function ReportsPage() {
  const { report: id = REPORTS[0]?.id } = useParams();
  const definition = reportById(id);
  const [range, setRange] = useRangeInQuery();
  const { role } = useSession();

  return (
    <div>
      <PageHeader
        title="Reports"
        description="How the business is doing: money, quotes, jobs, margin and the team's hours."
      />
      <ReportPicker current={definition?.id ?? ''} />
      {definition ? (
        <ReportView
          key={definition.id}
          definition={definition}
          range={definition.ranged ? range : null}
          onRangeChange={setRange}
        />
      ) : (
        <EmptyState icon={SearchX} title="No such report">
          Pick one of the reports above.
        </EmptyState>
      )}
      {REPORT_SCHEDULE_ROLES.includes(role) ? <ReportSchedules /> : null}
    </div>
  );
}
