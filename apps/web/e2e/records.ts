import type { APIRequestContext } from '@playwright/test';
import { format } from 'date-fns';
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
