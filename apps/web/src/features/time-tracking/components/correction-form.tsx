import { FIELD_LIMITS, timeCorrectionInputSchema } from '@crewdesk/domain';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input, Label, Textarea } from '@/components/ui/input';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { useRequestCorrection } from '@/entities/time/api/time-api';

/** An instant as a datetime-local field shows it: this device's wall clock, to the minute. */
function localInputValue(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * Asks a team leader or manager to change an entry's times (or to add time never punched): the
 * times it should have, and why. Nothing changes until it is approved.
 */
export function CorrectionForm({
  entry,
  onDone,
}: {
  entry: { id: string; startedAt: string; endedAt: string | null } | null;
  onDone: () => void;
}) {
  const ids = useId();
  const ask = useRequestCorrection();
  const [start, setStart] = useState(localInputValue(entry?.startedAt ?? null));
  const [end, setEnd] = useState(localInputValue(entry?.endedAt ?? null));
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = timeCorrectionInputSchema.safeParse({
      entryId: entry?.id ?? null,
      startedAt: start ? new Date(start).toISOString() : '',
      endedAt: end ? new Date(end).toISOString() : '',
      reason,
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the times and the reason.');
      return;
    }
    setProblem(null);
    ask.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Correction asked for: a team leader or manager will look at it.');
        onDone();
      },
    });
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Ask for a correction" className="mt-3 space-y-3">
      <RequestErrorAlert request={ask} fallback="Could not send the correction. Try again." />
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
        <Button type="submit" disabled={ask.isPending}>
          {ask.isPending ? 'Sending...' : 'Ask for the correction'}
        </Button>
        <Button variant="outline" onClick={onDone} disabled={ask.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
