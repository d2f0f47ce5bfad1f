import { z } from 'zod';
import { ROLES } from '../auth/roles.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth.ts';
import { EMAIL_MESSAGE } from '../messages.ts';
import { FIELD_LIMITS, tooLongMessage } from './field-limits.ts';
import { ASSIGNABLE_ROLES, EMPLOYMENT_STATUSES } from '../team/team.ts';

/** The highest pay rate the form takes: $100,000.00 (in cents). */
export const PAY_RATE_MAX_CENTS = 10_000_000;

const T = FIELD_LIMITS.text;

const name = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(T.personName, { error: tooLongMessage(label, T.personName) });

/** Empty text means "none": stored as null (spec section 5, empty e-mail or phone). */
const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v) => (v === '' ? null : v))
  .pipe(
    z
      .email({ error: EMAIL_MESSAGE })
      .max(T.email, { error: tooLongMessage('Email', T.email) })
      .nullable(),
  )
  .nullable()
  .optional();

const optionalPhone = z
  .string()
  .trim()
  .max(T.phone, { error: tooLongMessage('Phone', T.phone) })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

const payRateCents = z
  .number({ error: 'Pay rate must be an amount in US dollars.' })
  .int({ error: 'Pay rate must be a whole number of cents.' })
  .min(0, { error: 'Pay rate cannot be negative.' })
  .max(PAY_RATE_MAX_CENTS, { error: 'Pay rate is too large.' })
  .nullable()
  .optional();

/** An employee added by hand (staff who do not sign in), spec section 3: Employee. */
export const employeeSchema = z.object({
  firstName: name('First name'),
  lastName: name('Last name'),
  email: optionalEmail,
  phone: optionalPhone,
  payRateCents,
});

export type EmployeeInput = z.input<typeof employeeSchema>;
export type EmployeeValues = z.output<typeof employeeSchema>;

/** A change to an employee: any of the fields, and the employment status. */
export const employeeUpdateSchema = employeeSchema.partial().extend({
  employmentStatus: z
    .enum(EMPLOYMENT_STATUSES, { error: "Employment status must be 'active' or 'inactive'." })
    .optional(),
  /** The team leader whose crew this person joins; null takes them out of any crew. */
  crewLeaderId: z.uuid({ error: 'Crew leader must be a team member id.' }).nullable().optional(),
});

export type EmployeeUpdate = z.output<typeof employeeUpdateSchema>;

const ROLE_MESSAGE = 'Choose a role for this person (any role but owner).';

export const assignableRoleSchema = z.enum(ASSIGNABLE_ROLES, { error: ROLE_MESSAGE });

export const invitationSchema = z.object({
  email: z
    .string({ error: EMAIL_MESSAGE })
    .trim()
    .toLowerCase()
    .pipe(
      z.email({ error: EMAIL_MESSAGE }).max(T.email, { error: tooLongMessage('Email', T.email) }),
    ),
  role: assignableRoleSchema,
});

export type InvitationInput = z.input<typeof invitationSchema>;

export const memberRoleSchema = z.object({ role: assignableRoleSchema });

/** Signing up from an invitation: the e-mail is the invitation's own. */
export const invitationSignUpSchema = z.object({
  firstName: name('First name'),
  lastName: name('Last name'),
  password: z
    .string({ error: 'Password is required.' })
    .min(PASSWORD_MIN_LENGTH, { error: 'Password must be at least 8 characters.' })
    .max(PASSWORD_MAX_LENGTH, { error: 'Password must be at most 128 characters.' }),
});

export type InvitationSignUpInput = z.input<typeof invitationSignUpSchema>;

/** Every stored role, for answers (a member's role may be any of them). */
export const storedRoleSchema = z.enum(ROLES);
