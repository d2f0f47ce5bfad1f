import { z } from 'zod';
import type { INVOICE_EVENT_KINDS } from '../invoices/invoices.ts';
import type { JOB_EVENT_KINDS } from '../jobs/jobs.ts';
import { JOB_STATUSES } from '../jobs/jobs.ts';
import type { REQUEST_EVENT_KINDS } from '../requests/request-api.ts';
import { MOVEMENT_KINDS } from '../inventory/inventory-rules.ts';
import { PUNCH_ACTIONS } from '../time/time-rules.ts';
import { SALES_STAGES } from '../sales/sales-rules.ts';

/**
 * The events ledger (issue 18): one row per change that others care about, written in the same
 * transaction as the change. Notifications, live screens and webhooks read it; later modules add
 * their types here. A payload carries ids and codes, never a copy of personal data: a name or an
 * address is read from the record when it is shown, so erasing the record erases it everywhere.
 */
export const LEDGER_SUBJECTS = [
  'request',
  'job',
  'invoice',
  'member',
  'webhook',
  'time_entry',
  'timesheet',
  'inspection',
  'inspection_template',
  'inventory_item',
  'opportunity',
  'data_export',
  'customer',
] as const;
export type LedgerSubject = (typeof LEDGER_SUBJECTS)[number];

const id = z.uuid();
const nullableId = id.nullable();
const localDateTime = z.string().max(40).nullable();
const cents = z.number().int();

/** What a history row's detail may carry into the ledger; anything else is dropped by parsing. */
const requestPayloads: Record<(typeof REQUEST_EVENT_KINDS)[number], z.ZodObject> = {
  created: z.object({
    source: z.enum(['request_form', 'inspection']).optional(),
    duplicatedFrom: id.optional(),
    inspectionId: id.optional(),
  }),
  edited: z.object({}),
  sent: z.object({}),
  viewed: z.object({}),
  accepted: z.object({}),
  declined: z.object({}),
  expired: z.object({}),
  converted: z.object({ jobId: id.optional(), invoiceId: id.optional() }),
};

const jobStatus = z.enum(JOB_STATUSES);
const jobPayloads: Record<(typeof JOB_EVENT_KINDS)[number], z.ZodObject> = {
  created: z.object({}),
  edited: z.object({}),
  status_changed: z.object({ from: jobStatus, to: jobStatus }),
  rescheduled: z.object({ from: localDateTime, to: localDateTime }),
  // Assignees are team members (employee ids), from and to one of them or none.
  reassigned: z.object({ from: nullableId, to: nullableId }),
  checklist_added: z.object({}),
  checklist_checked: z.object({}),
  checklist_unchecked: z.object({}),
  checklist_removed: z.object({}),
  note_added: z.object({}),
  photo_added: z.object({}),
  photo_removed: z.object({}),
  skipped: z.object({}),
  series_ended: z.object({}),
  created_from_request: z.object({ requestId: id.optional() }),
  // The client's words stay in the visit's history, never in the ledger.
  client_confirmed: z.object({}),
  client_reported_problem: z.object({}),
};

const invoicePayloads: Record<(typeof INVOICE_EVENT_KINDS)[number], z.ZodObject> = {
  created: z.object({}),
  edited: z.object({}),
  sent: z.object({}),
  viewed: z.object({}),
  payment_recorded: z.object({ paymentId: id.optional(), amountCents: cents.optional() }),
  payment_removed: z.object({ paymentId: id.optional() }),
  payment_refunded: z.object({ paymentId: id.optional() }),
  reminder_sent: z.object({}),
  voided: z.object({}),
};

