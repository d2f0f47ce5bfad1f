import { PHOTO_LABELS, type PhotoLabel } from '@crewdesk/domain';
import { CalendarX, Camera, ExternalLink, KeyRound } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { useFieldVisits } from '@/entities/field-visit/api/field-visits-context';
import { VisitInspectionAction } from '@/entities/inspection/ui/visit-inspection-action';
import { nextFieldStep, visitOnPhone } from '@/entities/field-visit/model/queued-change';
import { formatLocalDay, formatLocalEnd, formatLocalTime } from '@/entities/job/model/job-text';
import { JobStatusBadge } from '@/entities/job/ui/job-status-badge';
import { CallAndNavigate } from '@/entities/job/ui/call-and-navigate';
import { punchVisitStep } from '@/entities/time/api/punch-queue';
import { FieldVisitStates } from '../components/field-visit-states';
import { SyncNotices } from '../components/sync-notices';

const PHOTO_LABEL_TEXT: Record<PhotoLabel, string> = { before: 'Before', after: 'After' };

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <Card className="p-4" role="region" aria-labelledby={id}>
      <h2 id={id} className="mb-3 font-semibold">
        {title}
      </h2>
      {children}
    </Card>
  );
}

/** One visit of today or tomorrow: works the same with or without a connection. */
export function FieldVisitPage() {
  const { id } = useParams();
  const { load, pack, queue, record, recountPunches, online } = useFieldVisits();
  const [note, setNote] = useState('');
  const [label, setLabel] = useState<PhotoLabel>('after');
  const photoInput = useRef<HTMLInputElement>(null);
  const noteId = useId();

  if (load !== 'ready' || !pack) return <FieldVisitStates />;
  const kept = pack.visits.find((v) => v.id === id);
  if (!kept)
    return (
      <div className="space-y-4">
        <BackLink to="/visits">My visits</BackLink>
        <EmptyState icon={CalendarX} title="This visit is not on this phone">
          Only your visits of today and tomorrow are kept here. The office may have moved it or
          given it to someone else.
        </EmptyState>
      </div>
    );
  const visit = visitOnPhone(kept, queue);
  const step = nextFieldStep(visit.status);
  const canWork = visit.status !== 'cancelled';

  function addNote(event: FormEvent) {
    event.preventDefault();
    const text = note.trim();
    if (!text || !kept) return;
    void record(kept, { kind: 'note', jobId: kept.id, text });
    setNote('');
  }

  function addPhoto(files: FileList | null) {
    const file = files?.[0];
    if (!file || !kept) return;
    void record(kept, { kind: 'photo', jobId: kept.id, label, image: file });
    if (photoInput.current) photoInput.current.value = '';
  }

  return (
    <div className="space-y-4">
      <BackLink to="/visits">My visits</BackLink>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">
            {visit.localStartsAt
              ? `${formatLocalDay(visit.localStartsAt)}, ${formatLocalTime(visit.localStartsAt)} – ${formatLocalEnd(visit.localStartsAt, visit.durationMinutes)}`
              : 'Any time'}
          </p>
          <h1 className="break-words text-2xl font-semibold">{visit.title}</h1>
          {visit.customerName ? <p className="mt-1">{visit.customerName}</p> : null}
          {visit.address ? (
            <p className="break-words text-sm text-muted-foreground">{visit.address}</p>
          ) : null}
        </div>
        <JobStatusBadge status={visit.status} className="shrink-0" />
      </div>
      <SyncNotices jobId={visit.id} />
      <CallAndNavigate
        customerName={visit.customerName}
        customerPhone={visit.customerPhone}
        address={visit.address}
      />
      {step && canWork ? (
        <Button
          size="lg"
          className="h-14 w-full text-base"
          onClick={() => {
            void record(kept, { kind: 'status', jobId: kept.id, status: step.status });
            void punchVisitStep(step.status, kept.id)?.finally(recountPunches);
          }}
        >
          {step.label}
        </Button>
      ) : null}
      {canWork && online ? (
        // Online only: the templates and the inspection live on the server.
        <VisitInspectionAction jobId={visit.id} primary={false} />
      ) : null}
      {visit.notes ? (
        <Section title="Notes from the office">
          <p className="whitespace-pre-wrap break-words text-sm">{visit.notes}</p>
        </Section>
      ) : null}
      {visit.accessLabels.length > 0 ? (
        <Section title="Access">
          <ul className="space-y-1 text-sm">
            {visit.accessLabels.map((name) => (
              <li key={name} className="flex items-center gap-2">
                <KeyRound className="size-4 text-muted-foreground" aria-hidden="true" />
                {name}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-muted-foreground">
            Codes are never kept on the phone: open the full visit online from an hour before it
            starts to see them.
          </p>
        </Section>
      ) : null}
      <Section title="Checklist">
        {visit.checklist.length === 0 ? (
          <p className="text-sm text-muted-foreground">This visit has no checklist.</p>
        ) : (
          <ul className="divide-y">
            {visit.checklist.map((item) => (
              <li key={item.id}>
                <label className="flex min-h-12 cursor-pointer items-center gap-3 py-2">
                  <input
                    type="checkbox"
                    className="size-6 shrink-0 accent-primary"
                    checked={item.done}
                    disabled={!canWork}
                    onChange={(event) =>
                      void record(kept, {
                        kind: 'checklist',
                        jobId: kept.id,
                        itemId: item.id,
                        done: event.target.checked,
                      })
                    }
                  />
                  <span className={item.done ? 'text-muted-foreground line-through' : undefined}>
                    {item.label}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Photos">
        <fieldset className="mb-3 flex gap-4 text-sm">
          <legend className="sr-only">The next photo is</legend>
          {PHOTO_LABELS.map((option) => (
            <label key={option} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="photo-label"
                className="size-5 accent-primary"
                checked={label === option}
                onChange={() => setLabel(option)}
              />
              {PHOTO_LABEL_TEXT[option]}
            </label>
          ))}
        </fieldset>
        <input
          ref={photoInput}
          id={`${noteId}-photo`}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          capture="environment"
          className="sr-only"
          disabled={!canWork}
          onChange={(event) => addPhoto(event.target.files)}
        />
        <Button variant="outline" size="lg" className="h-12 w-full" asChild disabled={!canWork}>
          <label htmlFor={`${noteId}-photo`} className="cursor-pointer">
            <Camera aria-hidden="true" />
            Add photo
          </label>
        </Button>
        {visit.waitingPhotos > 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">
            {visit.waitingPhotos === 1
              ? '1 photo waiting to be sent'
              : `${visit.waitingPhotos} photos waiting to be sent`}
          </p>
        ) : null}
      </Section>
      <Section title="Notes">
        {visit.waitingNotes.length > 0 ? (
          <ul className="mb-3 space-y-2 text-sm">
            {visit.waitingNotes.map((text, i) => (
              <li key={`${i}-${text}`} className="rounded-md bg-muted px-3 py-2">
                <p className="whitespace-pre-wrap break-words">{text}</p>
                <p className="mt-1 text-xs text-muted-foreground">Waiting to be sent</p>
              </li>
            ))}
          </ul>
        ) : null}
        <form onSubmit={addNote} className="space-y-2">
          <label htmlFor={noteId} className="text-sm font-medium">
            Add a note
          </label>
          <textarea
            id={noteId}
            value={note}
            maxLength={5000}
            rows={3}
            disabled={!canWork}
            onChange={(event) => setNote(event.target.value)}
            className="w-full rounded-md border bg-background px-3 py-2 text-base"
          />
          <Button type="submit" className="h-11 w-full" disabled={!canWork || note.trim() === ''}>
            Save note
          </Button>
        </form>
      </Section>
      <Button variant="ghost" className="w-full" asChild>
        <Link to={`/jobs/${visit.id}`}>
          Full visit details (online)
          <ExternalLink aria-hidden="true" />
        </Link>
      </Button>
    </div>
  );
}
