import { z } from 'zod';
import {
  DEFAULT_ASSIGNEE,
  DEFAULT_JOB_FREQUENCY,
  DEFAULT_JOB_TIME,
  DEFAULT_JOB_TYPE,
  JOB_FREQUENCIES,
  JOB_TYPES,
} from '../schedule/recurrence.ts';
import { TIME_SLOT_PATTERN } from '../schedule/time-slots.ts';

export const REQUIRED_MESSAGE = 'Required';

const required = () =>
  z.string({ error: REQUIRED_MESSAGE }).trim().min(1, { error: REQUIRED_MESSAGE });

export const jobScheduleSchema = z.object({
  title: required(),
  location: required(),
  assignee: z.string().default(DEFAULT_ASSIGNEE),
  /** The picked calendar day, YYYY-MM-DD; combineDateAndTime joins it with time. */
  date: z.iso.date({
    error: (issue) =>
      issue.input === undefined || issue.input === '' ? REQUIRED_MESSAGE : 'Invalid date',
  }),
  time: z.string().regex(TIME_SLOT_PATTERN, { error: 'Invalid time' }).default(DEFAULT_JOB_TIME),
  type: z.enum(JOB_TYPES).default(DEFAULT_JOB_TYPE),
  /** Dollars, as typed in the dialog (spec section 2). */
  price: z.number().min(0).optional(),
  frequency: z.enum(JOB_FREQUENCIES).default(DEFAULT_JOB_FREQUENCY),
  notes: z.string().optional(),
  customerId: z.string().optional(),
});

export type JobScheduleValues = z.output<typeof jobScheduleSchema>;
export type JobScheduleInput = z.input<typeof jobScheduleSchema>;