/** Types that no entity history carries: written by the module that makes the change. */
const otherPayloads = {
  // The client hub (issue 26): every link of a contact revoked at once.
  'customer.hub_links_revoked': z.object({}),
  'invoice.paid': z.object({ online: z.boolean() }),
  'invoice.overdue': z.object({ dueDate: z.string().max(10) }),
  'member.joined': z.object({ userId: id }),
  'webhook.test': z.object({ endpointId: id }),
  // Time tracking (issue 19): a time entry's id, or a timesheet week's.
  'time_entry.punched': z.object({ action: z.enum(PUNCH_ACTIONS), employeeId: id }),
  'time_entry.added': z.object({ employeeId: id }),
  'time_entry.edited': z.object({ employeeId: id }),
  'time_entry.still_running': z.object({ employeeId: id, closesAt: z.iso.datetime() }),
  'time_entry.auto_closed': z.object({ employeeId: id }),
  'time_entry.correction_requested': z.object({ employeeId: id, correctionId: id }),
  'time_entry.correction_decided': z.object({
    employeeId: id,
    correctionId: id,
    approved: z.boolean(),
  }),
  'timesheet.submitted': z.object({ employeeId: id, weekStart: z.string().max(10) }),
  'timesheet.approved': z.object({ employeeId: id, weekStart: z.string().max(10) }),
  'timesheet.reopened': z.object({ employeeId: id, weekStart: z.string().max(10) }),
  'timesheet.paid': z.object({ employeeId: id, weekStart: z.string().max(10) }),
  // Inspections (issue 20): an inspection's id, or a template version's. Answers are saved tap
  // by tap and write no event: the inspection's start and finish are what others care about.
  'inspection.started': z.object({ templateId: id, jobId: nullableId, employeeId: nullableId }),
  'inspection.finished': z.object({
    employeeId: nullableId,
    scorePercent: z.number().nullable(),
    passed: z.boolean().nullable(),
  }),
  'inspection.report_shared': z.object({}),
  'inspection.report_sent': z.object({}),
  'inspection.share_revoked': z.object({}),
  'inspection.findings_accepted': z.object({ requestId: id, amountCents: cents }),
  'inspection.quote_drafted': z.object({ requestId: id, amountCents: cents }),
  'inspection_template.created': z.object({ familyId: id, version: z.number().int() }),
  'inspection_template.edited': z.object({ familyId: id, version: z.number().int() }),
  'inspection_template.archived': z.object({ familyId: id }),
  // Inventory (issue 21): an item's id. Every movement tells the live screens; the one that takes
  // the item's total to its reorder point or below (from above) tells the managers.
  'inventory_item.stock_moved': z.object({
    movementId: id,
    kind: z.enum(MOVEMENT_KINDS),
    jobId: nullableId,
  }),
  'inventory_item.low_stock': z.object({ onHand: z.number(), reorderPoint: z.number() }),
  // Sales (issue 22): an opportunity's id. A move says whether the ledger made it (the event's
  // seq that caused it) or a person; the follow-up reminder is written once per date.
  'opportunity.opened': z.object({ customerId: nullableId, requestId: nullableId }),
  'opportunity.stage_changed': z.object({
    from: z.enum(SALES_STAGES).nullable(),
    to: z.enum(SALES_STAGES),
    causeSeq: z.number().int().nullable(),
  }),
  'opportunity.updated': z.object({ ownerUserId: nullableId.optional() }),
  'opportunity.note_added': z.object({}),
  'opportunity.follow_up_due': z.object({ followUpOn: z.string().max(10), ownerUserId: id }),
  // Export everything (issue 25): an export's id, once its archive can be downloaded.
  'data_export.ready': z.object({}),
} as const;

function prefixed<K extends string>(
  prefix: string,
  payloads: Record<K, z.ZodObject>,
): Record<string, z.ZodObject> {
  return Object.fromEntries(
    Object.entries<z.ZodObject>(payloads).map(([k, v]) => [`${prefix}.${k}`, v]),
  );
}

/** Every ledger type with its payload schema: the one list (issue 18). */
export const LEDGER_PAYLOADS: Readonly<Record<string, z.ZodObject>> = {
  ...prefixed('request', requestPayloads),
  ...prefixed('job', jobPayloads),
  ...prefixed('invoice', invoicePayloads),
  ...otherPayloads,
};

export const LEDGER_TYPES = Object.keys(LEDGER_PAYLOADS).sort();

export function isLedgerType(type: string): boolean {
  return Object.hasOwn(LEDGER_PAYLOADS, type);
}

export function subjectOfLedgerType(type: string): LedgerSubject {
  const subject = type.split('.')[0];
  if (!(LEDGER_SUBJECTS as readonly string[]).includes(subject ?? ''))
    throw new Error(`unknown ledger subject in ${type}`);
  return subject as LedgerSubject;
}

/**
 * The payload stored for an event: only what its schema declares (ids, codes, amounts). Throws
 * on an unknown type, a programming error the tests catch.
 */
export function ledgerPayload(type: string, detail: unknown): Record<string, unknown> {
  const schema = LEDGER_PAYLOADS[type];
  if (!schema) throw new Error(`unknown ledger type ${type}`);
  const parsed = schema.safeParse(detail ?? {});
  // A history detail that does not match keeps the event and drops the detail: the change
  // happened, and the ledger never refuses a change because of what it says about it.
  return parsed.success ? (parsed.data as Record<string, unknown>) : {};
}

/** One event as the live channel and the catch-up send it: ids only. */
export const liveEventSchema = z.object({
  seq: z.number().int(),
  type: z.string().max(60),
  subject: z.enum(LEDGER_SUBJECTS),
  subjectId: z.uuid(),
  at: z.string(),
});
export type LiveEvent = z.output<typeof liveEventSchema>;
