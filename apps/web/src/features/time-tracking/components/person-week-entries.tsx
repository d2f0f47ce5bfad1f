import { addDaysToDate, type TimeEntry } from '@crewdesk/domain';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useEditEntry, useEntries, useEntryTrail } from '@/entities/time/api/time-api';
import { ENTRY_KIND_LABELS } from '@/entities/time/model/time-format';
import { formatInstant } from '@/lib/format';
import { TimesForm } from './times-form';

/** One person's entries of the week, for a team leader or manager: edit with a reason, see the trail. */
export function PersonWeekEntries({
  employeeId,
  weekStart,
}: {
  employeeId: string;
  weekStart: string;
}) {
  const entries = useEntries(employeeId, weekStart, addDaysToDate(weekStart, 6), true);
  if (entries.isPending) return <p className="text-sm text-muted-foreground">Loading…</p>;
  if (entries.isError)
    return <p className="text-sm text-destructive">Could not load the entries.</p>;
  if (entries.data.items.length === 0) {
    return <p className="text-sm text-muted-foreground">No entries this week.</p>;
  }
  return (
    <ul className="divide-y rounded-md border bg-background">
      {entries.data.items.map((entry) => (
        <EntryRow key={entry.id} entry={entry} />
      ))}
    </ul>
  );
}

function EntryRow({ entry }: { entry: TimeEntry }) {
  const [mode, setMode] = useState<'view' | 'edit' | 'trail'>('view');
  const edit = useEditEntry();
  const trail = useEntryTrail(entry.id, mode === 'trail');
  const what = `${ENTRY_KIND_LABELS[entry.kind]}${entry.jobTitle ? `: ${entry.jobTitle}` : ''}`;
  return (
    <li className="p-2 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium">{what}</span>
        <span className="text-muted-foreground">
          {formatInstant(entry.startedAt)} –{' '}
          {entry.endedAt ? formatInstant(entry.endedAt) : 'running'}
        </span>
      </div>
      <div className="flex gap-3">
        <Button
          variant="link"
          className="h-auto p-0"
          aria-label={`Edit ${what} from ${formatInstant(entry.startedAt)}`}
          onClick={() => setMode('edit')}
        >
          Edit
        </Button>
        {entry.edited ? (
          <Button
            variant="link"
            className="h-auto p-0"
            aria-expanded={mode === 'trail'}
            onClick={() => setMode(mode === 'trail' ? 'view' : 'trail')}
          >
            History
          </Button>
        ) : null}
      </div>
      {mode === 'edit' ? (
        <TimesForm
          label={`Edit ${what}`}
          submitLabel="Save the change"
          initial={entry}
          request={edit}
          onCancel={() => setMode('view')}
          onSubmit={(values) =>
            edit.mutate(
              { id: entry.id, ...values },
              {
                onSuccess: () => {
                  toast.success('Entry changed; its history keeps the original times.');
                  setMode('view');
                },
              },
            )
          }
        />
      ) : null}
      {mode === 'trail' && trail.data ? (
        <ul className="mt-2 space-y-1 text-muted-foreground">
          {trail.data.items.map((change) => (
            <li key={change.at}>
              {formatInstant(change.at)}, {change.byName ?? 'someone'}: {change.reason} (was{' '}
              {change.before.startedAt ? formatInstant(change.before.startedAt) : 'not punched'}
              {change.before.endedAt ? ` – ${formatInstant(change.before.endedAt)}` : ''})
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
