import { useMutation } from '@tanstack/react-query';
import { AlertTriangle, Camera, Check, CloudOff, LoaderCircle, StickyNote } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import type {
  InspectionAnswer,
  InspectionAnswerInput,
  InspectionDetail,
  InspectionItem,
} from '@crewdesk/domain';
import { isFailed } from '@crewdesk/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input, Label, Textarea } from '@/components/ui/input';
import { useQueryClient } from '@tanstack/react-query';
import {
  inspectionQueryKey,
  removeInspectionPhoto,
  uploadInspectionPhoto,
} from '@/entities/inspection/api/inspection-api';
import {
  answerText,
  answerValueOf,
  hasAnswerValue,
} from '@/entities/inspection/model/inspection-text';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import type { PendingAnswer } from '../api/answer-queue';

/** The answer as the screen shows it: the one waiting to be saved, else the server's. */
export function shownInput(
  answer: InspectionAnswer | undefined,
  pending: PendingAnswer | undefined,
): InspectionAnswerInput | null {
  if (pending && pending.state !== 'refused') return pending.input;
  if (!answer || !hasAnswerValue(answer)) return null;
  return {
    ...answerValueOf(answer),
    note: answer.note,
    internalNote: answer.internalNote ?? '',
  } as InspectionAnswerInput;
}

const big =
  'h-14 min-w-0 flex-1 rounded-md border-2 text-base font-semibold aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground';

function Segmented<V extends string | number>({
  label,
  options,
  value,
  onChoose,
  disabled,
}: {
  label: string;
  options: readonly { value: V; text: string; aria?: string; tone?: 'fail' }[];
  value: V | null;
  onChoose: (value: V) => void;
  disabled: boolean;
}) {
  return (
    <div role="group" aria-label={label} className="flex gap-2">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          aria-label={option.aria}
          disabled={disabled}
          onClick={() => onChoose(option.value)}
          className={cn(
            big,
            'border-input bg-background hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60',
            option.tone === 'fail' &&
              'aria-pressed:border-destructive aria-pressed:bg-destructive aria-pressed:text-destructive-foreground',
          )}
        >
          {option.text}
        </button>
      ))}
    </div>
  );
}

function SaveStatus({
  pending,
  answered,
}: {
  pending: PendingAnswer | undefined;
  answered: boolean;
}) {
  let content: ReactNode = null;
  if (pending?.state === 'saving')
    content = (
      <>
        <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" /> Saving…
      </>
    );
  else if (pending?.state === 'unsaved')
    content = (
      <span className="inline-flex items-center gap-1 text-warning">
        <CloudOff aria-hidden="true" className="size-3.5" /> Not saved yet
      </span>
    );
  else if (pending?.state === 'refused')
    content = (
      <span className="inline-flex items-center gap-1 text-destructive">
        <AlertTriangle aria-hidden="true" className="size-3.5" /> Not saved
      </span>
    );
  else if (answered)
    content = (
      <span className="inline-flex items-center gap-1 text-success">
        <Check aria-hidden="true" className="size-3.5" /> Saved
      </span>
    );
  return (
    <span
      aria-live="polite"
      className="inline-flex items-center gap-1 text-xs text-muted-foreground"
    >
      {content}
    </span>
  );
}

/** Typed answers (a number, a text, a name) are saved when the field is left or Enter is pressed. */
function TypedAnswer({
  label,
  initial,
  multiline,
  numeric,
  unit,
  disabled,
  onSave,
}: {
  label: string;
  initial: string;
  multiline?: boolean;
  numeric?: boolean;
  unit?: string | null;
  disabled: boolean;
  onSave: (text: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    if (text.trim() === initial.trim()) return;
    if (numeric && (text.trim() === '' || Number.isNaN(Number(text)))) {
      setError('Enter a number.');
      return;
    }
    setError(null);
    onSave(text.trim());
  };
  const common = {
    id,
    value: text,
    disabled,
    'aria-invalid': error ? true : undefined,
    onChange: (e: { target: { value: string } }) => setText(e.target.value),
    onBlur: save,
  };
  return (
    <div className="space-y-1">
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <div className="flex items-center gap-2">
        {multiline ? (
          <Textarea {...common} rows={3} className="text-base" />
        ) : (
          <Input
            {...common}
            className="h-12 text-base"
            inputMode={numeric ? 'decimal' : undefined}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                save();
              }
            }}
          />
        )}
        {unit ? <span className="shrink-0 text-base text-muted-foreground">{unit}</span> : null}
      </div>
      {error ? <p className="text-sm text-destructive">{error}</p> : null}
    </div>
  );
}

