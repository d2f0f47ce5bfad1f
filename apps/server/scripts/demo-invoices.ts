import { addDaysToDate, addressLine, invoiceInputSchema, localDateOf } from '@crewdesk/domain';
import type { ShareSigner } from '../src/lib/share-links.ts';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { customers, invoices, requests } from '../src/db/schema/index.ts';
import { requestFingerprint } from '../src/modules/invoices/idempotency.ts';
import { recordPayment, undoPayment } from '../src/modules/invoices/invoice-payments.service.ts';
import * as repo from '../src/modules/invoices/invoices.repo.ts';
import * as work from '../src/modules/invoices/invoice-from-work.service.ts';
import * as invoiceService from '../src/modules/invoices/invoices.service.ts';
import { accountTimeZone } from '../src/modules/business-profile/index.ts';
import type { AccountActor } from '../src/plugins/permissions.ts';

/**
 * The demo business's invoices, one or more in every status: drafts from last week's completed
 * jobs (a batch), sent, viewed, partly and fully paid (with a tip), overdue, a refunded payment,
 * a void one, and one converted from an accepted quote. Saved through the invoice use cases.
 */
const LINES = [
  { description: 'Deep cleaning, 3 bedrooms', quantity: 1, unitPriceCents: 28500, taxable: true },
  { description: 'Inside oven and fridge', quantity: 1, unitPriceCents: 4500, taxable: true },
  { description: 'Cleaning supplies', quantity: 2, unitPriceCents: 1250, taxable: false },
];

async function markSent(db: Db, actor: AccountActor, id: string, at: Date, viewed: boolean) {
  const row = (await repo.findInvoice(db, actor.accountId, id))!;
  await repo.updateInvoiceAtVersion(db, actor.accountId, id, row.version, {
    sentAt: at,
    viewedAt: viewed ? at : null,
    status: viewed ? 'viewed' : 'sent',
  });
  await repo.insertEvent(db, {
    accountId: actor.accountId,
    invoiceId: id,
    kind: 'sent',
    detail: { to: row.clientEmail, delivery: 'kept' },
    actorUserId: actor.userId,
    createdAt: at,
  });
  if (viewed)
    await repo.insertEvent(db, { accountId: actor.accountId, invoiceId: id, kind: 'viewed' });
}

async function pay(
  deps: invoiceService.InvoiceDeps,
  actor: AccountActor,
  invoiceId: string,
  payment: {
    amountCents: number;
    tipCents?: number;
    method: 'cash' | 'check' | 'card' | 'bank_transfer';
    paidOn: string;
    reference?: string;
  },
) {
  const input = { tipCents: 0, reference: '', notes: '', ...payment };
  const key = crypto.randomUUID();
  return recordPayment(deps, actor, invoiceId, input, {
    key,
    fingerprint: requestFingerprint('POST', `/api/invoices/${invoiceId}/payments`, input),
  });
}

