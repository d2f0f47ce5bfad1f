import {
  customerLabel,
  type ContactFormInput,
  type CustomerDeleteOutcome,
  type customerImportPreviewSchema,
  type customerImportResultSchema,
  type customerInputSchema,
  type customerListResponseSchema,
  type CustomerNameParts,
  type customerSchema,
} from '@crewdesk/domain';
import type { z } from 'zod';

/** A contact as the server serializes it (customerSchema): e-mail and phone may be null. */
export type Customer = z.output<typeof customerSchema>;

/** One page of the contact list; the total stops at its cap (totalCapped: there are more). */
export type CustomerListPage = z.output<typeof customerListResponseSchema>;

/** A contact with linked work is archived, not destroyed. */
export interface CustomerDeleteAnswer {
  outcome: CustomerDeleteOutcome;
}

/** The columns and a few rows of a CSV, with the column guessed for each contact field. */
export type CustomerImportPreview = z.output<typeof customerImportPreviewSchema>;

export type CustomerImportResult = z.output<typeof customerImportResultSchema>;

/** What the contact dialog sends: the domain's contact form, plus notes on the details page. */
export type CustomerInput = z.input<typeof customerInputSchema>;

/**
 * What a picker shows of a contact. Screens that hold only a joined customer (a job's, a
 * request's) pass these few fields instead of inventing a whole contact.
 */
export type CustomerChoice = Pick<Customer, 'id' | 'email' | 'phone'> & { name: string };

export function customerChoiceOf(
  customer: CustomerNameParts & Pick<Customer, 'id' | 'email' | 'phone'>,
): CustomerChoice {
  return {
    id: customer.id,
    name: customerLabel(customer),
    email: customer.email,
    phone: customer.phone,
  };
}

/** The contact form's values for a saved contact (empty strings for what it lacks). */
export function customerFormValues(customer: Customer): ContactFormInput {
  return {
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email ?? '',
    phone: customer.phone ?? '',
    company: customer.company ?? '',
    customerType: customer.customerType,
    source: customer.source,
    address: customer.address ?? '',
    city: customer.city ?? '',
    state: customer.state ?? '',
    zip: customer.zip ?? '',
    latitude: customer.latitude ?? undefined,
    longitude: customer.longitude ?? undefined,
    whatsapp: customer.whatsapp ?? '',
    facebook: customer.facebook ?? '',
    instagram: customer.instagram ?? '',
    assignedTo: customer.assignedTo ?? '',
  };
}
