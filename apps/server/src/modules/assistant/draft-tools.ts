import {
  ADDITIONAL_SERVICES,
  addDaysToDate,
  calculateEstimate,
  CALCULATOR_DEFAULTS,
  CLEANING_FREQUENCIES,
  localTimeSlot,
  optionLabel,
  PROPERTY_TYPES,
  type InvoiceSummary,
  type ScheduleResponse,
  type VisitSummary,
} from '@crewdesk/domain';
import { z } from 'zod';
import type { ProposalAction } from '../../db/schema/index.ts';
import { defineTool, read, ToolStop, type ToolContext } from './tools.ts';

interface FoundContact {
  id: string;
  firstName: string;
  lastName: string;
  company: string | null;
  email: string | null;
  phone: string | null;
}

const fullName = (c: { firstName: string; lastName: string }) =>
  `${c.firstName} ${c.lastName}`.trim();

/** The one contact a name means: an exact full-name match first, else the only one found. */
async function contactNamed(context: ToolContext, name: string): Promise<FoundContact> {
  // The contacts list's search matches within one field: a whole name is looked up by its last
  // word, the longest list a page holds, then narrowed to the full name.
  const words = name.trim().split(/\s+/);
  const isNamed = (c: FoundContact) => fullName(c).toLowerCase() === name.trim().toLowerCase();
  const page = await read<{ items: FoundContact[] }>(context, '/api/customers', {
    q: words.at(-1),
    limit: 100,
  });
  const found = page.items;
  const exact = found.filter(isNamed);
  const candidates = exact.length > 0 ? exact : found;
  if (candidates.length === 1) return candidates[0]!;
  if (candidates.length === 0) throw new ToolStop('error', `No contact matches "${name}".`);
  throw new ToolStop(
    'error',
    `Several contacts match "${name}": ${candidates.slice(0, 5).map(fullName).join(', ')}. Ask which one.`,
  );
}

const serviceIds = ADDITIONAL_SERVICES.map((s) => s.id) as [string, ...string[]];

export const draftQuote = defineTool({
  name: 'draft_quote',
  label: 'Draft a quote',
  description:
    "Drafts an estimate for a contact from a cleaning job's description, priced by the business's price calculator. Nothing is saved: the person confirms the card. Rooms means bedrooms or rooms.",
  kind: 'draft',
  input: z.object({
    contactName: z.string().trim().min(2).max(200).describe("The client's full name"),
    propertyType: z.enum(PROPERTY_TYPES).default('residential'),
    squareFootage: z
      .number()
      .int()
      .min(100)
      .max(1_000_000)
      .optional()
      .describe('Leave out when not given: the calculator default is used'),
    rooms: z.number().int().min(0).max(1000),
    bathrooms: z.number().int().min(0).max(1000),
    frequency: z.enum(CLEANING_FREQUENCIES),
    additionalServices: z.array(z.enum(serviceIds)).max(ADDITIONAL_SERVICES.length).default([]),
  }),
  run: async (context, input) => {
    // The same check the requests list makes: a role that cannot see requests cannot draft one.
    await read(context, '/api/requests', { limit: 1 });
    const contact = await contactNamed(context, input.contactName);
    const squareFootage = input.squareFootage ?? CALCULATOR_DEFAULTS.squareFootage;
    const estimate = calculateEstimate({
      propertyType: input.propertyType,
      squareFootage,
      numberOfRooms: input.rooms,
      numberOfBathrooms: input.bathrooms,
      frequency: input.frequency,
      additionalServices: input.additionalServices,
    });
    const services = ADDITIONAL_SERVICES.filter((s) => input.additionalServices.includes(s.id));
    const name = fullName(contact);
    const body = {
      type: 'estimate',
      customer_id: contact.id,
      clientName: name,
      email: contact.email ?? '',
      phone: contact.phone ?? '',
      propertyType: input.propertyType,
      squareFootage,
      numberOfRooms: input.rooms,
      numberOfBathrooms: input.bathrooms,
      frequency: input.frequency,
      additionalServices: input.additionalServices,
    };
    const price = context.money(estimate.priceCents);
    return {
      status: 'ok',
      summary: `Estimate for ${name}: ${price} a visit`,
      data: { contact: name, priceEachVisit: price, estimatedHours: estimate.formulaHours },
      proposal: {
        title: `New estimate for ${name}`,
        lines: [
          { label: 'Client', value: name },
          {
            label: 'Property',
            value: `${optionLabel(input.propertyType)}, ${squareFootage.toLocaleString('en-US')} sq ft${input.squareFootage ? '' : ' (calculator default)'}`,
          },
          { label: 'Rooms', value: String(input.rooms) },
          { label: 'Bathrooms', value: String(input.bathrooms) },
          { label: 'Frequency', value: optionLabel(input.frequency) },
          { label: 'Additional services', value: services.map((s) => s.name).join(', ') || 'None' },
          { label: 'Estimated hours', value: String(estimate.formulaHours) },
          { label: 'Price', value: price },
        ],
        actions: [
          {
            method: 'POST',
            path: '/api/requests',
            body,
            done: { message: 'Estimate created.', path: '/quotes/:id' },
          },
        ],
      },
    };
  },
});