export async function ensureDemoInvoices(
  db: Db,
  owner: { userId: string; accountId: string },
  publicUrl: string,
  shares: ShareSigner,
): Promise<number> {
  const count = await db.$count(invoices, eq(invoices.accountId, owner.accountId));
  if (count > 0) return 0;
  const actor: AccountActor = { ...owner, role: 'owner', email: '', sessionId: '' } as AccountActor;
  const now = new Date();
  const deps: invoiceService.InvoiceDeps = { db, publicUrl, shares, now, onlinePayments: false };
  const today = localDateOf(now, await accountTimeZone(db, owner.accountId));
  await repo.upsertSettings(db, owner.accountId, {
    prefix: 'INV-',
    defaultPaymentTerms: 'net_15',
    defaultTaxRateBasisPoints: 825,
    defaultTerms:
      'Payment is due within 15 days. Thank you for choosing Sparkle & Shine Cleaning Co.',
    paymentInstructions:
      'Pay by check to Sparkle & Shine Cleaning Co., 100 Main St, Austin, TX 78701, or by bank transfer to account 0012 3456 78 (routing 111000025), with the invoice number as the reference.',
    remindersEnabled: true,
    reminderOffsets: [-2, 3, 7],
  });

  // Last week's completed jobs, invoiced as a batch (drafts).
  const waiting = await repo.invoiceableJobs(db, owner.accountId, 6);
  if (waiting.length > 0)
    await work.invoiceJobsBatch(
      deps,
      actor,
      waiting.map((j) => j.id),
    );

  const clients = await db
    .select()
    .from(customers)
    .where(and(eq(customers.accountId, owner.accountId), isNotNull(customers.email)))
    .orderBy(asc(customers.createdAt))
    .limit(8);
  const made: string[] = [];
  for (const [i, client] of clients.entries()) {
    const issueDate = addDaysToDate(today, -[40, 35, 20, 12, 9, 6, 3, 1][i]!);
    const input = invoiceInputSchema.parse({
      customerId: client.id,
      clientName: `${client.firstName} ${client.lastName}`,
      clientEmail: client.email ?? '',
      billingAddress: addressLine(client),
      issueDate,
      paymentTerms: i < 2 ? 'net_30' : 'net_15',
      lineItems: LINES.slice(0, 1 + (i % 3)),
      discountKind: i === 3 ? 'percent' : 'amount',
      discountValue: i === 3 ? 1000 : 0,
      taxRateBasisPoints: 825,
      terms: 'Payment is due within 15 days. Thank you for choosing Sparkle & Shine Cleaning Co.',
    });
    made.push(
      (
        await invoiceService.createInvoice(
          { ...deps, now: new Date(`${issueDate}T16:00:00Z`) },
          actor,
          input,
        )
      ).id,
    );
  }
  const at = (id: string | undefined) => id ?? null;
  const [overdue, overduePartly, paid, partly, viewed, sent, refunded, voided] = made.map(at);
  const sentAt = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000);
  for (const [id, days, isViewed] of [
    [overdue, 40, true],
    [overduePartly, 35, false],
    [paid, 20, true],
    [partly, 12, true],
    [viewed, 9, true],
    [sent, 6, false],
    [refunded, 3, true],
  ] as const)
    if (id) await markSent(db, actor, id, sentAt(days), isViewed);

  const totalOf = async (id: string) =>
    (await repo.findInvoice(db, owner.accountId, id))!.totalCents;
  if (overduePartly)
    await pay(deps, actor, overduePartly, {
      amountCents: 10000,
      method: 'check',
      paidOn: addDaysToDate(today, -20),
      reference: 'Check 2207',
    });
  if (paid)
    await pay(deps, actor, paid, {
      amountCents: await totalOf(paid),
      tipCents: 2000,
      method: 'card',
      paidOn: addDaysToDate(today, -15),
      reference: 'Visa ending 4242',
    });
  if (partly)
    await pay(deps, actor, partly, {
      amountCents: 15000,
      method: 'bank_transfer',
      paidOn: addDaysToDate(today, -5),
    });
  if (refunded) {
    const answer = await pay(deps, actor, refunded, {
      amountCents: await totalOf(refunded),
      method: 'cash',
      paidOn: addDaysToDate(today, -2),
    });
    const paymentId = answer.body.payments[0]!.id;
    await undoPayment(deps, actor, paymentId, 'refund', {
      key: crypto.randomUUID(),
      fingerprint: requestFingerprint('POST', `/api/payments/${paymentId}/refund`, undefined),
    });
  }
  if (voided) await invoiceService.voidInvoice(deps, actor, voided);

  // An accepted quote, converted (if the demo's requests have one not converted yet).
  const [accepted] = await db
    .select({ id: requests.id })
    .from(requests)
    .where(and(eq(requests.accountId, owner.accountId), eq(requests.status, 'accepted')))
    .orderBy(sql`${requests.acceptedAt} desc nulls last`)
    .limit(1);
  if (accepted) await work.invoiceRequest(deps, actor, accepted.id);
  return db.$count(invoices, eq(invoices.accountId, owner.accountId));
}
