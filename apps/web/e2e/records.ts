import type { APIRequestContext } from '@playwright/test';
import { format } from 'date-fns';
import { localDateTimeOf } from '@crewdesk/domain';
import { expect, uniqueEmail } from './fixtures';

/**
 * Records the walks set up through the API (as the signed-in user of `request`), when the walk
 * is about what comes after them.
 */

async function created<T>(request: APIRequestContext, url: string, data: object): Promise<T> {
  const res = await request.post(url, { data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}

/** A contact with an address in Austin and an e-mail address the loopback inbox receives. */
export function addClient(request: APIRequestContext, firstName: string, lastName: string) {
  return created<{ id: string; email: string }>(request, '/api/customers', {
    firstName,
    lastName,
    email: uniqueEmail(firstName.toLowerCase()),
    phone: '(512) 555-0100',
    address: '12 Elm St',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
  });
}

/** A job for `customerId` at 8:00 AM on `day` (today by default), not started. */
export function scheduledJob(
  request: APIRequestContext,
  customerId: string,
  title: string,
  priceCents: number,
  day: Date = new Date(),
) {
  return created<{ id: string }>(request, '/api/jobs', {
    title,
    customerId,
    location: '12 Elm St, Austin, TX 78701',
    startsAt: `${format(day, 'yyyy-MM-dd')}T08:00:00`,
    priceCents,
  });
}

/** A job for `customerId`, done by the crew today: scheduled, started, completed. */
export async function completedJob(
  request: APIRequestContext,
  customerId: string,
  title: string,
  priceCents: number,
): Promise<string> {
  const job = await scheduledJob(request, customerId, title, priceCents);
  for (const status of ['in_progress', 'completed']) {
    const res = await request.post(`/api/jobs/${job.id}/status`, { data: { status } });
    expect(res.status()).toBe(200);
  }
  return job.id;
}

/** A quote priced by the calculator for `clientName`, accepted on its share page by the client. */
export async function acceptedQuote(
  request: APIRequestContext,
  clientName: string,
  customerId: string | null = null,
) {
  const quote = await created<{
    id: string;
    title: string;
    shareToken: string;
    amountCents: number;
  }>(request, '/api/requests', {
    propertyType: 'residential',
    squareFootage: 1500,
    numberOfRooms: 3,
    numberOfBathrooms: 2,
    frequency: 'one-time',
    clientName,
    customer_id: customerId,
    type: 'quote',
    proposal_type: false,
  });
  const accepted = await request.post(`/api/public/shared/${quote.shareToken}/accept`, {
    data: { name: clientName },
  });
  expect(accepted.status()).toBe(200);
  return quote;
}

/** The team member id of the one whose first name is `firstName` (names in walks are unique). */
export async function employeeIdOf(request: APIRequestContext, firstName: string): Promise<string> {
  const res = await request.get('/api/team/employees?limit=100');
  expect(res.status()).toBe(200);
  const team = (await res.json()) as { items: { id: string; firstName: string }[] };
  const employee = team.items.find((e) => e.firstName === firstName);
  if (!employee) throw new Error(`no team member named ${firstName}`);
  return employee.id;
}

/**
 * A visit for `customerId` given to the crew member `assigneeId`, starting `inMinutes` from now on
 * the business's clock (whatever zone this runner or the browser is in).
 */
export async function assignedVisit(
  request: APIRequestContext,
  visit: {
    customerId: string;
    assigneeId: string;
    title: string;
    inMinutes: number;
    durationMinutes?: number;
    notes?: string;
    checklist?: string[];
  },
): Promise<string> {
  const profile = await request.get('/api/business-profile');
  const { timeZone } = (await profile.json()) as { timeZone: string };
  const job = await created<{ id: string }>(request, '/api/jobs', {
    title: visit.title,
    customerId: visit.customerId,
    location: '12 Elm St, Austin, TX 78701',
    assigneeIds: [visit.assigneeId],
    startsAt: localDateTimeOf(new Date(Date.now() + visit.inMinutes * 60_000), timeZone),
    durationMinutes: visit.durationMinutes ?? 60,
    priceCents: 12000,
    ...(visit.notes ? { notes: visit.notes } : {}),
    ...(visit.checklist ? { checklist: visit.checklist } : {}),
  });
  return job.id;
}
