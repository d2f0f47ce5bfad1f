import type {
  invoiceDetailSchema,
  invoiceSettingsResponseSchema,
  invoiceSettingsSchema,
  invoiceSummarySchema,
  sendInvoiceResponseSchema,
} from '@crewdesk/domain';
import type { z } from 'zod';

/** An invoice with its lines, payments and history, as the server serializes it. */
export type InvoiceDetail = z.output<typeof invoiceDetailSchema>;

/** One row of the invoice list. */
export type InvoiceSummary = z.output<typeof invoiceSummarySchema>;

/** The invoice defaults (numbering, terms, tax, reminders) as the server answers them. */
export type InvoiceSettings = z.output<typeof invoiceSettingsResponseSchema>;

/** What Settings → Invoices sends. */
export type InvoiceSettingsInput = z.output<typeof invoiceSettingsSchema>;

/** The answer to a send: how the e-mail went, and the invoice as it now stands. */
export type SendInvoiceAnswer = z.output<typeof sendInvoiceResponseSchema>;
