import { z } from 'zod';
import { EMAIL_MESSAGE } from './contact-form.ts';

export const contactMessageSchema = z.object({
  name: z
    .string({ error: 'Please enter your name.' })
    .trim()
    .min(2, { error: 'Please enter your name.' }),
  email: z
    .string({ error: EMAIL_MESSAGE })
    .trim()
    .pipe(z.email({ error: EMAIL_MESSAGE })),
  subject: z.string().trim().max(200).optional(),
  message: z
    .string({ error: 'Please write at least 10 characters.' })
    .trim()
    .min(10, { error: 'Please write at least 10 characters.' })
    .max(5000),
});

export type ContactMessageValues = z.output<typeof contactMessageSchema>;
