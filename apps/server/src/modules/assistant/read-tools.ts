import {
  addDaysToDate,
  monthOf,
  REQUEST_STATUSES,
  type ReceivablesReport,
  type RevenueReport,
  type ScheduleResponse,
} from '@crewdesk/domain';
import { z } from 'zod';
import { compact, defineTool, read } from './tools.ts';

const date = (what: string) =>
  z.iso.date(`${what} must be a date like 2026-05-04`).describe(`${what} (YYYY-MM-DD)`);
const id = (what: string) => z.uuid(`${what} must be an id from an earlier answer`);

/** The person's name of a contact-like record, for summaries. */
function nameOf(contact: {
  firstName?: string;
  lastName?: string;
  company?: string | null;
}): string {
  return [contact.firstName, contact.lastName].filter(Boolean).join(' ') || contact.company || '—';
}

export const findContacts = defineTool({
  name: 'find_contacts',
  label: 'Find contacts',
  description: 'Finds contacts (clients) by name, e-mail, phone or address. Returns their ids.',
  kind: 'read',
  input: z.object({
    query: z.string().trim().min(2).max(100).describe('Part of a name, e-mail or phone'),
  }),
  run: async (context, input) => {
    const found = await read<{ id: string; firstName: string; lastName: string }[]>(
      context,
      '/api/customers/search',
      { q: input.query },
    );
    return {
      status: 'ok',
      summary: found.length === 1 ? `Found ${nameOf(found[0]!)}` : `Found ${found.length} contacts`,
      data: compact(found),
    };
  },
});

export const contactHistory = defineTool({
  name: 'contact_history',
  label: 'Contact history',
  description:
    "A contact's record with their latest requests, jobs and invoices (what the role may see).",
  kind: 'read',
  input: z.object({ contactId: id('contactId') }),
  run: async (context, input) => {
    const contact = await read<{ firstName: string; lastName: string }>(
      context,
      `/api/customers/${input.contactId}`,
    );
    const recent = { customerId: input.contactId, limit: 10 };
    const [requests, jobs, invoices] = await Promise.all(
      ['/api/requests', '/api/jobs', '/api/invoices'].map((path) => context.get(path, recent)),
    );
    const part = (answer: { status: number; body: unknown }) =>
      answer.status === 200
        ? compact((answer.body as { items?: unknown }).items ?? answer.body)
        : 'not visible to your role';
    return {
      status: 'ok',
      summary: `History of ${nameOf(contact)}`,
      data: {
        contact: compact(contact),
        requests: part(requests!),
        jobs: part(jobs!),
        invoices: part(invoices!),
      },
    };
  },
});

export const schedule = defineTool({
  name: 'schedule',
  label: 'Schedule',
  description:
    'The visits of a day (today when no date is given), of everyone or of one team member, and the open visits with no date or no one assigned.',
  kind: 'read',
  input: z.object({
    date: date('date').optional(),
    memberId: id('memberId').optional().describe('A team member id from the members list'),
  }),
  run: async (context, input) => {
    const day = input.date ?? context.today;
    const answer = await read<ScheduleResponse>(context, '/api/schedule', {
      from: day,
      to: day,
      assigneeId: input.memberId,
    });
    return {
      status: 'ok',
      summary: `${answer.visits.length} visit${answer.visits.length === 1 ? '' : 's'} on ${day}`,
      data: compact({ date: day, ...answer }),
    };
  },
});

export const visit = defineTool({
  name: 'visit',
  label: 'Visit',
  description: 'One visit (job) with its client, address, time, team, checklist and notes.',
  kind: 'read',
  input: z.object({ visitId: id('visitId') }),
  run: async (context, input) => {
    const job = await read<{ title: string }>(context, `/api/jobs/${input.visitId}`);
    return { status: 'ok', summary: job.title, data: compact(job) };
  },
});

export const openRequests = defineTool({
  name: 'open_requests',
  label: 'Requests',
  description:
    'Requests (estimates, quotes, inquiries) with their status; without a status, the newest ones. "unopened" are waiting for a quote, "sent" and "viewed" wait for the client.',
  kind: 'read',
  input: z.object({ status: z.enum(REQUEST_STATUSES).optional() }),
  run: async (context, input) => {
    const answer = await read<{ items: unknown[] }>(context, '/api/requests', {
      status: input.status,
      limit: 25,
    });
    return {
      status: 'ok',
      summary: `${answer.items.length}${answer.items.length === 25 ? '+' : ''} request${answer.items.length === 1 ? '' : 's'}${input.status ? ` ${input.status}` : ''}`,
      data: compact(answer.items),
    };
  },
});

