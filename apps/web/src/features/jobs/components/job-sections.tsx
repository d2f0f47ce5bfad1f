import {
  FIELD_LIMITS,
  formatMinutes,
  lineTotalCents,
  PHOTO_LABELS,
  type JobDetail,
  type PhotoLabel,
} from '@crewdesk/domain';
import { Camera, ImageOff, Plus, Trash2, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input, Textarea } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useAddChecklistItem } from '../api/add-checklist-item';
import { useAddJobNote } from '../api/add-note';
import { useDeleteJobPhoto } from '../api/delete-photo';
import { useRemoveChecklistItem } from '../api/remove-checklist-item';
import { useToggleChecklistItem } from '../api/toggle-checklist-item';
import { useUploadJobPhoto } from '../api/upload-photo';
import { usePhotoShareable } from '../api/photo-shareable';
import { formatInstant, jobEventText } from '@/entities/job/model/job-text';
import { TableHead } from '@/components/ui/table-head';
import { Timeline, TimelineItem } from '@/components/ui/timeline';
import { formatAmount } from '@/lib/money';
import { Detail, detailListClass, Section } from '@/components/record-sections';

export { Detail, detailListClass, Section };

/** The server takes PNG, JPEG or WebP photos of up to 10 MB (it resizes them). */
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

function failed(fallback: string) {
  return (error: unknown) => toast.error('Error', { description: errorMessage(error, fallback) });
}

/* -------------------------------------------------------------------------------------------- */