function Photos({
  inspectionId,
  itemKey,
  answer,
  readOnly,
  needed,
}: {
  inspectionId: string;
  itemKey: string;
  answer: InspectionAnswer | undefined;
  readOnly: boolean;
  needed: boolean;
}) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  // A failed upload keeps its file and its id: trying again stores it once.
  const [failed, setFailed] = useState<{ file: File; clientId: string } | null>(null);
  const upload = useMutation({
    mutationFn: ({ file, clientId }: { file: File; clientId: string }) =>
      uploadInspectionPhoto(inspectionId, itemKey, file, clientId),
    onSuccess: (detail: InspectionDetail) => {
      setFailed(null);
      queryClient.setQueryData(inspectionQueryKey(inspectionId), detail);
    },
    onError: (_error, variables) => setFailed(variables),
  });
  const remove = useMutation({
    mutationFn: (photoId: string) => removeInspectionPhoto(inspectionId, photoId),
    onSuccess: (detail: InspectionDetail) =>
      queryClient.setQueryData(inspectionQueryKey(inspectionId), detail),
  });
  const photos = answer?.photos ?? [];
  return (
    <div className="space-y-2">
      {photos.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Photos">
          {photos.map((photo, index) => (
            <li key={photo.id} className="flex flex-col items-center gap-1">
              <a href={photo.url} target="_blank" rel="noreferrer">
                <img
                  src={photo.url}
                  alt={`Photo ${index + 1}`}
                  className="size-20 rounded-md border object-cover"
                />
              </a>
              {readOnly ? null : (
                <Button
                  variant="ghost"
                  size="sm"
                  className="h-10 text-destructive"
                  aria-label={`Remove photo ${index + 1}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(photo.id)}
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {readOnly ? null : (
        <>
          <input
            ref={input}
            id={id}
            type="file"
            accept="image/*"
            capture="environment"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) upload.mutate({ file, clientId: crypto.randomUUID() });
            }}
          />
          <Button
            variant={needed ? 'default' : 'outline'}
            className="h-12 w-full text-base sm:w-auto"
            disabled={upload.isPending}
            onClick={() => input.current?.click()}
          >
            <Camera aria-hidden="true" />
            {upload.isPending
              ? 'Uploading photo…'
              : needed
                ? 'Take the required photo'
                : 'Add photo'}
          </Button>
          {remove.isError ? (
            <Alert tone="error">{errorMessage(remove.error, 'The photo was not removed.')}</Alert>
          ) : null}
          {failed ? (
            <Alert tone="error" className="flex flex-wrap items-center gap-2">
              <span>{errorMessage(upload.error, 'The photo was not uploaded.')}</span>
              <Button size="sm" variant="outline" onClick={() => upload.mutate(failed)}>
                Try the photo again
              </Button>
            </Alert>
          ) : null}
        </>
      )}
    </div>
  );
}

const PASS_FAIL = [
  { value: 'pass', text: 'Pass' },
  { value: 'fail', text: 'Fail', tone: 'fail' },
  { value: 'na', text: 'N.A.' },
] as const;
const RATINGS = [1, 2, 3, 4, 5].map((n) => ({
  value: n,
  text: String(n),
  aria: `${n} of 5`,
  tone: n <= 2 ? ('fail' as const) : undefined,
}));

/** One item of the checklist: its label and marks, the control of its kind, note and photos. */
export function ItemAnswer({
  inspectionId,
  item,
  answer,
  pending,
  readOnly,
  missingReason,
  onAnswer,
}: {
  inspectionId: string;
  item: InspectionItem;
  answer: InspectionAnswer | undefined;
  pending: PendingAnswer | undefined;
  readOnly: boolean;
  missingReason: string | null;
  onAnswer: (input: InspectionAnswerInput) => void;
}) {
  const shown = shownInput(answer, pending);
  const [noteOpen, setNoteOpen] = useState(Boolean(shown?.note));
  const failed = shown ? isFailed(item, shown as never) : false;
  const note = shown?.note ?? '';
  const internalNote = shown?.internalNote ?? '';
  const withNotes = (value: object): InspectionAnswerInput =>
    ({ ...value, note, internalNote }) as InspectionAnswerInput;
  const shownValue = shown && 'value' in shown ? shown.value : null;
  const headingId = useId();

  let control: ReactNode = null;
  switch (item.kind) {
    case 'pass_fail_na':
      control = (
        <Segmented
          label={item.label}
          options={PASS_FAIL}
          value={shownValue as 'pass' | 'fail' | 'na' | null}
          disabled={readOnly}
          onChoose={(value) => onAnswer(withNotes({ kind: 'pass_fail_na', value }))}
        />
      );
      break;
    case 'rating_1_5':
      control = (
        <Segmented
          label={item.label}
          options={RATINGS}
          value={shownValue as number | null}
          disabled={readOnly}
          onChoose={(value) => onAnswer(withNotes({ kind: 'rating_1_5', value }))}
        />
      );
      break;
    case 'yes_no':
      control = (
        <Segmented
          label={item.label}
          options={[
            { value: 'yes', text: 'Yes', tone: item.failingAnswer === 'yes' ? 'fail' : undefined },
            { value: 'no', text: 'No', tone: item.failingAnswer === 'no' ? 'fail' : undefined },
          ]}
          value={shownValue as 'yes' | 'no' | null}
          disabled={readOnly}
          onChoose={(value) => onAnswer(withNotes({ kind: 'yes_no', value }))}
        />
      );
      break;
    case 'number_with_unit':
      control = (
        <TypedAnswer
          label={item.label}
          initial={shownValue === null ? '' : String(shownValue)}
          numeric
          unit={item.unit}
          disabled={readOnly}
          onSave={(text) => onAnswer(withNotes({ kind: 'number_with_unit', value: Number(text) }))}
        />
      );
      break;
    case 'text':
      control = (
        <TypedAnswer
          label={item.label}
          initial={shownValue === null ? '' : String(shownValue)}
          multiline
          disabled={readOnly}
          onSave={(text) => onAnswer(withNotes({ kind: 'text', value: text }))}
        />
      );
      break;
    case 'signature':
      control = (
        <TypedAnswer
          label={`${item.label}: typed full name`}
          initial={shown && 'name' in shown ? shown.name : ''}
          disabled={readOnly}
          onSave={(name) => onAnswer(withNotes({ kind: 'signature', name }))}
        />
      );
      break;
    case 'photo':
      control = null;
      break;
  }

  const photoNeeded = item.photoRequiredWhenFailed && failed && (answer?.photos.length ?? 0) === 0;
  return (
    <li
      id={`item-${item.key}`}
      aria-labelledby={headingId}
      className={cn(
        'scroll-mt-24 space-y-3 border-b py-4 last:border-b-0',
        missingReason && 'rounded-md bg-warning/5 px-2',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 id={headingId} className="text-base font-medium break-words">
            {item.label}
          </h4>
          <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-muted-foreground">
            {item.required ? <span className="font-medium text-foreground">Required</span> : null}
            {item.photoRequiredWhenFailed ? <span>Photo required when failed</span> : null}
            {failed ? <span className="font-medium text-destructive">Failed</span> : null}
          </p>
        </div>
        {readOnly ? null : <SaveStatus pending={pending} answered={Boolean(answer)} />}
      </div>
      {readOnly ? (
        <p className={cn('text-base', failed ? 'font-semibold text-destructive' : 'font-medium')}>
          {answerText(answer, item.unit)}
        </p>
      ) : (
        control
      )}
      {missingReason ? (
        <p className="text-sm font-medium text-warning">This item {missingReason}.</p>
      ) : null}
      {pending?.state === 'refused' ? (
        <p className="text-sm text-destructive">{pending.error}</p>
      ) : null}
      {item.kind === 'photo' || failed || (answer?.photos.length ?? 0) > 0 ? (
        <Photos
          inspectionId={inspectionId}
          itemKey={item.key}
          answer={answer}
          readOnly={readOnly}
          needed={photoNeeded || (item.kind === 'photo' && item.required && !answer?.photos.length)}
        />
      ) : null}
      {readOnly ? (
        note ? (
          <p className="text-sm">
            <span className="text-muted-foreground">Note: </span>
            {note}
          </p>
        ) : null
      ) : noteOpen ? (
        <NoteField
          label={`Note on ${item.label}`}
          initial={note}
          disabled={!shown && item.kind !== 'photo'}
          onSave={(text) => {
            const base = shown ?? ({ kind: 'photo' } as InspectionAnswerInput);
            onAnswer({ ...base, note: text } as InspectionAnswerInput);
          }}
        />
      ) : (
        <Button
          variant="ghost"
          size="sm"
          className="h-10"
          disabled={!shown && item.kind !== 'photo'}
          onClick={() => setNoteOpen(true)}
        >
          <StickyNote aria-hidden="true" />
          Add a note
        </Button>
      )}
    </li>
  );
}

function NoteField({
  label,
  initial,
  disabled,
  onSave,
}: {
  label: string;
  initial: string;
  disabled: boolean;
  onSave: (text: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(initial);
  return (
    <div className="space-y-1">
      <Label htmlFor={id} className="text-sm">
        {label}
      </Label>
      <Textarea
        id={id}
        rows={2}
        value={text}
        disabled={disabled}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => {
          if (text.trim() !== initial.trim()) onSave(text.trim());
        }}
      />
      <p className="text-xs text-muted-foreground">
        On the client’s report. Saved when you leave the field.
      </p>
    </div>
  );
}
