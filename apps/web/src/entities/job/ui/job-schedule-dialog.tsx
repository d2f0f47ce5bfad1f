import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FIELD_LIMITS,
  addressLine,
  AFTERNOON_SLOTS,
  JOB_FREQUENCIES,
  JOB_TYPES,
  MORNING_SLOTS,
  optionLabel,
  type JobKind,
  type SeriesScope,
} from '@crewdesk/domain';
import { format, isValid, parseISO } from 'date-fns';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';
import { ContactDialog } from '@/entities/customer/ui/contact-dialog';
import { CustomerSearchBox } from '@/entities/customer/ui/customer-search-box';
import { DatePicker } from '@/components/date-picker';
import { LocationSearchInput } from '@/entities/location/ui/location-search-input';
import { TimeSelect } from '@/components/time-select';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  type ControlledDialogProps,
  Dialog,
  DialogContent,
  DialogFooter,
} from '@/components/ui/dialog';
import { fieldClassName, Input, Label, Textarea } from '@/components/ui/input';
import { useRevalidateAfterSubmit } from '@/components/ui/use-revalidate-after-submit';
import { customerChoiceOf, type Customer } from '@/entities/customer/model/customer';
import { teamMemberOptionsQueryOptions } from '@/entities/team-member/api/team-member-options';
import { teamMemberName } from '@/entities/team-member/model/team-member';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { createJob, deleteJob, updateJob } from '../api/job-api';
import { jobQueryKey, refreshVisitQueries } from '../api/job-keys';
import {
  initialJobFormValues,
  JOB_FORM_ERROR_FIELDS,
  jobFormResolver,
  jobInputOf,
  type JobFormValues,
  type NewJobDefaults,
} from '../model/job-form';
import type { JobDetail, JobInputBody } from '../model/job';
import { FREQUENCY_LABELS } from '../model/job-labels';
import { SeriesScopeDialog, type ScopeAction } from './series-scope-dialog';
import { SubmitButton } from '@/components/ui/submit-button';
import { SelectOptions } from '@/components/ui/select-options';
import { moneySymbol } from '@/lib/money';

const TIME_SLOTS: readonly string[] = [...MORNING_SLOTS, ...AFTERNOON_SLOTS];

function dateOf(value: string): Date | undefined {
  if (!value) return undefined;
  const date = parseISO(value);
  return isValid(date) ? date : undefined;
}

const selectClass = cn(fieldClassName, 'h-10 py-2');

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {message}
    </p>
  );
}

/** The first message of each field the dialog shows an error under. */
function messagesOf(errors: FieldErrors<JobFormValues>) {
  return Object.fromEntries(
    JOB_FORM_ERROR_FIELDS.map((field) => [field, errors[field]?.message]),
  ) as Partial<Record<(typeof JOB_FORM_ERROR_FIELDS)[number], string>>;
}

export interface JobScheduleDialogProps extends ControlledDialogProps {
  /** The visit to edit ('Edit Job Schedule'); without it the dialog creates one. */
  job?: JobDetail | null;
  /** A new visit's start (wall clock 'YYYY-MM-DDTHH:mm:00') and assignee (an employee id). */
  defaults?: NewJobDefaults;
  /** 'task': location, type, price and frequency are not asked. Editing follows job.kind. */
  kind?: JobKind;
  /** After a successful save, once the dialog has closed. */
  onSaved?: (job: JobDetail) => void;
  /** After a successful delete, once the dialog has closed. */
  onDeleted?: () => void;
}

/**
 * Spec section 2, the job schedule dialog: client, title, assignee, date and time (9:00 AM unless
 * chosen), location, type, price, frequency and notes; Create or Update, and Delete when editing.
 */
