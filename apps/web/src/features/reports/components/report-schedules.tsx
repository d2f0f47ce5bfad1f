import {
  REPORT_CSV_NAMES,
  REPORT_SCHEDULE_FREQUENCIES,
  REPORT_SCHEDULE_RECIPIENTS_MAX,
  type ReportCsvName,
  type ReportSchedule,
  type ReportScheduleFrequency,
} from '@crewdesk/domain';
import { Mail, Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { selectClass } from '@/components/filter-field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PageLoading } from '@/components/ui/page-loading';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { errorMessage } from '@/lib/api-client';
import { formatDay } from '@/lib/format';
import {
  useDeleteReportSchedule,
  useReportSchedules,
  useSaveReportSchedule,
  useScheduleRecipients,
} from '../api/schedules-api';
import { REPORTS } from '../definitions';

const FREQUENCY_LABELS: Record<ReportScheduleFrequency, string> = {
  weekly: 'Weekly (last Monday to Sunday, every Monday)',
  monthly: 'Monthly (last calendar month, on the 1st)',
};

/** A report's title by its CSV name (the definitions' ids are the same names). */
export function reportTitle(name: ReportCsvName): string {
  return REPORTS.find((r) => r.id === name)?.title ?? name;
}

/**
 * "Schedule by e-mail" on /reports (owners and admins only: REPORT_SCHEDULE_ROLES): the
 * business's scheduled report mails, each a report's CSV mailed weekly or monthly to members.
 */
export function ReportSchedules() {
  const schedules = useReportSchedules(true);
  const [editing, setEditing] = useState<ReportSchedule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ReportSchedule | null>(null);
  const remove = useDeleteReportSchedule();

  let body;
  if (schedules.isPending) body = <PageLoading className="p-4" />;
  else if (schedules.isError)
    body = (
      <LoadErrorAlert
        title="Could not load the scheduled reports"
        error={schedules.error}
        onRetry={() => void schedules.refetch()}
      />
    );
  else if (schedules.data.schedules.length === 0)
    body = (
      <p className="text-sm text-muted-foreground">
        No report is mailed yet. Schedule one to send its CSV to members every week or month.
      </p>
    );
  else
    body = (
      <ul className="divide-y rounded-md border" aria-label="Scheduled reports">
        {schedules.data.schedules.map((s) => (
          <li
            key={s.id}
            className="flex flex-col gap-2 px-3 py-3 text-sm sm:flex-row sm:items-center"
          >
            <div className="min-w-0 flex-1">
              <p className="font-medium">
                {reportTitle(s.report)}, {s.frequency}
              </p>
              <p className="text-muted-foreground">
                To {s.recipients.map((r) => r.name).join(', ')}
              </p>
              <p className="text-xs text-muted-foreground">
                {s.lastSentFor
                  ? `Last mailed for the period from ${formatDay(s.lastSentFor)}`
                  : 'Not mailed yet: the period that just ended goes at the next hourly run.'}
              </p>
            </div>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                onClick={() => setEditing(s)}
                aria-label={`Edit ${reportTitle(s.report)}, ${s.frequency}`}
              >
                Edit
              </Button>
              <Button
                variant="outline"
                size="sm"
                onClick={() => setDeleting(s)}
                aria-label={`Delete ${reportTitle(s.report)}, ${s.frequency}`}
              >
                Delete
              </Button>
            </div>
          </li>
        ))}
      </ul>
    );

  const full = schedules.data ? schedules.data.schedules.length >= schedules.data.max : false;
  return (
    <section aria-labelledby="schedules-title" className="mt-8" data-print-hidden>
      <Card className="p-4 sm:p-5">
        <div className="mb-3 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 id="schedules-title" className="flex items-center gap-2 text-base font-semibold">
              <Mail aria-hidden="true" className="size-4" />
              Schedule by e-mail
            </h2>
            <p className="text-sm text-muted-foreground">
              A report’s CSV mailed to team members every week or month.
            </p>
          </div>
          <Button onClick={() => setEditing('new')} disabled={!schedules.data || full}>
            <Plus aria-hidden="true" />
            Schedule a report
          </Button>
        </div>
        {full ? (
          <p className="mb-2 text-sm text-muted-foreground">
            The business has the most scheduled reports it can have ({schedules.data?.max}). Delete
            one to add another.
          </p>
        ) : null}
        {body}
      </Card>
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
      >
        {editing !== null ? (
          <DialogContent
            title={editing === 'new' ? 'Schedule a report' : 'Change the scheduled report'}
            className="max-w-lg"
          >
            <ScheduleForm
              schedule={editing === 'new' ? null : editing}
              onDone={() => setEditing(null)}
            />
          </DialogContent>
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Stop this scheduled report?"
        description={
          deleting
            ? `${reportTitle(deleting.report)} will no longer be mailed ${deleting.frequency}.`
            : ''
        }
        confirmLabel="Delete"
        cancelLabel="Keep it"
        destructive
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success('Scheduled report deleted.');
              setDeleting(null);
            },
            onError: (error) =>
              toast.error(errorMessage(error, 'Could not delete the scheduled report.')),
          });
        }}
      />
    </section>
  );
}

