import { z } from 'zod';
import { EMAIL_MESSAGE } from '../messages.ts';
import { FIELD_LIMITS, tooLongMessage } from './field-limits.ts';

const T = FIELD_LIMITS.text;

export const contactMessageSchema = z.object({
  name: z
    .string({ error: 'Please enter your name.' })
    .trim()
    .min(2, { error: 'Please enter your name.' })
    .max(T.fullName, { error: tooLongMessage('Your name', T.fullName) }),
  email: z
    .string({ error: EMAIL_MESSAGE })
    .trim()
    .pipe(z.email({ error: EMAIL_MESSAGE }).max(T.email, tooLongMessage('Email', T.email))),
  subject: z
    .string()
    .trim()
    .max(T.subject, { error: tooLongMessage('Subject', T.subject) })
    .optional(),
  message: z
    .string({ error: 'Please write at least 10 characters.' })
    .trim()
    .min(10, { error: 'Please write at least 10 characters.' })
    .max(T.message, { error: tooLongMessage('Message', T.message) }),
});

export type ContactMessageValues = z.output<typeof contactMessageSchema>;