const DAY_STARTS_AT = 8 * 60;
const minutesOf = (local: string) => Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16));
const localAt = (day: string, minutes: number) =>
  `${day}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;

interface Lane {
  member: ScheduleResponse['members'][number];
  /** Minutes past midnight when the member is next free. */
  freeAt: number;
  load: number;
}

/**
 * Tomorrow's plan: each visit of the day with no one assigned goes to the member with the least
 * work that day; one with no time is placed when that member is next free (from 8:00). Visits
 * keep their order by time. The result is a list of the same moves a drag on the schedule makes.
 */
export function planDay(day: string, answer: ScheduleResponse) {
  const lanes: Lane[] = answer.members.map((member) => {
    const mine = answer.visits.filter((v) => v.assignees.some((a) => a.id === member.id));
    const ends = mine.map(
      (v) => (v.localStartsAt ? minutesOf(v.localStartsAt) : 0) + v.durationMinutes,
    );
    return {
      member,
      freeAt: Math.max(DAY_STARTS_AT, ...ends),
      load: mine.reduce((sum, v) => sum + v.durationMinutes, 0),
    };
  });
  const open = (v: VisitSummary) => v.status !== 'completed' && v.status !== 'cancelled';
  const unassigned = [
    ...answer.visits.filter((v) => v.assignees.length === 0 && open(v)),
    ...answer.unplanned.filter(
      (v) => v.assignees.length === 0 && v.localStartsAt === null && open(v),
    ),
  ].sort((a, b) => (a.localStartsAt ?? '~').localeCompare(b.localStartsAt ?? '~'));
  return unassigned.flatMap((v) => {
    const lane = [...lanes].sort((a, b) => a.load - b.load)[0];
    if (!lane) return [];
    const startsAt = v.localStartsAt?.startsWith(day) ? v.localStartsAt : localAt(day, lane.freeAt);
    lane.load += v.durationMinutes;
    lane.freeAt = Math.max(lane.freeAt, minutesOf(startsAt) + v.durationMinutes);
    return [{ visit: v, member: lane.member, startsAt }];
  });
}

export const draftSchedule = defineTool({
  name: 'draft_schedule',
  label: 'Plan the day',
  description:
    "Drafts a day's plan (tomorrow when no date is given): assigns the visits that have no one and orders them by time, spreading work across the team. Nothing is saved: the person confirms the card.",
  kind: 'draft',
  input: z.object({ date: z.iso.date('date must be a date like 2026-05-04').optional() }),
  run: async (context, input) => {
    const day = input.date ?? addDaysToDate(context.today, 1);
    const answer = await read<ScheduleResponse>(context, '/api/schedule', { from: day, to: day });
    const plan = planDay(day, answer);
    if (plan.length === 0)
      return {
        status: 'ok',
        summary: `Nothing to plan on ${day}`,
        data: { date: day, unassignedVisits: 0 },
      };
    const who = (m: Lane['member']) => `${m.firstName} ${m.lastName}`;
    const actions: ProposalAction[] = plan.map((step) => ({
      method: 'PATCH',
      path: `/api/jobs/${step.visit.id}/schedule`,
      body: {
        startsAt: step.startsAt,
        fromAssigneeId: null,
        toAssigneeId: step.member.id,
        version: step.visit.version,
      },
      done: {
        message: `${plan.length} visit${plan.length === 1 ? '' : 's'} planned.`,
        path: '/schedule',
      },
    }));
    return {
      status: 'ok',
      summary: `${plan.length} visit${plan.length === 1 ? '' : 's'} to assign on ${day}`,
      data: plan.map((s) => ({ visit: s.visit.title, at: s.startsAt, to: who(s.member) })),
      proposal: {
        title: `Plan for ${day}`,
        lines: plan.map((s) => ({
          label: localTimeSlot(s.startsAt),
          value: `${s.visit.title}${s.visit.customerName ? ` (${s.visit.customerName})` : ''} → ${who(s.member)}`,
        })),
        actions,
      },
    };
  },
});

export const draftInvoiceReminder = defineTool({
  name: 'draft_invoice_reminder',
  label: 'Draft a reminder',
  description:
    'Drafts a reminder e-mail for an overdue invoice, found by its number or its client. Nothing is sent: the person confirms the card.',
  kind: 'draft',
  input: z
    .object({
      invoiceNumber: z.string().trim().min(1).max(50).optional(),
      contactName: z.string().trim().min(2).max(200).optional(),
    })
    .refine((v) => v.invoiceNumber || v.contactName, 'Give the invoice number or the client name'),
  run: async (context, input) => {
    const list = await read<{ items: InvoiceSummary[] }>(context, '/api/invoices', {
      status: 'overdue',
      q: input.invoiceNumber ?? input.contactName,
      limit: 5,
    });
    const invoice = list.items[0];
    if (!invoice)
      throw new ToolStop(
        'error',
        `No overdue invoice matches "${input.invoiceNumber ?? input.contactName}".`,
      );
    if (!invoice.clientEmail)
      throw new ToolStop(
        'error',
        `Invoice ${invoice.number} has no client e-mail to send a reminder to.`,
      );
    const balance = context.money(invoice.balanceCents);
    const message = [
      `Hello ${invoice.clientName},`,
      '',
      `This is a friendly reminder that invoice ${invoice.number}, due on ${invoice.dueDate}, has ${balance} outstanding.`,
      'You can view and pay it from the link below. If you have already paid, thank you, and please ignore this message.',
    ].join('\n');
    return {
      status: 'ok',
      summary: `Reminder for invoice ${invoice.number} (${balance} due since ${invoice.dueDate})`,
      data: {
        invoice: invoice.number,
        client: invoice.clientName,
        balance,
        dueDate: invoice.dueDate,
      },
      proposal: {
        title: `Send a reminder for invoice ${invoice.number}`,
        lines: [
          { label: 'To', value: invoice.clientEmail },
          { label: 'Invoice', value: `${invoice.number}, due ${invoice.dueDate}` },
          { label: 'Outstanding', value: balance },
          { label: 'Message', value: message },
        ],
        actions: [
          {
            method: 'POST',
            path: `/api/invoices/${invoice.id}/send`,
            body: { to: invoice.clientEmail, message },
            done: {
              message: `Reminder sent to ${invoice.clientEmail}.`,
              path: `/invoices/${invoice.id}`,
            },
          },
        ],
      },
    };
  },
});

export const DRAFT_TOOLS = [draftQuote, draftSchedule, draftInvoiceReminder];