function ScheduleForm({
  schedule,
  onDone,
}: {
  schedule: ReportSchedule | null;
  onDone: () => void;
}) {
  const id = useId();
  const members = useScheduleRecipients(true);
  const save = useSaveReportSchedule();
  const [report, setReport] = useState<ReportCsvName>(schedule?.report ?? 'revenue');
  const [frequency, setFrequency] = useState<ReportScheduleFrequency>(
    schedule?.frequency ?? 'weekly',
  );
  const [recipients, setRecipients] = useState<string[]>(
    schedule?.recipients.map((r) => r.userId) ?? [],
  );
  const [problem, setProblem] = useState<string | null>(null);

  const toggle = (userId: string, on: boolean) =>
    setRecipients((current) =>
      on ? [...current, userId] : current.filter((value) => value !== userId),
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The domain's words; the server checks the same and more (active members, the maximum).
    if (recipients.length === 0) return setProblem('Choose at least one recipient.');
    if (recipients.length > REPORT_SCHEDULE_RECIPIENTS_MAX)
      return setProblem(`At most ${REPORT_SCHEDULE_RECIPIENTS_MAX} recipients per report.`);
    setProblem(null);
    save.mutate(
      { id: schedule?.id ?? null, input: { report, frequency, recipientUserIds: recipients } },
      {
        onSuccess: () => {
          toast.success(schedule ? 'Scheduled report changed.' : 'Report scheduled.');
          onDone();
        },
      },
    );
  };

  // A recipient who left the team still shows (unticking them is the way to drop them).
  const listed = [
    ...(members.data ?? []),
    ...(schedule?.recipients ?? [])
      .filter((r) => !(members.data ?? []).some((m) => m.userId === r.userId))
      .map((r) => ({ userId: r.userId, name: r.name, email: r.email })),
  ];

  return (
    <form onSubmit={submit} aria-label="Scheduled report" className="space-y-4" noValidate>
      <RequestErrorAlert request={save} fallback="Could not save the scheduled report." />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-report`} className="text-sm font-medium">
          Report
        </label>
        <select
          id={`${id}-report`}
          className={selectClass}
          value={report}
          onChange={(e) => setReport(e.target.value as ReportCsvName)}
        >
          {REPORT_CSV_NAMES.map((name) => (
            <option key={name} value={name}>
              {reportTitle(name)}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="space-y-1.5">
        <legend className="mb-1.5 text-sm font-medium">How often</legend>
        {REPORT_SCHEDULE_FREQUENCIES.map((f) => (
          <label key={f} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-frequency`}
              value={f}
              checked={frequency === f}
              onChange={() => setFrequency(f)}
              className="size-4"
            />
            {FREQUENCY_LABELS[f]}
          </label>
        ))}
      </fieldset>
      <fieldset className="min-w-0" aria-describedby={problem ? `${id}-problem` : undefined}>
        <legend className="mb-1.5 text-sm font-medium">Recipients</legend>
        {members.isPending ? (
          <PageLoading className="p-2" />
        ) : members.isError ? (
          <LoadErrorAlert
            title="Could not load the team"
            error={members.error}
            onRetry={() => void members.refetch()}
          />
        ) : listed.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No active team member signs in yet. Invite someone from Team first.
          </p>
        ) : (
          <ul className="max-h-56 space-y-1 overflow-y-auto overflow-x-hidden rounded-md border p-2">
            {listed.map((m) => (
              <li key={m.userId}>
                <label className="flex items-center gap-2 rounded px-1 py-1 text-sm hover:bg-muted">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={recipients.includes(m.userId)}
                    onChange={(e) => toggle(m.userId, e.target.checked)}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate">{m.name}</span>
                    {m.email ? (
                      <span className="block truncate text-xs text-muted-foreground">
                        {m.email}
                      </span>
                    ) : null}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {problem ? (
          <p id={`${id}-problem`} role="alert" className="mt-1.5 text-sm text-destructive">
            {problem}
          </p>
        ) : null}
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton pending={save.isPending} pendingLabel="Saving…">
          {schedule ? 'Save changes' : 'Schedule'}
        </SubmitButton>
      </div>
    </form>
  );
}
