import { addDaysToDate, type TimeEntry } from '@crewdesk/domain';
import { Lock, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { fieldClassName, Label } from '@/components/ui/input';
import { SelectOptions } from '@/components/ui/select-options';
import { useAddEntry, useEditEntry, useEntries, useEntryTrail } from '@/entities/time/api/time-api';
import { ENTRY_KIND_LABELS } from '@/entities/time/model/time-format';
import { cn } from '@/lib/cn';
import { formatInstant } from '@/lib/format';
import { TimesForm } from './times-form';

/**
 * One person's entries of the week, for a team leader or manager: add a forgotten shift or break,
 * edit with a reason, see the trail. An approved or paid week is locked: it says so and offers
 * neither, until it is reopened.
 */
export function PersonWeekEntries({
  employeeId,
  weekStart,
  locked,
}: {
  employeeId: string;
  weekStart: string;
  locked: boolean;
}) {
  const entries = useEntries(employeeId, weekStart, addDaysToDate(weekStart, 6), true);
  if (entries.isPending) return <p className="text-sm text-muted-foreground">Loading…</p>;
  if (entries.isError)
    return <p className="text-sm text-destructive">Could not load the entries.</p>;
  return (
    <div className="space-y-2">
      {locked ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Lock aria-hidden="true" className="size-4" />
          This week is locked: reopen it to add or change entries.
        </p>
      ) : null}
      {entries.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No entries this week.</p>
      ) : (
        <ul className="divide-y rounded-md border bg-background">
          {entries.data.items.map((entry) => (
            <EntryRow key={entry.id} entry={entry} locked={locked} />
          ))}
        </ul>
      )}
      {locked ? null : <AddEntry employeeId={employeeId} />}
    </div>
  );
}

const ADDABLE_KINDS = ['shift', 'break'] as const;

/** A shift or break the person forgot to punch, added with its times and why. */
function AddEntry({ employeeId }: { employeeId: string }) {
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<(typeof ADDABLE_KINDS)[number]>('shift');
  const add = useAddEntry();
  const kindId = useId();
  if (!open) {
    return (
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" />
        Add an entry
      </Button>
    );
  }
  return (
    <div className="rounded-md border bg-background p-2">
      <div className="space-y-1.5">
        <Label htmlFor={kindId}>Kind</Label>
        <select
          id={kindId}
          className={cn(fieldClassName, 'h-10 py-2')}
          value={kind}
          onChange={(event) => setKind(event.target.value as typeof kind)}
        >
          <SelectOptions values={ADDABLE_KINDS} label={(k) => ENTRY_KIND_LABELS[k]} />
        </select>
      </div>
      <TimesForm
        label="Add an entry"
        submitLabel="Add the entry"
        initial={null}
        request={add}
        onCancel={() => setOpen(false)}
        onSubmit={(values) =>
          add.mutate(
            { employeeId, kind, ...values, endedAt: values.endedAt ?? '' },
            {
              onSuccess: () => {
                toast.success('Entry added; its history says who added it and why.');
                setOpen(false);
              },
            },
          )
        }
      />
    </div>
  );
}

function EntryRow({ entry, locked }: { entry: TimeEntry; locked: boolean }) {
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
        {locked ? null : (
          <Button
            variant="link"
            className="h-auto p-0"
            aria-label={`Edit ${what} from ${formatInstant(entry.startedAt)}`}
            onClick={() => setMode('edit')}
          >
            Edit
          </Button>
        )}
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
