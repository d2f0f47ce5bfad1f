import { z } from 'zod';
import { CONTACT_FORM_MESSAGES } from '../messages.ts';
import { CUSTOMER_SOURCES, CUSTOMER_TYPES } from '../pricing/options.ts';

export const EMAIL_MESSAGE = CONTACT_FORM_MESSAGES.email;

export const contactFormSchema = z.object({
  firstName: z.string().min(2, { error: CONTACT_FORM_MESSAGES.firstName }),
  lastName: z.string().min(2, { error: CONTACT_FORM_MESSAGES.lastName }),
  email: z.email({ error: EMAIL_MESSAGE }),
  // Length only: numbers come in too many local formats to check the shape.
  phone: z.string().min(10, { error: CONTACT_FORM_MESSAGES.phone }),
  company: z.string().optional(),
  customerType: z.enum(CUSTOMER_TYPES).default('commercial'),
  source: z.enum(CUSTOMER_SOURCES).default('website'),
  address: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  zip: z.string().optional(),
  latitude: z.number().optional(),
  longitude: z.number().optional(),
  whatsapp: z.string().optional(),
  facebook: z.string().optional(),
  instagram: z.string().optional(),
  assignedTo: z.string().optional(),
});

/** Parsed values (defaults applied). */
export type ContactFormValues = z.output<typeof contactFormSchema>;
/** What a form may hand in (defaults still optional). */
export type ContactFormInput = z.input<typeof contactFormSchema>;

export const CONTACT_FORM_DEFAULTS: Readonly<ContactFormValues> = Object.freeze({
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  company: '',
  customerType: 'commercial',
  source: 'website',
  address: '',
  city: '',
  state: '',
  zip: '',
  whatsapp: '',
  facebook: '',
  instagram: '',
  assignedTo: '',
});

/** customers.assigned_to is an employee id or null; the picker's 'unassigned' and '' mean none. */
export function assignedToColumn(assignedTo: string | null | undefined): string | null {
  const value = assignedTo?.trim();
  return !value || value === 'unassigned' ? null : value;
}