export const receivables = defineTool({
  name: 'receivables',
  label: 'Who owes what',
  description:
    'What clients owe today: per client, the open balance by days past due (current, 1–30, 31–60, 61–90, 90+), largest first. Amounts are in cents.',
  kind: 'read',
  input: z.object({}),
  run: async (context) => {
    const report = await read<ReceivablesReport>(context, '/api/reports/receivables');
    const clients = report.rows.length;
    return {
      status: 'ok',
      summary: `${clients} client${clients === 1 ? '' : 's'} owe ${context.money(report.totals.totalCents)} on ${report.totals.invoiceCount} invoice${report.totals.invoiceCount === 1 ? '' : 's'}`,
      data: compact({
        today: report.today,
        totalOwed: context.money(report.totals.totalCents),
        byDaysPastDue: Object.fromEntries(
          Object.entries(report.totals.buckets).map(([bucket, cents]) => [
            bucket,
            context.money(cents),
          ]),
        ),
        clients: report.rows.map((row) => ({
          client: row.clientName,
          contactId: row.customerId,
          owes: context.money(row.totalCents),
          invoices: row.invoiceCount,
          pastDue: Object.fromEntries(
            Object.entries(row.buckets)
              .filter(([, cents]) => cents !== 0)
              .map(([bucket, cents]) => [bucket, context.money(cents)]),
          ),
        })),
        moreClientsThanListed: report.truncated,
      }),
    };
  },
});

export const revenue = defineTool({
  name: 'revenue',
  label: 'Revenue',
  description:
    'Revenue of a period: invoiced (without tax) and collected (payments less refunds, tips apart), by month. Defaults to this month.',
  kind: 'read',
  input: z.object({ from: date('from').optional(), to: date('to').optional() }),
  run: async (context, input) => {
    const month = monthOf(context.today);
    const range = { from: input.from ?? month.from, to: input.to ?? input.from ?? month.to };
    const report = await read<RevenueReport>(context, '/api/reports/revenue', {
      ...range,
      groupBy: 'month',
    });
    const t = report.totals;
    return {
      status: 'ok',
      summary: `Invoiced ${context.money(t.invoicedCents)}, collected ${context.money(t.collectedCents)} (${range.from} to ${range.to})`,
      data: {
        from: range.from,
        to: range.to,
        invoicedWithoutTax: context.money(t.invoicedCents),
        invoices: t.invoiceCount,
        collected: context.money(t.collectedCents),
        payments: t.paymentCount,
        tips: context.money(t.tipsCents),
        refunded: context.money(t.refundedCents),
        byMonth: report.rows.map((row) => ({
          month: row.period,
          invoiced: context.money(row.invoicedCents),
          collected: context.money(row.collectedCents),
        })),
      },
    };
  },
});

export const lowStock = defineTool({
  name: 'low_stock',
  label: 'Low stock',
  description: 'Inventory items at or below their reorder point, with what to order.',
  kind: 'read',
  input: z.object({}),
  run: async (context) => {
    const answer = await read<{ items?: unknown[] } | unknown[]>(context, '/api/inventory/reorder');
    const items = Array.isArray(answer) ? answer : (answer.items ?? []);
    return {
      status: 'ok',
      summary: `${items.length} item${items.length === 1 ? '' : 's'} low on stock`,
      data: compact(answer),
    };
  },
});

export const teamHours = defineTool({
  name: 'team_hours',
  label: 'Team hours',
  description:
    'Hours worked per person over a range (this week when no range is given): regular and overtime, on visits, travel and other. Minutes are whole numbers.',
  kind: 'read',
  input: z.object({ from: date('from').optional(), to: date('to').optional() }),
  run: async (context, input) => {
    const from = input.from ?? addDaysToDate(context.today, -6);
    const to = input.to ?? context.today;
    const report = await read<{ rows: unknown[] }>(context, '/api/reports/team-hours', {
      from,
      to,
      groupBy: 'week',
    });
    return {
      status: 'ok',
      summary: `Hours of ${report.rows.length} ${report.rows.length === 1 ? 'person' : 'people'}, ${from} to ${to}`,
      data: compact({ from, to, ...report }),
    };
  },
});

export const READ_TOOLS = [
  findContacts,
  contactHistory,
  schedule,
  visit,
  openRequests,
  receivables,
  revenue,
  lowStock,
  teamHours,
];
