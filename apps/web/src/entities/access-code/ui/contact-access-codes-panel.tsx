import {
  ACCESS_LABEL_MAX,
  ACCESS_LABEL_SUGGESTIONS,
  ACCESS_SECRET_MAX,
  type AccessEntry,
  type AccessReveal,
} from '@crewdesk/domain';
import { Eye, KeyRound, Pencil, Plus, Trash2 } from 'lucide-react';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DialogSubmitFooter, FormDialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { errorMessage } from '@/lib/api-client';
import { formatInstant } from '@/lib/format';
import {
  useAccessRevealLog,
  useAddAccessCode,
  useContactAccessCodes,
  useDeleteAccessCode,
  useRevealAccessCode,
  useUpdateAccessCode,
} from '../api/access-code-api';
import { RevealedCode } from './revealed-code';

function CodeForm({
  customerId,
  entry,
  onDone,
}: {
  customerId: string;
  entry: AccessEntry | null;
  onDone: () => void;
}) {
  const suggestions = useId();
  const add = useAddAccessCode(customerId);
  const update = useUpdateAccessCode();
  const request = entry ? update : add;
  const [label, setLabel] = useState(entry?.label ?? '');
  const [secret, setSecret] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const labelError = submitted && label.trim() === '' ? 'Enter a label, like Gate.' : undefined;
  const secretError =
    submitted && !entry && secret.trim() === '' ? 'Enter the code or the note.' : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (label.trim() === '' || (!entry && secret.trim() === '')) return;
    const done = () => {
      toast.success(entry ? 'Access code saved' : 'Access code added');
      onDone();
    };
    if (entry)
      update.mutate(
        {
          entryId: entry.id,
          body: secret.trim() === '' ? { label } : { label, secret },
        },
        { onSuccess: done },
      );
    else add.mutate({ label, secret }, { onSuccess: done });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <RequestErrorAlert request={request} fallback="Could not save the access code." />
      <FormField label="Label" error={labelError} hint="Gate, Lockbox, Alarm, Key note…">
        <Input
          value={label}
          maxLength={ACCESS_LABEL_MAX}
          list={suggestions}
          autoComplete="off"
          onChange={(e) => setLabel(e.target.value)}
        />
      </FormField>
      <datalist id={suggestions}>
        {ACCESS_LABEL_SUGGESTIONS.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
      <FormField
        label="Code or note"
        error={secretError}
        hint={
          entry
            ? 'Leave it empty to keep the current code. It is stored encrypted.'
            : 'Stored encrypted; shown only when revealed, and each reveal is logged.'
        }
      >
        <Textarea
          value={secret}
          maxLength={ACCESS_SECRET_MAX}
          autoComplete="off"
          spellCheck={false}
          rows={3}
          onChange={(e) => setSecret(e.target.value)}
        />
      </FormField>
      <DialogSubmitFooter
        pending={request.isPending}
        label={entry ? 'Save' : 'Add code'}
        pendingLabel="Saving..."
      />
    </form>
  );
}

