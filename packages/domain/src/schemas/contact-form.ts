import { z } from 'zod';
import { CONTACT_FORM_MESSAGES, EMAIL_MESSAGE } from '../messages.ts';
import { CUSTOMER_SOURCES, CUSTOMER_TYPES } from '../pricing/options.ts';
import { FIELD_LIMITS, outOfRangeMessage, tooLongMessage } from './field-limits.ts';

const T = FIELD_LIMITS.text;
const R = FIELD_LIMITS.range;

/** Optional free text of the contact dialog, up to its limit. */
const optionalText = (label: string, max: number) =>
  z
    .string()
    .max(max, { error: tooLongMessage(label, max) })
    .optional();

const coordinate = (label: string, range: { min: number; max: number }) =>
  z
    .number({ error: `${label} must be a number.` })
    .min(range.min, { error: outOfRangeMessage(label, range) })
    .max(range.max, { error: outOfRangeMessage(label, range) })
    .optional();

export const contactFormSchema = z.object({
  firstName: z
    .string()
    .min(2, { error: CONTACT_FORM_MESSAGES.firstName })
    .max(T.personName, { error: tooLongMessage('First name', T.personName) }),
  lastName: z
    .string()
    .min(2, { error: CONTACT_FORM_MESSAGES.lastName })
    .max(T.personName, { error: tooLongMessage('Last name', T.personName) }),
  email: z
    .email({ error: EMAIL_MESSAGE })
    .max(T.email, { error: tooLongMessage('Email', T.email) }),
  // Length only: numbers come in too many local formats to check the shape.
  phone: z
    .string()
    .min(10, { error: CONTACT_FORM_MESSAGES.phone })
    .max(T.phone, { error: tooLongMessage('Phone', T.phone) }),
  company: optionalText('Company', T.company),
  customerType: z.enum(CUSTOMER_TYPES).default('commercial'),
  source: z.enum(CUSTOMER_SOURCES).default('website'),
  address: optionalText('Address', T.address),
  city: optionalText('City', T.city),
  state: optionalText('State', T.state),
  zip: optionalText('Zip', T.zip),
  latitude: coordinate('Latitude', R.latitude),
  longitude: coordinate('Longitude', R.longitude),
  whatsapp: optionalText('WhatsApp', T.socialHandle),
  facebook: optionalText('Facebook', T.socialHandle),
  instagram: optionalText('Instagram', T.socialHandle),
  assignedTo: optionalText('Assigned to', T.reference),
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
