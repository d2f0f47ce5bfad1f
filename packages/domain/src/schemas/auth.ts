import { z } from 'zod';
import { CREDENTIALS_MESSAGE } from '../messages.ts';
import { EMAIL_MESSAGE } from './contact-form.ts';
import { normalizePhoneNumber, PHONE_NUMBER_MESSAGE } from '../auth/phone-numbers.ts';

function filled(value: string | undefined): boolean {
  return value !== undefined && value.trim() !== '';
}

/** Spec section 5: one message whichever part is missing, so every field is optional here. */
export const credentialsSchema = z
  .object({
    email: z.string().optional(),
    phone: z.string().optional(),
    password: z.string().optional(),
  })
  .refine((c) => (filled(c.email) || filled(c.phone)) && filled(c.password), {
    error: CREDENTIALS_MESSAGE,
  });

export type Credentials = z.output<typeof credentialsSchema>;

export const PASSWORD_MIN_LENGTH = 8;
// bcrypt-style hashers ignore input past a fixed length; an upper bound also stops huge bodies.
export const PASSWORD_MAX_LENGTH = 128;

export const signUpSchema = z.object({
  email: z
    .string({ error: EMAIL_MESSAGE })
    .trim()
    .pipe(z.email({ error: EMAIL_MESSAGE })),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, { error: 'Password must be at least 8 characters.' })
    .max(PASSWORD_MAX_LENGTH, { error: 'Password must be at most 128 characters.' }),
  firstName: z.string().trim().optional(),
  lastName: z.string().trim().optional(),
  businessName: z.string().trim().optional(),
});

export type SignUpValues = z.output<typeof signUpSchema>;

const phoneNumberField = z.string({ error: PHONE_NUMBER_MESSAGE }).transform((value, ctx) => {
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
