import { z } from 'zod';
// EMAIL_MESSAGE from messages.ts, not contact-form.ts: importing that would run the contact
// form's schema on /auth.
import { CREDENTIALS_MESSAGE, EMAIL_MESSAGE } from '../messages.ts';
import { FIELD_LIMITS, tooLongMessage } from './field-limits.ts';
import { normalizePhoneNumber, PHONE_NUMBER_MESSAGE } from '../auth/phone-numbers.ts';

export const PASSWORD_MIN_LENGTH = 8;
// bcrypt-style hashers ignore input past a fixed length; an upper bound also stops huge bodies.
export const PASSWORD_MAX_LENGTH = 128;
const PASSWORD_TOO_LONG = 'Password must be at most 128 characters.';

const T = FIELD_LIMITS.text;

/** An optional name of the sign-up form, trimmed, up to its limit. */
const optionalName = (label: string, max: number) =>
  z.string().trim().max(max, tooLongMessage(label, max)).optional();

function filled(value: string | undefined): boolean {
  return value !== undefined && value.trim() !== '';
}

/** Spec section 5: one message whichever part is missing, so every field is optional here. */
export const credentialsSchema = z
  .object({
    email: z.string().max(T.email, tooLongMessage('Email', T.email)).optional(),
    phone: z.string().max(T.phone, tooLongMessage('Phone', T.phone)).optional(),
    password: z.string().max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG).optional(),
  })
  .refine((c) => (filled(c.email) || filled(c.phone)) && filled(c.password), {
    error: CREDENTIALS_MESSAGE,
  });

export type Credentials = z.output<typeof credentialsSchema>;

export const signUpSchema = z.object({
  email: z
    .string({ error: EMAIL_MESSAGE })
    .trim()
    .pipe(z.email({ error: EMAIL_MESSAGE }).max(T.email, tooLongMessage('Email', T.email))),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, { error: 'Password must be at least 8 characters.' })
    .max(PASSWORD_MAX_LENGTH, { error: PASSWORD_TOO_LONG }),
  firstName: optionalName('First name', T.personName),
  lastName: optionalName('Last name', T.personName),
  businessName: optionalName('Business name', T.businessName),
});

export type SignUpValues = z.output<typeof signUpSchema>;

const phoneNumberField = z
  .string({ error: PHONE_NUMBER_MESSAGE })
  .max(T.phone, tooLongMessage('Phone number', T.phone))
  .transform((value, ctx) => {
    const normalized = normalizePhoneNumber(value);
    if (normalized === null) {
      ctx.addIssue({ code: 'custom', message: PHONE_NUMBER_MESSAGE });
      return z.NEVER;
    }
    return normalized;
  });

/** Sign-up with a phone number instead of an e-mail (spec section 5). */
export const phoneSignUpSchema = signUpSchema.omit({ email: true }).extend({
  phoneNumber: phoneNumberField,
});

export type PhoneSignUpValues = z.output<typeof phoneSignUpSchema>;
export type PhoneSignUpInput = z.input<typeof phoneSignUpSchema>;
