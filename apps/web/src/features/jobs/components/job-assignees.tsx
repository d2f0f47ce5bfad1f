import { useQuery } from '@tanstack/react-query';
import type { JobDetail } from '@crewdesk/domain';
import { Plus, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { fieldClassName } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { teamMemberOptionsQueryOptions } from '@/entities/team-member/api/team-member-options';
import { teamMemberName } from '@/entities/team-member/model/team-member';
import { useUpdateJobFields } from '../api/update-job';

/** The server takes at most this many assignees on a visit (jobInputSchema). */
const MAX_ASSIGNEES = 20;

function failed(error: unknown) {
  toast.error('Error', { description: errorMessage(error, 'Could not change the assignees.') });
}

/**
 * A dispatcher's editor of the visit's assignees: a × on each and a picker of the other active
 * team members. Each change is saved at once (PUT, this visit only).
 */
export function AssigneesEditor({ job, className }: { job: JobDetail; className?: string }) {
  const update = useUpdateJobFields();
  const members = useQuery(teamMemberOptionsQueryOptions());
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = useId();
  const busy = update.isPending;
  const assigned = new Set(job.assignees.map((a) => a.id));
  const available = (members.data ?? []).filter((m) => !assigned.has(m.id));
  const full = job.assignees.length >= MAX_ASSIGNEES;

  function remove(id: string, name: string) {
    update.mutate(
      { job, changes: { assigneeIds: job.assignees.map((a) => a.id).filter((a) => a !== id) } },
      {
        onSuccess: () => toast.success('Assignee removed', { description: name }),
        onError: failed,
      },
    );
  }

  function add(event: FormEvent) {
    event.preventDefault();
    const member = available.find((m) => m.id === choice);
    if (!member) {
      setError('Choose a team member.');
      return;
    }
    setError(null);
    update.mutate(
      { job, changes: { assigneeIds: [...job.assignees.map((a) => a.id), member.id] } },
      {
        onSuccess: () => {
          setChoice('');
          toast.success('Assignee added', { description: teamMemberName(member) });
        },
        onError: failed,
      },
    );
  }

  const placeholder = members.isPending
    ? 'Loading...'
    : members.isError
      ? 'Team members unavailable'
      : full
        ? `At most ${MAX_ASSIGNEES} assignees`
        : available.length === 0
          ? 'Everyone is assigned'
          : 'Choose a team member';

  return (
    <div className={cn('space-y-2 text-sm', className)}>
      <h3 id={`${ids}-title`} className="text-muted-foreground">
        Assignees
      </h3>
      {job.assignees.length === 0 ? (
        <p className="font-medium">Unassigned</p>
      ) : (
        <ul aria-labelledby={`${ids}-title`} className="flex flex-wrap gap-1.5">
          {job.assignees.map((person) => {
            const name = teamMemberName(person);
            return (
              <li
                key={person.id}
                className="inline-flex max-w-full items-center rounded-full border bg-muted/60 pl-3 font-medium"
              >
                <span className="truncate">{name}</span>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-9 rounded-full text-muted-foreground hover:text-foreground sm:size-7"
                  aria-label={`Remove ${name}`}
                  disabled={busy}
                  onClick={() => remove(person.id, name)}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <form onSubmit={add} noValidate className="flex gap-2">
        <label htmlFor={`${ids}-member`} className="sr-only">
          Add an assignee
        </label>
        <select
          id={`${ids}-member`}
          value={choice}
          onChange={(e) => {
            setChoice(e.target.value);
            setError(null);
          }}
          disabled={busy || full || available.length === 0}
          className={cn(fieldClassName, 'h-11 min-w-0 flex-1 py-2 sm:h-9')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-error` : undefined}
        >
          <option value="">{placeholder}</option>
          {full
            ? null
            : available.map((m) => (
                <option key={m.id} value={m.id}>
                  {teamMemberName(m)}
                </option>
              ))}
        </select>
        <Button
          type="submit"
          variant="outline"
          className="h-11 sm:h-9"
          disabled={busy || full || available.length === 0}
        >
          <Plus aria-hidden="true" />
          {busy ? 'Saving...' : 'Add'}
        </Button>
      </form>
      {error ? (
        <p id={`${ids}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {members.isError ? (
        <p className="text-sm text-destructive">Could not load the team members.</p>
      ) : null}
    </div>
  );
}