export function JobScheduleDialog(props: JobScheduleDialogProps) {
  const { open, onOpenChange, job } = props;
  const kind: JobKind = job?.kind ?? props.kind ?? 'job';
  const noun = kind === 'task' ? 'Task' : 'Job Schedule';
  const title = job ? `Edit ${noun}` : `Add New ${noun}`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={title}
        className="max-w-xl"
        // Start on the title: focusing the client search would open its list (and a phone's keyboard).
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          const content = event.currentTarget as HTMLElement | null;
          content?.querySelector<HTMLElement>('[data-autofocus]')?.focus({ preventScroll: true });
        }}
      >
        {/* Mounted on each opening: the form starts from the visit as saved, or blank. */}
        <JobScheduleForm {...props} kind={kind} />
      </DialogContent>
    </Dialog>
  );
}

function JobScheduleForm({
  onOpenChange,
  job,
  defaults,
  kind,
  onSaved,
  onDeleted,
}: JobScheduleDialogProps & { kind: JobKind }) {
  const queryClient = useQueryClient();
  const ids = useId();
  const form = useForm<JobFormValues>({
    resolver: jobFormResolver(kind, job),
    defaultValues: initialJobFormValues(job, defaults),
    // Focus follows the dialog's order of fields, some of which are not plain inputs.
    shouldFocusError: false,
  });
  useRevalidateAfterSubmit(form);
  const values = useWatch({ control: form.control }) as JobFormValues;
  const errors = messagesOf(form.formState.errors);
  const [addingContact, setAddingContact] = useState(false);
  const [scopeFor, setScopeFor] = useState<ScopeAction | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const members = useQuery(teamMemberOptionsQueryOptions());
  const isJob = kind === 'job';
  const inSeries = Boolean(job?.seriesId);
  const nounLower = isJob ? (job ? 'visit' : 'job') : 'task';

  // Fields that are not plain inputs (picker, date, time, place) are set here.
  const setMany = (changes: Partial<JobFormValues>) =>
    Object.entries(changes).forEach(([key, value]) =>
      form.setValue(key as keyof JobFormValues, value as never),
    );
  const set = <K extends keyof JobFormValues>(key: K, value: JobFormValues[K]) =>
    setMany({ [key]: value });

  function pickCustomer(customer: Customer | null) {
    if (customer === null) {
      // Spec: clearing the client offers to add a new contact, which then becomes the client.
      set('customer', null);
      setAddingContact(true);
      return;
    }
    const address = addressLine(customer);
    setMany({
      customer: customerChoiceOf(customer),
      ...(address
        ? { location: address, latitude: customer.latitude, longitude: customer.longitude }
        : {}),
    });
  }

  const save = useMutation({
    mutationFn: ({ input, scope }: { input: JobInputBody; scope: SeriesScope | null }) =>
      job ? updateJob(job.id, input, scope) : createJob(input),
    onSuccess: async (saved) => {
      toast.success(
        job ? `${isJob ? 'Job' : 'Task'} updated` : `${isJob ? 'Job' : 'Task'} created`,
        {
          description: saved.title,
        },
      );
      queryClient.setQueryData(jobQueryKey(saved.id), saved);
      onOpenChange(false);
      onSaved?.(saved);
      await refreshVisitQueries(queryClient, saved.id);
    },
    onError: (error) =>
      toast.error('Error', {
        description: errorMessage(error, `Could not save the ${nounLower}. Try again.`),
      }),
  });

  const remove = useMutation({
    mutationFn: ({ id, scope }: { id: string; scope: SeriesScope | null }) => deleteJob(id, scope),
    onSuccess: async (_answer, { id }) => {
      toast.success(`${isJob ? 'Job' : 'Task'} deleted`, { description: job?.title });
      setConfirmingDelete(false);
      await queryClient.cancelQueries({ queryKey: jobQueryKey(id) });
      queryClient.removeQueries({ queryKey: jobQueryKey(id) });
      onOpenChange(false);
      onDeleted?.();
      await refreshVisitQueries(queryClient);
    },
    onError: (error) =>
      toast.error('Error', {
        description: errorMessage(error, `Could not delete the ${nounLower}. Try again.`),
      }),
  });

  const busy = save.isPending || remove.isPending;

  const submit = form.handleSubmit(
    (valid) => {
      if (inSeries) setScopeFor('save');
      else save.mutate({ input: jobInputOf(valid, kind, job), scope: null });
    },
    (found) => {
      const first = JOB_FORM_ERROR_FIELDS.find((field) => found[field]);
      if (first) document.getElementById(`${ids}-${first}`)?.focus();
    },
  );

  function chooseScope(scope: SeriesScope) {
    const action = scopeFor;
    setScopeFor(null);
    if (action === 'save') save.mutate({ input: jobInputOf(values, kind, job), scope });
    else if (action === 'delete' && job) remove.mutate({ id: job.id, scope });
  }

  const fieldId = (name: string) => `${ids}-${name}`;
  const errorId = (name: string) => `${ids}-${name}-error`;
  const timeIsSlot = TIME_SLOTS.includes(values.time);
  const extraAssignees = job?.assignees.slice(1) ?? [];

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label={`${nounLower} details`}>
      <div className="space-y-1.5">
        <Label htmlFor={fieldId('client')}>
          Client
          {!isJob ? (
            <span className="ml-1 font-normal text-muted-foreground">(optional)</span>
          ) : null}
        </Label>
        <CustomerSearchBox
          id={fieldId('client')}
          value={values.customer}
          onChange={pickCustomer}
          onAddNew={() => setAddingContact(true)}
          disabled={busy}
        />
      </div>

      <div className="space-y-1.5">
        <Label htmlFor={fieldId('title')}>{isJob ? 'Job Title' : 'Task Title'}</Label>
        <Input
          id={fieldId('title')}
          data-autofocus
          {...form.register('title')}
          autoComplete="off"
          maxLength={FIELD_LIMITS.text.title}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? errorId('title') : undefined}
        />
        <FieldError id={errorId('title')} message={errors.title} />
      </div>

      <div className="space-y-1.5">
        <Label htmlFor={fieldId('assignee')}>Assignee</Label>
        <select id={fieldId('assignee')} {...form.register('assigneeId')} className={selectClass}>
          <option value="">Unassigned</option>
          {members.data?.map((m) => (
            <option key={m.id} value={m.id}>
              {teamMemberName(m)}
            </option>
          ))}
          {/* An assignee who left the team still shows until it is changed. */}
          {values.assigneeId &&
          job?.assignees[0]?.id === values.assigneeId &&
          !members.data?.some((m) => m.id === values.assigneeId) ? (
            <option value={values.assigneeId}>{teamMemberName(job.assignees[0])}</option>
          ) : null}
        </select>
        {members.isError ? (
          <p className="text-xs text-destructive">Could not load the team members.</p>
        ) : null}
        {extraAssignees.length > 0 ? (
          <p className="text-xs text-muted-foreground">
            Also assigned: {extraAssignees.map(teamMemberName).join(', ')}
          </p>
        ) : null}
      </div>

      <fieldset className="space-y-1.5">
        <legend className="mb-1.5 text-sm font-medium leading-none">
          Date &amp; Time
          {!isJob ? (
            <span className="ml-1 font-normal text-muted-foreground">(optional)</span>
          ) : null}
        </legend>
        <div className="grid gap-2 sm:grid-cols-[1fr_10rem]">
          <div className="flex gap-2">
            {/* A label, not aria-label: the button's text is the picked day, its name is the field. */}
            <label htmlFor={fieldId('date')} className="sr-only">
              Date
            </label>
            <DatePicker
              id={fieldId('date')}
              value={dateOf(values.date)}
              onChange={(d) => set('date', d ? format(d, 'yyyy-MM-dd') : '')}
              aria-invalid={errors.date ? true : undefined}
              className="min-w-0 flex-1"
            />
            {values.date ? (
              <Button
                variant="ghost"
                size="sm"
                className="h-10"
                onClick={() => set('date', '')}
                aria-label="Clear date"
              >
                Clear
              </Button>
            ) : null}
          </div>
          <TimeSelect
            aria-label="Time"
            // A time set on the schedule (7:15 AM) is not a slot: it shows until another is chosen.
            value={timeIsSlot ? values.time : ''}
            placeholder={timeIsSlot ? undefined : values.time}
            onChange={(t) => set('time', t)}
          />
        </div>
        <FieldError id={errorId('date')} message={errors.date} />
        {values.date === '' && !errors.date ? (
          <p className="text-xs text-muted-foreground">
            Without a date it waits under Unplanned on the schedule.
          </p>
        ) : null}
      </fieldset>

      <div className="space-y-1.5">
        <Label htmlFor={fieldId('location')}>
          Location
          {!isJob ? (
            <span className="ml-1 font-normal text-muted-foreground">(optional)</span>
          ) : null}
        </Label>
        <LocationSearchInput
          id={fieldId('location')}
          maxLength={FIELD_LIMITS.text.multilineAddress}
          value={values.location}
          onValueChange={(text) =>
            // Typed text no longer matches the position of a picked place.
            setMany({ location: text, latitude: null, longitude: null })
          }
          onLocationSelect={(place) =>
            setMany({ location: place.formatted, latitude: place.lat, longitude: place.lng })
          }
          aria-invalid={errors.location ? true : undefined}
          aria-describedby={errors.location ? errorId('location') : undefined}
        />
        <FieldError id={errorId('location')} message={errors.location} />
      </div>

      {isJob ? (
        <div className="grid gap-4 sm:grid-cols-3">
          <div className="space-y-1.5">
            <Label htmlFor={fieldId('type')}>Type</Label>
            <select id={fieldId('type')} {...form.register('type')} className={selectClass}>
              <SelectOptions values={JOB_TYPES} label={optionLabel} />
            </select>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={fieldId('price')}>Price ({moneySymbol()})</Label>
            <Input
              id={fieldId('price')}
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              placeholder="0.00"
              {...form.register('price')}
              aria-invalid={errors.price ? true : undefined}
              aria-describedby={errors.price ? errorId('price') : undefined}
            />
            <FieldError id={errorId('price')} message={errors.price} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={fieldId('frequency')}>Frequency</Label>
            <select
              id={fieldId('frequency')}
              {...form.register('frequency')}
              className={selectClass}
            >
              <SelectOptions values={JOB_FREQUENCIES} label={(f) => FREQUENCY_LABELS[f]} />
            </select>
          </div>
        </div>
      ) : null}

      <div className="space-y-1.5">
        <Label htmlFor={fieldId('notes')}>
          Notes <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Textarea
          id={fieldId('notes')}
          {...form.register('notes')}
          maxLength={FIELD_LIMITS.text.notes}
          className="min-h-20"
        />
      </div>

      <DialogFooter className="sm:justify-between">
        {job ? (
          <Button
            variant="outline"
            className="text-destructive"
            disabled={busy}
            onClick={() => (inSeries ? setScopeFor('delete') : setConfirmingDelete(true))}
          >
            <Trash2 aria-hidden="true" />
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        ) : (
          <span className="hidden sm:block" />
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <SubmitButton pending={save.isPending} pendingLabel="Saving..." disabled={busy}>
            {job ? 'Update' : 'Create'}
          </SubmitButton>
        </div>
      </DialogFooter>

      <ContactDialog
        open={addingContact}
        onOpenChange={setAddingContact}
        onSaved={(customer) => pickCustomer(customer)}
      />
      <SeriesScopeDialog
        action={scopeFor}
        onOpenChange={(isOpen) => {
          if (!isOpen) setScopeFor(null);
        }}
        onChoose={chooseScope}
      />
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={(isOpen) => {
          if (!isOpen && !remove.isPending) setConfirmingDelete(false);
        }}
        title={`Delete this ${nounLower}?`}
        description="It is removed from the schedule with its checklist, photos and history."
        cancelLabel={`Keep ${nounLower}`}
        confirmLabel={remove.isPending ? 'Deleting...' : 'Delete'}
        destructive
        pending={remove.isPending}
        onConfirm={() => job && remove.mutate({ id: job.id, scope: null })}
      />
    </form>
  );
}
