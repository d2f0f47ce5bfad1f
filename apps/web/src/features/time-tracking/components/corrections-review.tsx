import { toast } from 'sonner';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Button } from '@/components/ui/button';
import { PageLoading } from '@/components/ui/page-loading';
import { useCorrections, useDecideCorrection } from '@/entities/time/api/time-api';
import { errorMessage } from '@/lib/api-client';
import { formatInstant } from '@/lib/format';

/**
 * Corrections waiting for a decision: a team leader or manager approves (the entry changes, its
 * trail says why) or refuses; a team member sees their own that wait.
 */
export function CorrectionsReview({ decides }: { decides: boolean }) {
  const pending = useCorrections('pending');
  const decide = useDecideCorrection();
  if (pending.isPending) return <PageLoading className="p-4" />;
  if (pending.isError) {
    return (
      <LoadErrorAlert
        title="Could not load the corrections"
        error={pending.error}
        onRetry={() => void pending.refetch()}
      />
    );
  }
  if (pending.data.items.length === 0) {
    return <p className="text-sm text-muted-foreground">No corrections waiting.</p>;
  }
  const run = (id: string, approve: boolean, name: string) =>
    decide.mutate(
      { id, approve },
      {
        onSuccess: () => toast.success(`${name}'s correction ${approve ? 'approved' : 'refused'}.`),
        onError: (error) => toast.error(errorMessage(error, 'Could not decide the correction.')),
      },
    );
  return (
    <ul className="divide-y rounded-lg border">
      {pending.data.items.map((c) => (
        <li
          key={c.id}
          className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="min-w-0">
            <p className="font-medium">
              {c.employeeName}: {formatInstant(c.startedAt)} – {formatInstant(c.endedAt)}
              {c.entryId ? '' : ' (not punched)'}
            </p>
            <p className="break-words text-muted-foreground">{c.reason}</p>
          </div>
          {decides ? (
            <div className="flex shrink-0 gap-2">
              <Button
                size="sm"
                disabled={decide.isPending}
                aria-label={`Approve ${c.employeeName}'s correction`}
                onClick={() => run(c.id, true, c.employeeName)}
              >
                Approve
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={decide.isPending}
                aria-label={`Refuse ${c.employeeName}'s correction`}
                onClick={() => run(c.id, false, c.employeeName)}
              >
                Refuse
              </Button>
            </div>
          ) : (
            <span className="text-muted-foreground">Waiting for a decision</span>
          )}
        </li>
      ))}
    </ul>
  );
}