export function ChecklistSection({ job, canWork }: { job: JobDetail; canWork: boolean }) {
  const toggle = useToggleChecklistItem();
  const add = useAddChecklistItem();
  const remove = useRemoveChecklistItem();
  // The tick the user just gave, shown from the tap itself until the server has answered it: a
  // refresh of the visit still in flight (after Start visit, say) must not take it back meanwhile.
  const [ticks, setTicks] = useState<Record<string, { done: boolean; tap: number }>>({});
  const isTicked = (item: JobDetail['checklist'][number]) => ticks[item.id]?.done ?? item.done;

  function tick(itemId: string, done: boolean) {
    const tap = performance.now();
    setTicks((current) => ({ ...current, [itemId]: { done, tap } }));
    toggle
      .mutateAsync({ id: job.id, itemId, done })
      .catch(failed('Could not update the item.'))
      // The cached visit now holds the answer (or the rollback): it shows from here on, unless
      // a later tap on the same item is still waiting for its own answer.
      .finally(() =>
        setTicks(({ [itemId]: answered, ...others }) =>
          answered && answered.tap !== tap ? { ...others, [itemId]: answered } : others,
        ),
      );
  }

  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const done = job.checklist.filter((i) => i.done).length;

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = label.trim();
    if (!text) {
      setError('Required');
      return;
    }
    setError(null);
    add.mutate(
      { id: job.id, label: text },
      { onSuccess: () => setLabel(''), onError: failed('Could not add the item.') },
    );
  }

  return (
    <Section
      title="Checklist"
      actions={
        job.checklist.length > 0 ? (
          <span className="text-sm text-muted-foreground">
            {done} of {job.checklist.length} done
          </span>
        ) : null
      }
    >
      {job.checklist.length === 0 ? (
        <p className="text-sm text-muted-foreground">No checklist items yet.</p>
      ) : (
        <ul className="-mx-2 divide-y" aria-label="Checklist items">
          {job.checklist.map((item) => {
            const busy =
              (toggle.isPending && toggle.variables.itemId === item.id) ||
              (remove.isPending && remove.variables.itemId === item.id);
            return (
              <li key={item.id} className="flex items-center gap-1">
                <label
                  className={cn(
                    'flex min-h-12 flex-1 cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm hover:bg-muted/60',
                    !canWork && 'cursor-default hover:bg-transparent',
                  )}
                >
                  <input
                    type="checkbox"
                    className="size-5 shrink-0 accent-primary"
                    checked={isTicked(item)}
                    disabled={!canWork || busy}
                    onChange={(e) => tick(item.id, e.target.checked)}
                  />
                  <span
                    className={cn(
                      'break-words',
                      isTicked(item) && 'text-muted-foreground line-through',
                    )}
                  >
                    {item.label}
                  </span>
                </label>
                {job.canEdit ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-11 shrink-0 text-muted-foreground"
                    aria-label={`Remove ${item.label}`}
                    disabled={busy}
                    onClick={() =>
                      remove.mutate(
                        { id: job.id, itemId: item.id },
                        { onError: failed('Could not remove the item.') },
                      )
                    }
                  >
                    <X aria-hidden="true" />
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {canWork ? (
        <form onSubmit={submit} noValidate className="mt-3 flex gap-2">
          <label htmlFor={inputId} className="sr-only">
            New checklist item
          </label>
          <div className="min-w-0 flex-1">
            <Input
              id={inputId}
              value={label}
              onChange={(e) => setLabel(e.target.value)}
              placeholder="Add an item"
              maxLength={FIELD_LIMITS.text.label}
              className="h-11"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : undefined}
            />
            {error ? (
              <p id={`${inputId}-error`} className="mt-1 text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <Button type="submit" variant="outline" className="h-11" disabled={add.isPending}>
            <Plus aria-hidden="true" />
            {add.isPending ? 'Adding...' : 'Add'}
          </Button>
        </form>
      ) : null}
    </Section>
  );
}

/* -------------------------------------------------------------------------------------------- */

export function NotesSection({ job, canWork }: { job: JobDetail; canWork: boolean }) {
  const addNote = useAddJobNote();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const visitNotes = job.history
    .filter((e) => e.kind === 'note_added')
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));

  function submit(event: FormEvent) {
    event.preventDefault();
    const note = text.trim();
    if (!note) {
      setError('Required');
      return;
    }
    setError(null);
    addNote.mutate(
      { id: job.id, text: note },
      {
        onSuccess: () => {
          setText('');
          toast.success('Note added');
        },
        onError: failed('Could not add the note.'),
      },
    );
  }

  return (
    <Section title="Notes">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        Office notes
      </h3>
      <p className="mt-1 whitespace-pre-line break-words text-sm">
        {job.notes || <span className="text-muted-foreground">No notes from the office.</span>}
      </p>
      <h3 className="mt-4 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        Visit notes
      </h3>
      {visitNotes.length === 0 ? (
        <p className="mt-1 text-sm text-muted-foreground">No notes on this visit yet.</p>
      ) : (
        <ul className="mt-2 space-y-3" aria-label="Visit notes">
          {visitNotes.map((note) => (
            <li key={note.id} className="rounded-md bg-muted/60 px-3 py-2 text-sm">
              <p className="whitespace-pre-line break-words">
                {typeof note.detail?.text === 'string' ? note.detail.text : ''}
              </p>
              <p className="mt-1 text-xs text-muted-foreground">
                {[note.actorName, formatInstant(note.createdAt, job.timeZone)]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </li>
          ))}
        </ul>
      )}
      {canWork ? (
        <form onSubmit={submit} noValidate className="mt-3 space-y-2">
          <label htmlFor={id} className="sr-only">
            New note
          </label>
          <Textarea
            id={id}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="What happened on this visit?"
            maxLength={FIELD_LIMITS.text.notes}
            className="min-h-20"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {error ? (
            <p id={`${id}-error`} className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <Button
            type="submit"
            variant="outline"
            className="h-11 w-full sm:w-auto"
            disabled={addNote.isPending}
          >
            {addNote.isPending ? 'Adding...' : 'Add note'}
          </Button>
        </form>
      ) : null}
    </Section>
  );
}

/* -------------------------------------------------------------------------------------------- */

const LABEL_TEXT: Record<PhotoLabel, string> = { before: 'Before', after: 'After' };

export function PhotosSection({ job, canWork }: { job: JobDetail; canWork: boolean }) {
  const upload = useUploadJobPhoto();
  const remove = useDeleteJobPhoto();
  const share = usePhotoShareable(job.id);
  const inputId = useId();
  const [label, setLabel] = useState<PhotoLabel>(job.status === 'completed' ? 'after' : 'before');
  const [deleting, setDeleting] = useState<string | null>(null);
  // The box shows the choice from the click on (state set in the click's own render), until the
  // answer lands in the visit: a mutation's pending state arrives a tick later, and React would
  // put the box back meanwhile.
  const [sharing, setSharing] = useState<{ photoId: string; shareable: boolean } | null>(null);

  function onFile(file: File | undefined) {
    if (!file) return;
    if (!PHOTO_TYPES.includes(file.type)) {
      toast.error('Error', { description: 'Choose a PNG, JPEG or WebP photo.' });
      return;
    }
    if (file.size > PHOTO_MAX_BYTES) {
      toast.error('Error', { description: 'Choose a photo of at most 10 MB.' });
      return;
    }
    upload.mutate(
      { id: job.id, file, label },
      {
        onSuccess: () => toast.success(`${LABEL_TEXT[label]} photo added`),
        onError: failed('Could not upload the photo.'),
      },
    );
  }

  return (
    <Section title="Photos">
      {job.photos.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <ImageOff aria-hidden="true" className="size-4" />
          No photos yet.
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Photos">
          {job.photos.map((photo) => {
            const name = `${photo.label ? LABEL_TEXT[photo.label] : 'Visit'} photo, ${formatInstant(photo.createdAt, job.timeZone)}`;
            return (
              <li key={photo.id} className="relative">
                <a href={photo.url} target="_blank" rel="noreferrer" className="block">
                  <img
                    src={photo.url}
                    alt={name}
                    loading="lazy"
                    width={photo.width}
                    height={photo.height}
                    className="aspect-square w-full rounded-md border bg-muted object-cover"
                  />
                </a>
                {photo.label ? (
                  <span className="absolute left-1.5 top-1.5 rounded bg-foreground/75 px-1.5 py-0.5 text-xs font-medium text-background">
                    {LABEL_TEXT[photo.label]}
                  </span>
                ) : null}
                {canWork ? (
                  <Button
                    variant="outline"
                    size="icon"
                    className="absolute right-1.5 top-1.5 size-9 bg-background/90"
                    aria-label={`Delete ${name}`}
                    onClick={() => setDeleting(photo.id)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                ) : null}
                {canWork ? (
                  <label className="mt-1 flex min-h-11 cursor-pointer items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={sharing?.photoId === photo.id ? sharing.shareable : photo.shareable}
                      disabled={sharing !== null}
                      aria-label={`Show the client ${name}`}
                      onChange={(e) => {
                        const choice = { photoId: photo.id, shareable: e.target.checked };
                        setSharing(choice);
                        share.mutate(choice, {
                          onError: failed('Could not change the photo.'),
                          onSettled: () => setSharing(null),
                        });
                      }}
                    />
                    Show the client
                  </label>
                ) : photo.shareable ? (
                  <p className="mt-1 text-xs text-muted-foreground">Shown to the client</p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {canWork ? (
        <div className="mt-4 space-y-2">
          <div role="radiogroup" aria-label="Photo label" className="grid grid-cols-2 gap-2">
            {PHOTO_LABELS.map((value) => (
              <button
                key={value}
                type="button"
                role="radio"
                aria-checked={label === value}
                onClick={() => setLabel(value)}
                className="h-11 rounded-md border text-sm font-medium transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring aria-checked:border-primary aria-checked:bg-primary aria-checked:text-primary-foreground"
              >
                {LABEL_TEXT[value]}
              </button>
            ))}
          </div>
          <label
            htmlFor={inputId}
            className={cn(
              'flex h-12 w-full cursor-pointer items-center justify-center gap-2 rounded-md bg-primary px-4 text-base font-medium text-primary-foreground shadow-sm hover:bg-primary-hover focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring sm:text-sm',
              upload.isPending && 'pointer-events-none opacity-50',
            )}
          >
            <Camera aria-hidden="true" className="size-5" />
            {upload.isPending ? 'Uploading...' : `Add ${LABEL_TEXT[label].toLowerCase()} photo`}
            <input
              id={inputId}
              type="file"
              accept="image/*"
              capture="environment"
              className="sr-only"
              disabled={upload.isPending}
              onChange={(e) => {
                onFile(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </label>
        </div>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setDeleting(null);
        }}
        title="Delete this photo?"
        description="It is removed from the visit."
        cancelLabel="Keep photo"
        confirmLabel={remove.isPending ? 'Deleting...' : 'Delete'}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { id: job.id, photoId: deleting },
            { onSuccess: () => setDeleting(null), onError: failed('Could not delete the photo.') },
          )
        }
      />
    </Section>
  );
}

/* -------------------------------------------------------------------------------------------- */

/** `showLines`: false when the page shows the lines in their editor instead. */
export function PriceSection({ job, showLines = true }: { job: JobDetail; showLines?: boolean }) {
  const lineCount = job.lineItems.length;
  return (
    <Section title="Price">
      {showLines && lineCount > 0 ? (
        <table className="w-full text-sm">
          <caption className="sr-only">Line items</caption>
          <TableHead
            className="border-b text-left text-xs text-muted-foreground"
            cellClassName="py-1.5 pr-2"
            headings={[
              { label: 'Item' },
              { label: 'Qty', numeric: true },
              { label: 'Amount', numeric: true },
            ]}
          />
          <tbody className="divide-y">
            {job.lineItems.map((item, i) => (
              <tr key={`${item.description}-${i}`}>
                <td className="break-words py-1.5 pr-2">
                  {item.description}
                  <span className="block text-xs text-muted-foreground">
                    {formatAmount(item.unitPriceCents)} each
                  </span>
                </td>
                <td className="py-1.5 pr-2 text-right tabular-nums">{item.quantity}</td>
                <td className="py-1.5 text-right tabular-nums">
                  {formatAmount(lineTotalCents(item))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <p className="mt-2 flex items-baseline justify-between text-sm">
        <span className="text-muted-foreground">Price</span>
        <span className="text-lg font-semibold tabular-nums">{formatAmount(job.priceCents)}</span>
      </p>
      {lineCount > 0 ? (
        <p className="text-right text-xs text-muted-foreground">
          The total of {lineCount === 1 ? 'the line item' : `the ${lineCount} line items`}
        </p>
      ) : null}
      {job.request ? (
        <p className="mt-3 border-t pt-3 text-sm">
          <span className="text-muted-foreground">From request </span>
          <Link
            to={`/quotes/${job.request.id}`}
            className="font-medium text-primary underline-offset-2 hover:underline"
          >
            {job.request.title}
          </Link>
          <span className="text-muted-foreground"> ({formatAmount(job.request.amountCents)})</span>
        </p>
      ) : null}
    </Section>
  );
}

export function StatusTimesSection({ job }: { job: JobDetail }) {
  const at = (iso: string | null) => formatInstant(iso, job.timeZone);
  return (
    <Section title="Status times">
      <dl className={detailListClass}>
        <Detail label="On the way">{at(job.onTheWayAt)}</Detail>
        <Detail label="Started">{at(job.startedAt)}</Detail>
        <Detail label="Completed">{at(job.completedAt)}</Detail>
        {job.cancelledAt ? <Detail label="Cancelled">{at(job.cancelledAt)}</Detail> : null}
        <Detail label="Time on site">
          {job.timeOnSiteMinutes === null ? '' : formatMinutes(job.timeOnSiteMinutes)}
        </Detail>
      </dl>
    </Section>
  );
}

export function HistorySection({ job }: { job: JobDetail }) {
  const events = [...job.history].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <Section title="History">
      {events.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing has happened yet.</p>
      ) : (
        <Timeline>
          {events.map((event) => (
            <TimelineItem key={event.id}>
              <p className="break-words font-medium">{jobEventText(event)}</p>
              <p className="text-xs text-muted-foreground">
                {event.actorName ? `${event.actorName} · ` : ''}
                <time dateTime={event.createdAt}>
                  {formatInstant(event.createdAt, job.timeZone)}
                </time>
              </p>
            </TimelineItem>
          ))}
        </Timeline>
      )}
    </Section>
  );
}
