import { zodResolver } from '@hookform/resolvers/zod';
import {
  combineDateAndTime,
  DEFAULT_JOB_FREQUENCY,
  DEFAULT_JOB_TIME,
  DEFAULT_JOB_TYPE,
  DEFAULT_VISIT_MINUTES,
  jobInputSchema,
  localTimeSlot,
  type JobKind,
} from '@crewdesk/domain';
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import { customerChoiceOf, type CustomerChoice } from '@/entities/customer/model/customer';
import type { JobDetail, JobInputBody } from './job';
import { amountText, toMinor } from '@/lib/money';

type JobBody = Required<JobInputBody>;

/**
 * The job dialog's fields: the domain's job input where the dialog shows it as is, and the
 * picker's contact, the split date and time, the assignee it edits and the price as typed.
 */
export type JobFormValues = Pick<
  JobBody,
  'title' | 'location' | 'latitude' | 'longitude' | 'type' | 'frequency' | 'notes'
> & {
  customer: CustomerChoice | null;
  /** The first assignee (an employee id), or '' for Unassigned. */
  assigneeId: string;
  /** 'YYYY-MM-DD', or '' for no date yet (an unplanned job or task). */
  date: string;
  /** A time slot, '9:00 AM'. */
  time: string;
  /** Dollars as typed. */
  price: string;
};

/** A new visit's start (wall clock 'YYYY-MM-DDTHH:mm:00') and assignee (an employee id). */
export interface NewJobDefaults {
  startsAt?: string;
  assigneeId?: string;
}

/** 'YYYY-MM-DDTHH:mm:00' → { date: 'YYYY-MM-DD', time: '9:00 AM' }. */
export function splitLocalDateTime(local: string): { date: string; time: string } | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(local)) return null;
  return { date: local.slice(0, 10), time: localTimeSlot(local) };
}

function editedJobValues(job: JobDetail): JobFormValues {
  return {
    customer: job.customer ? customerChoiceOf(job.customer) : null,
    title: job.title,
    assigneeId: job.assignees[0]?.id ?? '',
    date: job.date ?? '',
    time: job.time ?? DEFAULT_JOB_TIME,
    location: job.location,
    latitude: job.latitude,
    longitude: job.longitude,
    type: job.type,
    price: job.priceCents > 0 ? amountText(job.priceCents) : '',
    frequency: job.frequency,
    notes: job.notes,
  };
}

/** The visit as saved, or a blank job at the defaults (9:00 AM, cleaning, one-time). */
export function initialJobFormValues(
  job: JobDetail | null | undefined,
  defaults: NewJobDefaults | undefined,
): JobFormValues {
  if (job) return editedJobValues(job);
  const start = defaults?.startsAt ? splitLocalDateTime(defaults.startsAt) : null;
  return {
    customer: null,
    title: '',
    assigneeId: defaults?.assigneeId ?? '',
    date: start?.date ?? '',
    time: start?.time ?? DEFAULT_JOB_TIME,
    location: '',
    latitude: null,
    longitude: null,
    type: DEFAULT_JOB_TYPE,
    price: '',
    frequency: DEFAULT_JOB_FREQUENCY,
    notes: '',
  };
}

/** The API body; an edit keeps what the dialog does not show (duration, line items, others). */
export function jobInputOf(
  values: JobFormValues,
  kind: JobKind,
  job: JobDetail | null | undefined,
): JobInputBody {
  const price = values.price.trim();
  const otherAssignees = (job?.assignees.slice(1) ?? [])
    .map((a) => a.id)
    .filter((id) => id !== values.assigneeId);
  return {
    kind,
    title: values.title.trim(),
    customerId: values.customer?.id ?? null,
    location: values.location.trim(),
    latitude: values.latitude,
    longitude: values.longitude,
    assigneeIds: values.assigneeId ? [values.assigneeId, ...otherAssignees] : otherAssignees,
    startsAt: values.date ? combineDateAndTime(values.date, values.time) : null,
    durationMinutes: job?.durationMinutes ?? DEFAULT_VISIT_MINUTES,
    type: kind === 'job' ? values.type : (job?.type ?? DEFAULT_JOB_TYPE),
    priceCents: price === '' ? 0 : toMinor(Number(price)),
    frequency: kind === 'job' ? values.frequency : 'one-time',
    notes: values.notes.trim(),
    lineItems: job?.lineItems ?? [],
    checklist: [],
  };
}

/** The fields the dialog shows an error under, and the place they are first looked at. */
export const JOB_FORM_ERROR_FIELDS = ['title', 'date', 'location', 'price'] as const;
type JobErrorField = (typeof JOB_FORM_ERROR_FIELDS)[number];

/** Where an issue of the domain's job input shows in the dialog. */
const FIELD_OF_INPUT_PATH: Record<string, JobErrorField> = {
  title: 'title',
  location: 'location',
  priceCents: 'price',
  startsAt: 'date',
};

const validateJobInput = zodResolver(jobInputSchema);

/**
 * Validates what the dialog would send with the domain's jobInputSchema (the server's own check),
 * and shows each issue under its field. An issue about what the dialog does not show (an old
 * visit's line items) does not block it: the server answers it, and its message is toasted.
 */
export function jobFormResolver(
  kind: JobKind,
  job: JobDetail | null | undefined,
): Resolver<JobFormValues> {
  return async (values, context, options) => {
    const result = await validateJobInput(jobInputOf(values, kind, job), context, {
      fields: {},
      criteriaMode: options.criteriaMode,
      shouldUseNativeValidation: false,
    });
    const inputErrors = result.errors as Record<string, FieldError | undefined>;
    const errors: FieldErrors<JobFormValues> = {};
    for (const [path, field] of Object.entries(FIELD_OF_INPUT_PATH)) {
      const error = inputErrors[path];
      if (error) errors[field] = { type: error.type, message: error.message };
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}
