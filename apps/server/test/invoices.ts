import type { InvoiceDetail, InvoiceInputBody, JobInputBody } from '@crewdesk/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { jobs } from '../src/db/schema/index.ts';
import { asUser, type SignedInUser } from './build-app.ts';
import { createJobAs } from './jobs.ts';

/** A valid /invoices/new body: two lines, 8.25 % tax on the taxable one; each field overridable. */
export function invoiceBody(overrides: Partial<InvoiceInputBody> = {}): InvoiceInputBody {
  return {
    clientName: 'Dana Whitfield',
    clientEmail: 'dana@example.test',
    billingAddress: '12 Elm St, Austin, TX 78701',
    issueDate: '2026-11-20',
    paymentTerms: 'net_15',
    lineItems: [
      { description: 'Deep clean, 3 bedrooms', quantity: 1, unitPriceCents: 24000, taxable: true },
      { description: 'Supplies', quantity: 2.5, unitPriceCents: 1000, taxable: false },
    ],
    taxRateBasisPoints: 825,
    ...overrides,
  };
}

/** Creates an invoice through the API as `user`; returns the answer's body. */
export async function createInvoiceAs(
  app: FastifyInstance,
  user: SignedInUser,
  overrides: Partial<InvoiceInputBody> = {},
): Promise<InvoiceDetail> {
  const res = await asUser(app, user, {
    method: 'POST',
    url: '/api/invoices',
    payload: invoiceBody(overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Creates an invoice as `user` and sends it to its client's address; returns the sent invoice. */
export async function sentInvoiceAs(
  app: FastifyInstance,
  user: SignedInUser,
  overrides: Partial<InvoiceInputBody> = {},
): Promise<InvoiceDetail> {
  const invoice = await createInvoiceAs(app, user, overrides);
  const res = await asUser(app, user, {
    method: 'POST',
    url: `/api/invoices/${invoice.id}/send`,
    payload: { to: invoice.clientEmail },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().invoice;
}

/** A job created through the API and marked completed (as its crew would at the end). */
export async function completedJobAs(
  app: FastifyInstance,
  user: SignedInUser,
  overrides: Partial<JobInputBody> = {},
): Promise<{ id: string; title: string }> {
  const job = await createJobAs(app, user, overrides);
  await app.db
    .update(jobs)
    .set({ status: 'completed', startedAt: new Date(), completedAt: new Date() })
    .where(and(eq(jobs.accountId, user.accountId), eq(jobs.id, job.id)));
  return { id: job.id, title: job.title };
}

/** POST a payment with an Idempotency-Key. */
export function payAs(
  app: FastifyInstance,
  user: SignedInUser,
  invoiceId: string,
  body: Record<string, unknown>,
  key: string = crypto.randomUUID(),
) {
  return asUser(app, user, {
    method: 'POST',
    url: `/api/invoices/${invoiceId}/payments`,
    headers: { 'idempotency-key': key },
    payload: { method: 'cash', paidOn: '2026-11-20', ...body },
  });
}