function RevealLog({ customerId }: { customerId: string }) {
  const log = useAccessRevealLog(customerId, true);
  if (log.isPending) return <p className="text-sm text-muted-foreground">Loading the log…</p>;
  if (log.isError)
    return (
      <LoadErrorAlert
        title="Could not load the reveal log"
        error={log.error}
        onRetry={() => void log.refetch()}
      />
    );
  if (log.data.reveals.length === 0)
    return <p className="text-sm text-muted-foreground">No code has been revealed yet.</p>;
  return (
    <ul className="divide-y text-sm" aria-label="Reveal log">
      {log.data.reveals.map((r) => (
        <li key={r.id} className="py-2">
          <span className="font-medium">{r.label}</span>
          {r.entryId === null ? (
            <span className="text-muted-foreground"> (deleted)</span>
          ) : null}{' '}
          revealed by {r.revealedBy?.name || 'a former member'}
          {r.jobTitle ? ` for “${r.jobTitle}”` : ''}
          <span className="block text-muted-foreground">{formatInstant(r.revealedAt)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The contact page's vault (admins): gate, lockbox and alarm codes and key notes. Labels are
 * listed; a code shows only when revealed (logged), for a minute.
 */
export function ContactAccessCodesPanel({ customerId }: { customerId: string }) {
  const headingId = useId();
  const codes = useContactAccessCodes(customerId);
  const reveal = useRevealAccessCode();
  const remove = useDeleteAccessCode();
  const [editing, setEditing] = useState<AccessEntry | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AccessEntry | null>(null);
  const [shown, setShown] = useState<AccessReveal | null>(null);
  const [logOpen, setLogOpen] = useState(false);
  const hide = useCallback(() => setShown(null), []);

  function revealCode(entry: AccessEntry) {
    reveal.mutate(
      { entryId: entry.id, jobId: null },
      {
        onSuccess: setShown,
        onError: (error) =>
          toast.error('Error', { description: errorMessage(error, 'Could not reveal the code.') }),
      },
    );
  }

  return (
    <Card className="p-5" role="region" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold">
          <KeyRound aria-hidden="true" className="size-4 text-primary" />
          Access codes
        </h2>
        <Button variant="outline" size="sm" onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" />
          Add code
        </Button>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">
        The crew assigned to a visit here sees them from an hour before it until it ends.
      </p>
      <div className="mt-3">
        {codes.isPending ? (
          <p className="text-sm text-muted-foreground">Loading access codes…</p>
        ) : codes.isError ? (
          <LoadErrorAlert
            title="Could not load the access codes"
            error={codes.error}
            onRetry={() => void codes.refetch()}
          />
        ) : codes.data.entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No access codes yet. Add the gate, lockbox or alarm code the crew needs here.
          </p>
        ) : (
          <ul className="divide-y">
            {codes.data.entries.map((entry) => (
              <li key={entry.id} className="py-2">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="min-w-0 break-words font-medium">{entry.label}</span>
                  <div className="flex gap-1">
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={reveal.isPending}
                      onClick={() => revealCode(entry)}
                      aria-label={`Reveal ${entry.label}`}
                    >
                      <Eye aria-hidden="true" />
                      Reveal
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      onClick={() => setEditing(entry)}
                      aria-label={`Edit ${entry.label}`}
                    >
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      onClick={() => setDeleting(entry)}
                      aria-label={`Delete ${entry.label}`}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </div>
                {shown?.entryId === entry.id ? (
                  <RevealedCode label={shown.label} secret={shown.secret} onHide={hide} />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="mt-3 border-t pt-3">
        <Button
          variant="link"
          className="h-auto p-0"
          aria-expanded={logOpen}
          onClick={() => setLogOpen((open) => !open)}
        >
          {logOpen ? 'Hide the reveal log' : 'Show the reveal log'}
        </Button>
        {logOpen ? (
          <div className="mt-2">
            <RevealLog customerId={customerId} />
          </div>
        ) : null}
      </div>
      <FormDialog
        open={editing !== null}
        onOpenChange={(open) => (open ? null : setEditing(null))}
        title={editing === 'new' || editing === null ? 'Add an access code' : 'Edit access code'}
      >
        {(close) => (
          <CodeForm
            customerId={customerId}
            entry={editing === 'new' ? null : editing}
            onDone={close}
          />
        )}
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title="Delete this access code?"
        description={`“${deleting?.label ?? ''}” will no longer be shown to anyone. Its reveal log is kept.`}
        confirmLabel="Delete"
        cancelLabel="Keep it"
        destructive
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              if (shown?.entryId === deleting.id) setShown(null);
              setDeleting(null);
              toast.success('Access code deleted');
            },
            onError: (error) =>
              toast.error('Error', {
                description: errorMessage(error, 'Could not delete the access code.'),
              }),
          });
        }}
      />
    </Card>
  );
}
