import {
  hasBusinessManagerRights,
  hasTeamManagementRights,
  type Role,
  type TimesheetAction,
  type TimesheetRow,
} from '@crewdesk/domain';
import { Fragment, useState } from 'react';
import { toast } from 'sonner';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PageLoading } from '@/components/ui/page-loading';
import { useTimesheetAction, useTimesheetWeek } from '@/entities/time/api/time-api';
import { formatMinutes } from '@/entities/time/model/time-format';
import { errorMessage } from '@/lib/api-client';
import { formatDay } from '@/lib/format';
import { PersonWeekEntries } from './person-week-entries';
import { formatAmount } from '@/lib/money';
import { shownLocale } from '@/lib/locale';

const STATUS_LABELS: Record<TimesheetRow['status'], string> = {
  open: 'Open',
  submitted: 'Submitted',
  approved: 'Approved',
  paid: 'Paid',
};

const NEXT_ACTIONS: Record<TimesheetRow['status'], { action: TimesheetAction; label: string }[]> = {
  open: [{ action: 'approve', label: 'Approve' }],
  submitted: [
    { action: 'approve', label: 'Approve' },
    { action: 'reopen', label: 'Reopen' },
  ],
  approved: [
    { action: 'reopen', label: 'Reopen' },
    { action: 'mark_paid', label: 'Mark paid' },
  ],
  paid: [],
};

const DONE_LABELS: Record<TimesheetAction, string> = {
  submit: 'week submitted',
  approve: 'week approved and locked',
  reopen: 'week reopened',
  mark_paid: 'week marked paid',
};

function flagsOf(row: TimesheetRow): string[] {
  const flags: string[] = [];
  if (row.flags.forgottenPunch > 0) flags.push('Forgotten punch');
  if (row.flags.edited > 0) flags.push('Edited');
  if (row.flags.locationMissing > 0) flags.push('Location missing');
  if (row.flags.running > 0) flags.push('Running');
  return flags;
}

/** The team's week as a grid (people × days) with totals, overtime, breaks, flags and approval. */
export function TeamWeek({
  date,
  role,
  initialOpen = null,
}: {
  date: string;
  role: Role;
  /** A person whose entries start open (a link's ?employeeId=). */
  initialOpen?: string | null;
}) {
  const week = useTimesheetWeek(date);
  const act = useTimesheetAction();
  const manages = hasBusinessManagerRights(role);
  const seesEntries = hasTeamManagementRights(role);
  // The person whose entries are open under their row.
  const [open, setOpen] = useState<string | null>(initialOpen);
  if (week.isPending) return <PageLoading />;
  if (week.isError) {
    return (
      <LoadErrorAlert
        title="Could not load the week"
        error={week.error}
        onRetry={() => void week.refetch()}
      />
    );
  }
  const { rows, dates, weekStart } = week.data;
  if (rows.length === 0)
    return <p className="text-sm text-muted-foreground">No active team members.</p>;
  const run = (row: TimesheetRow, action: TimesheetAction) =>
    act.mutate(
      { employeeId: row.employeeId, weekStart, action },
      {
        onSuccess: () => toast.success(`${row.employeeName}: ${DONE_LABELS[action]}.`),
        onError: (error) => toast.error(errorMessage(error, 'Could not change the week.')),
      },
    );
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full min-w-[720px] text-sm">
        <caption className="sr-only">Hours of the week starting {formatDay(weekStart)}</caption>
        <thead className="bg-muted/50 text-left">
          <tr>
            <th scope="col" className="p-2">
              Team member
            </th>
            {dates.map((d) => (
              <th key={d} scope="col" className="p-2 text-right font-medium">
                {new Date(`${d}T12:00:00Z`).toLocaleDateString(shownLocale(), {
                  weekday: 'short',
                  timeZone: 'UTC',
                })}
              </th>
            ))}
            <th scope="col" className="p-2 text-right">
              Regular
            </th>
            <th scope="col" className="p-2 text-right">
              Overtime
            </th>
            <th scope="col" className="p-2 text-right">
              Breaks
            </th>
            {manages ? (
              <th scope="col" className="p-2 text-right">
                Labor
              </th>
            ) : null}
            <th scope="col" className="p-2">
              Status
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <Fragment key={row.employeeId}>
              <tr className="border-t align-top">
                <th scope="row" className="p-2 text-left font-medium">
                  {seesEntries ? (
                    <button
                      type="button"
                      className="text-left underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                      aria-expanded={open === row.employeeId}
                      onClick={() => setOpen(open === row.employeeId ? null : row.employeeId)}
                    >
                      {row.employeeName}
                    </button>
                  ) : (
                    row.employeeName
                  )}
                  <div className="mt-1 flex flex-wrap gap-1">
                    {flagsOf(row).map((f) => (
                      <Badge key={f} className="border-warning/40 bg-warning/10 text-warning">
                        {f}
                      </Badge>
                    ))}
                  </div>
                </th>
                {row.days.map((d) => (
                  <td key={d.date} className="p-2 text-right tabular-nums">
                    {d.workedMinutes > 0 ? formatMinutes(d.workedMinutes) : '–'}
                  </td>
                ))}
                <td className="p-2 text-right tabular-nums">{formatMinutes(row.regularMinutes)}</td>
                <td className="p-2 text-right tabular-nums">
                  {formatMinutes(row.overtimeMinutes)}
                </td>
                <td className="p-2 text-right tabular-nums">{formatMinutes(row.breakMinutes)}</td>
                {manages ? (
                  <td className="p-2 text-right tabular-nums">
                    {formatAmount(row.labourCostCents ?? 0)}
                  </td>
                ) : null}
                <td className="p-2">
                  <span className="block">{STATUS_LABELS[row.status]}</span>
                  {manages ? (
                    <span className="mt-1 flex flex-wrap gap-1">
                      {NEXT_ACTIONS[row.status].map((next) => (
                        <Button
                          key={next.action}
                          size="sm"
                          variant="outline"
                          disabled={act.isPending}
                          aria-label={`${next.label}: ${row.employeeName}`}
                          onClick={() => run(row, next.action)}
                        >
                          {next.label}
                        </Button>
                      ))}
                    </span>
                  ) : null}
                </td>
              </tr>
              {open === row.employeeId ? (
                <tr className="bg-muted/30">
                  <td colSpan={dates.length + (manages ? 6 : 5)} className="p-2">
                    <PersonWeekEntries
                      employeeId={row.employeeId}
                      weekStart={weekStart}
                      locked={row.status === 'approved' || row.status === 'paid'}
                    />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
