import {
  addDaysToDate,
  DEFAULT_TIME_SETTINGS,
  hasBusinessManagerRights,
  hasTeamManagementRights,
  weekStartOf,
} from '@crewdesk/domain';
import { Clock, Download } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TimeEntry } from '@crewdesk/domain';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { fieldClassName } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoading } from '@/components/ui/page-loading';
import { useTimeSettings, useTimeStatus } from '@/entities/time/api/time-api';
import { ENTRY_KIND_LABELS } from '@/entities/time/model/time-format';
import { formatInstant, formatTimeOfDay } from '@/lib/format';
import { useSession } from '@/lib/session/session-context';
import { businessToday } from '@/lib/business-today';
import { cn } from '@/lib/cn';
import { CorrectionForm } from '../components/correction-form';
import { CorrectionsReview } from '../components/corrections-review';
import { LocationConsentCard } from '../components/location-consent-card';
import { PunchCard } from '../components/punch-card';
import { TeamWeek } from '../components/team-week';
import { TimeRulesCard } from '../components/time-rules-form';

/** The chosen week's approved hours as a payroll file (the week from its first day). */
function payrollHref(date: string, weekStartsOn: number): string {
  const from = weekStartOf(date, weekStartsOn);
  return `/api/time/payroll.csv?from=${from}&to=${addDaysToDate(from, 6)}`;
}

/** /time-tracking: the person's own clock and day; the team's week for leaders and managers. */
export function TimeTrackingPage() {
  const { role } = useSession();
  const status = useTimeStatus();
  // The team hours report links here with ?from=&to=&employeeId=: the week of `from`, and that
  // person's entries open, also when the page is already open. The screen shows one week at a
  // time, so `to` is not read.
  const [params] = useSearchParams();
  const linkedFrom = params.get('from') ?? '';
  const weekOfLink = () => (/^\d{4}-\d{2}-\d{2}$/.test(linkedFrom) ? linkedFrom : businessToday());
  const [week, setWeek] = useState(weekOfLink);
  const [shownLink, setShownLink] = useState(linkedFrom);
  if (shownLink !== linkedFrom) {
    setShownLink(linkedFrom);
    setWeek(weekOfLink());
  }
  const seesTeam = hasTeamManagementRights(role);
  // Only managers export payroll, whose week follows the business's week start.
  const rules = useTimeSettings(hasBusinessManagerRights(role));

  return (
    <>
      <PageHeader
        title="Time tracking"
        description="Hours worked, on and off the job. Location only at punches, and only with consent."
        actions={
          hasBusinessManagerRights(role) ? (
            <Button asChild variant="outline">
              <a
                href={payrollHref(
                  week,
                  rules.data?.weekStartsOn ?? DEFAULT_TIME_SETTINGS.weekStartsOn,
                )}
                download
              >
                <Download aria-hidden="true" /> Payroll CSV
              </a>
            </Button>
          ) : null
        }
      />
      {status.isPending ? (
        <PageLoading />
      ) : status.isError ? (
        <LoadErrorAlert
          title="Could not load your time"
          error={status.error}
          onRetry={() => void status.refetch()}
        />
      ) : status.data.employeeId === null ? (
        <EmptyState icon={Clock} title="No timesheet for you here">
          You are not on the team of this business, so there is no time of yours to track.
        </EmptyState>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <PunchCard status={status.data} />
          <LocationConsentCard consent={status.data.locationConsent} />
          <TodaySection entries={status.data.today} />
          <section aria-labelledby="corrections-heading" className="lg:col-span-2">
            <h2 id="corrections-heading" className="mb-2 text-base font-semibold">
              Corrections waiting
            </h2>
            <CorrectionsReview decides={seesTeam} />
          </section>
        </div>
      )}
      {seesTeam ? (
        <section aria-labelledby="week-heading" className="mt-8">
          <div className="mb-3 flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
            <h2 id="week-heading" className="text-lg font-semibold">
              Team week
            </h2>
            <label className="flex flex-col gap-1 text-sm font-medium">
              Week of
              <input
                type="date"
                value={week}
                onChange={(e) => e.target.value && setWeek(e.target.value)}
                className={cn(fieldClassName, 'h-10 font-normal')}
              />
            </label>
          </div>
          <TeamWeek
            key={params.get('employeeId') ?? ''}
            date={week}
            role={role}
            initialOpen={params.get('employeeId')}
          />
        </section>
      ) : null}
      {hasBusinessManagerRights(role) ? (
        <div className="mt-8">
          <TimeRulesCard />
        </div>
      ) : null}
    </>
  );
}

/** Today's entries, each with a way to ask for its times to change; and time never punched. */
function TodaySection({ entries }: { entries: readonly TimeEntry[] }) {
  // The entry whose correction form is open; 'missing' for time that was never punched.
  const [asking, setAsking] = useState<string | null>(null);
  return (
    <section aria-labelledby="today-heading" className="lg:col-span-2">
      <div className="mb-2 flex items-baseline justify-between gap-2">
        <h2 id="today-heading" className="text-base font-semibold">
          Today
        </h2>
        <Button variant="link" className="h-auto p-0" onClick={() => setAsking('missing')}>
          Forgot to punch?
        </Button>
      </div>
      {asking === 'missing' ? <CorrectionForm entry={null} onDone={() => setAsking(null)} /> : null}
      {entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing recorded today yet.</p>
      ) : (
        <ul className="divide-y rounded-lg border">
          {entries.map((entry) => (
            <li key={entry.id} className="p-3 text-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-medium">
                  {ENTRY_KIND_LABELS[entry.kind]}
                  {entry.jobTitle ? `: ${entry.jobTitle}` : ''}
                </span>
                <span className="text-muted-foreground">
                  {formatTimeOfDay(entry.startedAt)} –{' '}
                  {entry.endedAt ? formatTimeOfDay(entry.endedAt) : 'running'}
                </span>
              </div>
              {entry.endedAt && asking !== entry.id ? (
                <Button
                  variant="link"
                  className="h-auto p-0"
                  aria-label={`Ask to correct: ${ENTRY_KIND_LABELS[entry.kind]} from ${formatInstant(entry.startedAt)}`}
                  onClick={() => setAsking(entry.id)}
                >
                  Ask for a correction
                </Button>
              ) : null}
              {asking === entry.id ? (
                <CorrectionForm entry={entry} onDone={() => setAsking(null)} />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
