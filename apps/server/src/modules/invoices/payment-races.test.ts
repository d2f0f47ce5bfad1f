import { INVOICE_MESSAGES, type InvoiceDetail } from '@crewdesk/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, type SignedInUser, type TestApp } from '../../../test/build-app.ts';
import { createInvoiceAs, payAs } from '../../../test/invoices.ts';
import { ownerWithBusinessProfile } from '../../../test/requests.ts';
import { invoiceEvents, invoicePayments, invoices } from '../../db/schema/index.ts';

const NOW = new Date('2026-11-20T15:00:00Z');

/**
 * Ten people (or ten retries with fresh keys) undo one payment at the same moment. On
 * PostgreSQL they really overlap; on the embedded database they run one after another, so the
 * later ones meet the payment already undone. Either way exactly one may win.
 */
describe('undoing one payment many times at once', () => {
  let t: TestApp;
  let owner: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    owner = await ownerWithBusinessProfile(t.app);
  });
  afterAll(() => t.close());

  async function paidInvoice() {
    const invoice = await createInvoiceAs(t.app, owner);
    const first = await payAs(t.app, owner, invoice.id, { amountCents: 5000 });
    expect(first.statusCode, first.body).toBe(201);
    const paid: InvoiceDetail = (
      await payAs(t.app, owner, invoice.id, { amountCents: 2000 })
    ).json();
    const payment = paid.payments.find((p) => p.amountCents === 5000)!;
    return { invoice, paymentId: payment.id };
  }

  it.each([
    ['refund', 'POST', '/refund', 'payment_refunded', INVOICE_MESSAGES.paymentAlreadyRefunded],
    ['remove', 'DELETE', '', 'payment_removed', INVOICE_MESSAGES.paymentAlreadyRemoved],
  ] as const)(
    'when ten %s requests for one payment arrive at once, then one succeeds, nine get 409, and the history holds one event',
    async (_, method, suffix, kind, message) => {
      const { invoice, paymentId } = await paidInvoice();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          asUser(t.app, owner, {
            method,
            url: `/api/payments/${paymentId}${suffix}`,
            headers: { 'idempotency-key': crypto.randomUUID() },
          }),
        ),
      );

      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([200, ...Array<number>(9).fill(409)]);
      for (const refused of answers.filter((a) => a.statusCode === 409))
        expect(refused.json().message).toBe(message);
      const winner: InvoiceDetail = answers.find((a) => a.statusCode === 200)!.json();
      expect(winner).toMatchObject({
        amountPaidCents: 2000,
        balanceCents: invoice.totalCents - 2000,
      });

      const events = await t.app.db
        .select({ kind: invoiceEvents.kind })
        .from(invoiceEvents)
        .where(
          and(
            eq(invoiceEvents.invoiceId, invoice.id),
            inArray(invoiceEvents.kind, ['payment_refunded', 'payment_removed']),
          ),
        );
      expect(events).toEqual([{ kind }]);
      const [stored] = await t.app.db.select().from(invoices).where(eq(invoices.id, invoice.id));
      expect(stored).toMatchObject({
        amountPaidCents: 2000,
        balanceCents: invoice.totalCents - 2000,
      });
      const left = await t.app.db
        .select({ id: invoicePayments.id, refundedAt: invoicePayments.refundedAt })
        .from(invoicePayments)
        .where(eq(invoicePayments.id, paymentId));
      if (kind === 'payment_removed') expect(left).toEqual([]);
      else expect(left[0]!.refundedAt).not.toBeNull();
    },
  );

  it('when a removed payment is refunded or removed again later, then 409; an unknown id stays 404', async () => {
    const { paymentId } = await paidInvoice();
    const undo = (m: 'POST' | 'DELETE', id: string) =>
      asUser(t.app, owner, {
        method: m,
        url: m === 'POST' ? `/api/payments/${id}/refund` : `/api/payments/${id}`,
        headers: { 'idempotency-key': crypto.randomUUID() },
      });
    expect((await undo('DELETE', paymentId)).statusCode).toBe(200);
    for (const m of ['DELETE', 'POST'] as const) {
      const again = await undo(m, paymentId);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(INVOICE_MESSAGES.paymentAlreadyRemoved);
    }
    expect((await undo('DELETE', crypto.randomUUID())).statusCode).toBe(404);
  });
});
