import {
  FIELD_LIMITS,
  instantOfLocal,
  isLocalDateTime,
  localDateTimeOf,
  timeCorrectionInputSchema,
} from '@crewdesk/domain';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label, Textarea } from '@/components/ui/input';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { shownTimeZone } from '@/lib/time-zone';

/** An instant as a datetime-local field shows it: the business's wall clock, to the minute. */
function localInputValue(iso: string | null): string {
  if (!iso) return '';
  return localDateTimeOf(new Date(iso), shownTimeZone()).slice(0, 16);
}

/** What a datetime-local field holds, read on the business's clock, as an instant. */
function instantOfInput(value: string): string {
  const local = `${value.slice(0, 16)}:00`;
  return isLocalDateTime(local) ? instantOfLocal(local, shownTimeZone()).toISOString() : '';
}

export interface TimesAndReason {
  startedAt: string;
  endedAt: string;
  reason: string;
}

/**
 * The times an entry should have and why, checked by the domain's rules (an end after the
 * start, a reason): a person's correction and a manager's edit both ask exactly this.
 */
export function TimesForm({
  label,
  submitLabel,
  initial,
  request,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  initial: { startedAt: string; endedAt: string | null } | null;
  request: { isPending: boolean; isError: boolean; error: unknown };
  onSubmit: (values: TimesAndReason) => void;
  onCancel: () => void;
}) {
  const ids = useId();
  const [start, setStart] = useState(localInputValue(initial?.startedAt ?? null));
  const [end, setEnd] = useState(localInputValue(initial?.endedAt ?? null));
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = timeCorrectionInputSchema.safeParse({
      startedAt: instantOfInput(start),
      endedAt: instantOfInput(end),
      reason,
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the times and the reason.');
      return;
    }
    setProblem(null);
    const { startedAt, endedAt, reason: why } = parsed.data;
    onSubmit({ startedAt, endedAt, reason: why });
  }

  return (
    <form noValidate onSubmit={submit} aria-label={label} className="mt-3 space-y-3">
      <RequestErrorAlert request={request} fallback="Could not save. Try again." />
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor={`${ids}-start`}>Started</Label>
          <Input
            id={`${ids}-start`}
            type="datetime-local"
            value={start}
            onChange={(e) => setStart(e.target.value)}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${ids}-end`}>Ended</Label>
          <Input
            id={`${ids}-end`}
            type="datetime-local"
            value={end}
            onChange={(e) => setEnd(e.target.value)}
          />
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${ids}-reason`}>Why</Label>
        <Textarea
          id={`${ids}-reason`}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={FIELD_LIMITS.text.longText}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${ids}-problem` : undefined}
        />
        {problem ? (
          <p id={`${ids}-problem`} className="text-sm text-destructive">
            {problem}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={request.isPending} pendingLabel="Saving...">
          {submitLabel}
        </SubmitButton>
        <Button variant="outline" onClick={onCancel} disabled={request.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
