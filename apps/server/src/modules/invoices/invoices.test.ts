import { INVOICE_MESSAGES, type InvoiceDetail } from '@crewdesk/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  signedInUser,
  type SignedInUser,
  type TestApp,
} from '../../../test/build-app.ts';
import { addContact } from '../../../test/customers.ts';
import { completedJobAs, createInvoiceAs, invoiceBody, payAs } from '../../../test/invoices.ts';
import { createJobAs } from '../../../test/jobs.ts';
import { createRequestAs, ownerWithBusinessProfile } from '../../../test/requests.ts';
import { invoiceEvents, invoicePayments, invoices, jobs, requests } from '../../db/schema/index.ts';

// The app's clock: Friday 20 November 2026, 9:00 AM in Austin (America/Chicago).
const NOW = new Date('2026-11-20T15:00:00Z');

describe('invoices', () => {
  let t: TestApp;
  let owner: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    owner = await ownerWithBusinessProfile(t.app);
  });
  afterAll(() => t.close());

  const get = (user: SignedInUser, url: string) => asUser(t.app, user, { method: 'GET', url });
  const post = (user: SignedInUser, url: string, payload?: object) =>
    asUser(t.app, user, { method: 'POST', url, payload });
  const put = (user: SignedInUser, url: string, payload: object) =>
    asUser(t.app, user, { method: 'PUT', url, payload });

  async function storedInvoice(id: string) {
    const [row] = await t.app.db.select().from(invoices).where(eq(invoices.id, id));
    return row!;
  }

  async function eventKinds(id: string) {
    const rows = await t.app.db
      .select({ kind: invoiceEvents.kind })
      .from(invoiceEvents)
      .where(eq(invoiceEvents.invoiceId, id))
      .orderBy(invoiceEvents.seq);
    return rows.map((r) => r.kind);
  }

  describe('POST /api/invoices', () => {
    it('when the form is saved, then the server works out the figures in cents, the number and the due date', async () => {
      const fresh = await ownerWithBusinessProfile(t.app);
      const contact = await addContact(t.app, fresh);
      const invoice = await createInvoiceAs(t.app, fresh, {
        customerId: contact.id,
        discountKind: 'percent',
        discountValue: 1000,
      });

      // 240.00 taxable + 2.5 × 10.00 = 265.00; 10 % off = 26.50, of which 24.00 on the taxable
      // line; tax 8.25 % of 216.00 = 17.82; total 238.50 + 17.82.
      expect(invoice).toMatchObject({
        number: 'INV-0001',
        status: 'draft',
        customerId: contact.id,
        subtotalCents: 26500,
        discountCents: 2650,
        taxCents: 1782,
        totalCents: 25632,
        amountPaidCents: 0,
        balanceCents: 25632,
        dueDate: '2026-12-05',
        version: 1,
      });
      expect(invoice.lineItems.map((l) => l.totalCents)).toEqual([24000, 2500]);
      expect(invoice.publicUrl).toMatch(/\/pay\/[A-Za-z0-9_-]{44}$/);
      expect(invoice.events.map((e) => e.kind)).toEqual(['created']);
      const row = await storedInvoice(invoice.id);
      expect(row).toMatchObject({ accountId: fresh.accountId, number: 1, totalCents: 25632 });
    });

    it.each([
      [{ clientName: '' }, 'clientName: Required'],
      [{ lineItems: [] }, 'lineItems: Add at least one line item'],
      [
        { lineItems: [{ description: 'x', quantity: 1.234, unitPriceCents: 100 }] },
        'Quantity can have at most two decimals',
      ],
      [{ paymentTerms: 'custom' }, 'dueDate: Required'],
      [{ dueDate: '2026-11-01', paymentTerms: 'custom' }, 'The due date cannot be before'],
      [{ taxRateBasisPoints: -1 }, 'Tax rate cannot be negative'],
      [{ clientEmail: 'not-mail' }, 'Enter a valid e-mail address'],
    ])('when the body is %j, then 400 says %s and nothing is stored', async (patch, message) => {
      const before = await t.app.db.$count(invoices, eq(invoices.accountId, owner.accountId));
      const res = await post(owner, '/api/invoices', { ...invoiceBody(), ...patch });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
      expect(await t.app.db.$count(invoices, eq(invoices.accountId, owner.accountId))).toBe(before);
    });

    it('when the contact belongs to another business, then 400 and no invoice', async () => {
      const other = await signedInUser(t.app);
      const theirs = await addContact(t.app, other);
      const res = await post(owner, '/api/invoices', invoiceBody({ customerId: theirs.id }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This contact is not in your business.');
    });

    it('when 20 invoices are created at once, then they get 20 distinct consecutive numbers', async () => {
      const fresh = await signedInUser(t.app);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => post(fresh, '/api/invoices', invoiceBody())),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
      const numbers = answers.map((a) => (a.json() as InvoiceDetail).number).sort();
      expect(numbers).toEqual(
        Array.from({ length: 20 }, (_, i) => `INV-${String(i + 1).padStart(4, '0')}`),
      );
      const stored = await t.app.db
        .select({ number: invoices.number })
        .from(invoices)
        .where(eq(invoices.accountId, fresh.accountId));
      expect(stored.map((r) => r.number).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
    });

    it('when the prefix is changed in the settings, then the next invoice carries it and the count goes on', async () => {
      const fresh = await signedInUser(t.app);
      await createInvoiceAs(t.app, fresh);
      const saved = await put(fresh, '/api/invoice-settings', {
        prefix: '2026-',
        defaultPaymentTerms: 'net_7',
        defaultTaxRateBasisPoints: 500,
        defaultTerms: 'Thank you for your business.',
        paymentInstructions: 'Checks payable to Sparkle Cleaning Co.',
        remindersEnabled: true,
        reminderOffsets: [7, -2, 3],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ nextNumber: 2, reminderOffsets: [-2, 3, 7] });
      expect((await createInvoiceAs(t.app, fresh)).number).toBe('2026-0002');
      expect((await get(fresh, '/api/invoice-settings')).json()).toMatchObject({
        prefix: '2026-',
        nextNumber: 3,
        onlinePaymentsEnabled: false,
      });
    });

    it('when the settings are bad, then 400 names the problem', async () => {
      const res = await put(owner, '/api/invoice-settings', {
        prefix: 'INV 😀',
        defaultPaymentTerms: 'net_30',
        defaultTaxRateBasisPoints: 0,
        remindersEnabled: true,
        reminderOffsets: [3, 3],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('Prefix can use letters');
    });
  });

  describe('PUT /api/invoices/:id', () => {
    it('when an edit starts from the current version, then the figures are worked out again and the version goes up', async () => {
      const invoice = await createInvoiceAs(t.app, owner);
      const res = await put(owner, `/api/invoices/${invoice.id}`, {
        version: invoice.version,
        invoice: invoiceBody({
          lineItems: [{ description: 'Window cleaning', quantity: 3, unitPriceCents: 3333 }],
          taxRateBasisPoints: 0,
        }),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ totalCents: 9999, balanceCents: 9999, version: 2 });
      expect(await eventKinds(invoice.id)).toEqual(['created', 'edited']);
    });

    it('when two people save the same version at once, then one wins and the other is refused with nothing overwritten', async () => {
      const invoice = await createInvoiceAs(t.app, owner);
      const edit = (description: string) =>
        put(owner, `/api/invoices/${invoice.id}`, {
          version: invoice.version,
          invoice: invoiceBody({
            lineItems: [{ description, quantity: 1, unitPriceCents: 5000 }],
          }),
        });
      const answers = await Promise.all([edit('Edit by Ana'), edit('Edit by Ben')]);
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([200, 409]);
      const refused = answers.find((a) => a.statusCode === 409)!;
      expect(refused.json().message).toBe(INVOICE_MESSAGES.changedBySomeoneElse);
      const winner = answers.find((a) => a.statusCode === 200)!.json() as InvoiceDetail;
      const row = await storedInvoice(invoice.id);
      expect(row.version).toBe(2);
      expect(row.lineItems[0]!.description).toBe(winner.lineItems[0]!.description);
      expect(await eventKinds(invoice.id)).toEqual(['created', 'edited']);
    });

    it('when the invoice is paid, then it cannot be edited', async () => {
      const invoice = await createInvoiceAs(t.app, owner);
      expect(
        (await payAs(t.app, owner, invoice.id, { amountCents: invoice.totalCents })).statusCode,
      ).toBe(201);
      const paid = (await get(owner, `/api/invoices/${invoice.id}`)).json() as InvoiceDetail;
      const res = await put(owner, `/api/invoices/${invoice.id}`, {
        version: paid.version,
        invoice: invoiceBody(),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(INVOICE_MESSAGES.lockedPaidOrVoid);
    });
  });

  describe('payments', () => {
    it('when a partial and then the final payment are recorded, then the status, balance and history follow', async () => {
      const invoice = await createInvoiceAs(t.app, owner);
      const first = await payAs(t.app, owner, invoice.id, {
        amountCents: 10000,
        method: 'check',
        reference: 'Check 1042',
      });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json()).toMatchObject({
        status: 'partially_paid',
        amountPaidCents: 10000,
        balanceCents: invoice.totalCents - 10000,
      });
      const rest = invoice.totalCents - 10000;
      const final = await payAs(t.app, owner, invoice.id, { amountCents: rest, tipCents: 2000 });
      expect(final.json()).toMatchObject({
        status: 'paid',
        amountPaidCents: invoice.totalCents,
        balanceCents: 0,
      });
      expect(final.json().payments.map((p: { tipCents: number }) => p.tipCents)).toEqual([0, 2000]);
      expect(await eventKinds(invoice.id)).toEqual([
        'created',
        'payment_recorded',
        'payment_recorded',
      ]);
    });

    it('when a payment is more than the balance, then it is refused with the balance in the message', async () => {
      const invoice = await createInvoiceAs(t.app, owner, {
        lineItems: [{ description: 'Clean', quantity: 1, unitPriceCents: 10000 }],
        taxRateBasisPoints: 0,
      });
      const res = await payAs(t.app, owner, invoice.id, { amountCents: 10001 });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(INVOICE_MESSAGES.overpayment('$100.00'));
      expect(
        await t.app.db.$count(invoicePayments, eq(invoicePayments.invoiceId, invoice.id)),
      ).toBe(0);
    });

    it.each([
      [{ amountCents: 0, tipCents: 0 }, 'Amount must be more than $0.00'],
      [{ amountCents: -5 }, 'Amount cannot be negative'],
      [{ amountCents: 100, method: 'online' }, 'Pick how the client paid'],
      [{ amountCents: 100, paidOn: 'yesterday' }, 'paidOn must be a date'],
    ])('when the payment is %j, then 400 says %s', async (patch, message) => {
      const invoice = await createInvoiceAs(t.app, owner);
      const res = await payAs(t.app, owner, invoice.id, patch);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    });

    it('when 20 identical payment requests carry one key at once, then exactly one payment is recorded', async () => {
      const invoice = await createInvoiceAs(t.app, owner);
      const key = crypto.randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          payAs(t.app, owner, invoice.id, { amountCents: 5000 }, key),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
      expect(new Set(answers.map((a) => a.json().amountPaidCents))).toEqual(new Set([5000]));
      expect(
        await t.app.db.$count(invoicePayments, eq(invoicePayments.invoiceId, invoice.id)),
      ).toBe(1);
      expect((await storedInvoice(invoice.id)).amountPaidCents).toBe(5000);
    });

    it('when a key is used again with another body, then it is refused and nothing is recorded', async () => {
      const invoice = await createInvoiceAs(t.app, owner);
      const key = crypto.randomUUID();
      expect((await payAs(t.app, owner, invoice.id, { amountCents: 5000 }, key)).statusCode).toBe(
        201,
      );
      const res = await payAs(t.app, owner, invoice.id, { amountCents: 6000 }, key);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(INVOICE_MESSAGES.idempotencyMismatch);
      expect(
        await t.app.db.$count(invoicePayments, eq(invoicePayments.invoiceId, invoice.id)),
      ).toBe(1);
    });

    it('when the Idempotency-Key is missing, then 400 and nothing is recorded', async () => {
      const invoice = await createInvoiceAs(t.app, owner);
      const res = await asUser(t.app, owner, {
        method: 'POST',
        url: `/api/invoices/${invoice.id}/payments`,
        payload: { method: 'cash', amountCents: 100, paidOn: '2026-11-20' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(INVOICE_MESSAGES.idempotencyMissing);
    });

    it('when a payment is refunded or removed, then the balance comes back and the history says so', async () => {
      const invoice = await createInvoiceAs(t.app, owner);
      const paid = (
        await payAs(t.app, owner, invoice.id, { amountCents: invoice.totalCents })
      ).json() as InvoiceDetail;
      expect(paid.status).toBe('paid');
      const paymentId = paid.payments[0]!.id;
      const refund = () =>
        asUser(t.app, owner, {
          method: 'POST',
          url: `/api/payments/${paymentId}/refund`,
          headers: { 'idempotency-key': `refund-${paymentId}` },
        });
      const refunded = await refund();
      expect(refunded.statusCode, refunded.body).toBe(200);
      expect(refunded.json()).toMatchObject({ status: 'draft', balanceCents: invoice.totalCents });
      expect(refunded.json().payments[0].refundedAt).not.toBeNull();
      // The same refund again (a retry) answers the same and changes nothing more.
      expect((await refund()).json().balanceCents).toBe(invoice.totalCents);

      const second = (
        await payAs(t.app, owner, invoice.id, { amountCents: 1000 })
      ).json() as InvoiceDetail;
      const removed = await asUser(t.app, owner, {
        method: 'DELETE',
        url: `/api/payments/${second.payments.at(-1)!.id}`,
        headers: { 'idempotency-key': crypto.randomUUID() },
      });
      expect(removed.json()).toMatchObject({
        balanceCents: invoice.totalCents,
        amountPaidCents: 0,
      });
      expect(await eventKinds(invoice.id)).toEqual([
        'created',
        'payment_recorded',
        'payment_refunded',
        'payment_recorded',
        'payment_removed',
      ]);
    });

    it('when an invoice is voided, then it takes no payments and its status is void', async () => {
      const invoice = await createInvoiceAs(t.app, owner);
      const voided = await post(owner, `/api/invoices/${invoice.id}/void`);
      expect(voided.json()).toMatchObject({ status: 'void' });
      expect((await post(owner, `/api/invoices/${invoice.id}/void`)).statusCode).toBe(409);
      const res = await payAs(t.app, owner, invoice.id, { amountCents: 100 });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(INVOICE_MESSAGES.voidCannotTakePayments);
    });

    it('when payments are listed, then newest first with their invoice, and one opens with who recorded it', async () => {
      const fresh = await signedInUser(t.app);
      const invoice = await createInvoiceAs(t.app, fresh, { clientName: 'Lena Park' });
      await payAs(t.app, fresh, invoice.id, { amountCents: 100, paidOn: '2026-11-18' });
      await payAs(t.app, fresh, invoice.id, {
        amountCents: 200,
        method: 'card',
        paidOn: '2026-11-19',
        reference: 'Visa 4242',
      });
      await payAs(t.app, fresh, invoice.id, { amountCents: 300, paidOn: '2026-11-10' });
      const byDate = (await get(fresh, '/api/payments')).json();
      expect(byDate.items.map((p: { paidOn: string }) => p.paidOn)).toEqual([
        '2026-11-19',
        '2026-11-18',
        '2026-11-10',
      ]);
      const byReference = (await get(fresh, '/api/payments?q=4242')).json();
      expect(byReference.items.map((p: { amountCents: number }) => p.amountCents)).toEqual([200]);
      const list = (await get(fresh, '/api/payments?limit=1')).json();
      expect(list.items).toHaveLength(1);
      expect(list.items[0]).toMatchObject({ clientName: 'Lena Park', invoiceNumber: 'INV-0001' });
      const page2 = (await get(fresh, `/api/payments?limit=1&cursor=${list.nextCursor}`)).json();
      expect(page2.items).toHaveLength(1);
      expect(page2.items[0].id).not.toBe(list.items[0].id);
      expect((await get(fresh, '/api/payments?method=card')).json().items).toHaveLength(1);
      const one = (await get(fresh, `/api/payments/${list.items[0].id}`)).json();
      expect(one.invoice.id).toBe(invoice.id);
      expect(one.recordedBy).toEqual(expect.any(String));
    });
  });

  describe('from jobs and requests', () => {
    it('when a completed job is invoiced in one click, then its price becomes the line and the job is linked', async () => {
      const contact = await addContact(t.app, owner, { email: 'ann@example.test' });
      const job = await completedJobAs(t.app, owner, { customerId: contact.id, priceCents: 18000 });
      const res = await post(owner, `/api/jobs/${job.id}/invoice`);
      expect(res.statusCode, res.body).toBe(201);
      const invoice = res.json() as InvoiceDetail;
      expect(invoice).toMatchObject({
        customerId: contact.id,
        clientEmail: 'ann@example.test',
        subtotalCents: 18000,
        jobs: [{ id: job.id, title: job.title }],
      });
      const again = await post(owner, `/api/jobs/${job.id}/invoice`);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(INVOICE_MESSAGES.jobAlreadyInvoiced);
      const detail = (await get(owner, `/api/jobs/${job.id}`)).json();
      expect(detail.invoiceId).toBe(invoice.id);

      // A void gives the job back to be invoiced again.
      await post(owner, `/api/invoices/${invoice.id}/void`);
      expect((await post(owner, `/api/jobs/${job.id}/invoice`)).statusCode).toBe(201);
    });

    it('when a job of fractional lines is invoiced, then the invoice totals exactly the stored job price', async () => {
      const halfCent = { description: 'Half a cent', quantity: 0.5, unitPriceCents: 1 };
      const job = await completedJobAs(t.app, owner, {
        lineItems: [halfCent, halfCent, halfCent],
      });
      const storedJob = (await get(owner, `/api/jobs/${job.id}`)).json();
      // Each line rounds on its own (0.5¢ → 1¢), as the invoice shows them: 3¢, not round(1.5¢).
      expect(storedJob.priceCents).toBe(3);
      const res = await post(owner, `/api/jobs/${job.id}/invoice`);
      expect(res.statusCode, res.body).toBe(201);
      const invoice = res.json() as InvoiceDetail;
      expect(invoice.subtotalCents).toBe(storedJob.priceCents);
      expect((await storedInvoice(invoice.id)).totalCents).toBe(storedJob.priceCents);
    });

    it('when the job is not completed, then it cannot be invoiced', async () => {
      const job = await createJobAs(t.app, owner);
      const res = await post(owner, `/api/jobs/${job.id}/invoice`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain(INVOICE_MESSAGES.jobNotCompleted);
    });

    it('when three completed jobs are batch-invoiced, then each gets its own invoice, and they leave the waiting list', async () => {
      const fresh = await ownerWithBusinessProfile(t.app);
      const made = [];
      for (const title of ['Office A', 'Office B', 'Office C'])
        made.push(await completedJobAs(t.app, fresh, { title }));
      const waiting = (await get(fresh, '/api/invoiceable-jobs')).json();
      expect(waiting.items.map((j: { id: string }) => j.id).sort()).toEqual(
        made.map((j) => j.id).sort(),
      );
      const res = await post(fresh, '/api/invoices/batch', { jobIds: made.map((j) => j.id) });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().items.map((i: { number: string }) => i.number)).toEqual([
        'INV-0001',
        'INV-0002',
        'INV-0003',
      ]);
      expect((await get(fresh, '/api/invoiceable-jobs')).json().items).toEqual([]);
      const linked = await t.app.db
        .select({ invoiceId: jobs.invoiceId })
        .from(jobs)
        .where(eq(jobs.accountId, fresh.accountId));
      expect(new Set(linked.map((j) => j.invoiceId)).size).toBe(3);
    });

    it('when a batch holds an invoiced job, then nothing is created', async () => {
      const fresh = await signedInUser(t.app);
      const a = await completedJobAs(t.app, fresh);
      const b = await completedJobAs(t.app, fresh);
      await post(fresh, `/api/jobs/${a.id}/invoice`);
      const res = await post(fresh, '/api/invoices/batch', { jobIds: [a.id, b.id] });
      expect(res.statusCode).toBe(409);
      expect(await t.app.db.$count(invoices, eq(invoices.accountId, fresh.accountId))).toBe(1);
    });

    it('when an accepted quote is converted, then the invoice carries its client and price, once', async () => {
      const request = await createRequestAs(t.app, owner, { clientName: 'Ann Lee' });
      const notYet = await post(owner, `/api/requests/${request.id}/invoice`);
      expect(notYet.statusCode).toBe(409);
      expect(notYet.json().message).toBe(INVOICE_MESSAGES.requestNotAccepted);
      await t.app.db
        .update(requests)
        .set({ status: 'accepted', acceptedAt: new Date() })
        .where(eq(requests.id, request.id));
      const res = await post(owner, `/api/requests/${request.id}/invoice`);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        clientName: 'Ann Lee',
        subtotalCents: request.amountCents,
        requestId: request.id,
      });
      expect((await post(owner, `/api/requests/${request.id}/invoice`)).statusCode).toBe(409);
      const detail = (await get(owner, `/api/requests/${request.id}`)).json();
      expect(detail.events.map((e: { kind: string }) => e.kind)).toContain('converted');
      expect(detail.invoiceId).toBe(res.json().id);
    });
  });

  describe('GET /api/invoices', () => {
    it('when invoices are listed, then filters, search, pages and the outstanding and overdue totals apply', async () => {
      const fresh = await ownerWithBusinessProfile(t.app);
      const late = await createInvoiceAs(t.app, fresh, {
        clientName: 'Late Larry',
        issueDate: '2026-10-01',
        paymentTerms: 'net_15',
      });
      const current = await createInvoiceAs(t.app, fresh, { clientName: 'Prompt Paula' });
      await createInvoiceAs(t.app, fresh, { clientName: 'Draft Dora' });
      // Sent: only sent invoices are owed.
      for (const id of [late.id, current.id])
        await t.app.db
          .update(invoices)
          .set({ status: 'sent', sentAt: NOW })
          .where(eq(invoices.id, id));

      const all = (await get(fresh, '/api/invoices')).json();
      expect(all.items.map((i: { clientName: string }) => i.clientName)).toEqual([
        'Draft Dora',
        'Prompt Paula',
        'Late Larry',
      ]);
      expect(all.totals).toEqual({
        outstandingCents: late.totalCents + current.totalCents,
        outstandingCount: 2,
        overdueCents: late.totalCents,
        overdueCount: 1,
      });
      const overdue = (await get(fresh, '/api/invoices?status=overdue')).json();
      expect(overdue.items.map((i: { id: string; status: string }) => [i.id, i.status])).toEqual([
        [late.id, 'overdue'],
      ]);
      expect((await get(fresh, '/api/invoices?status=sent')).json().items).toHaveLength(1);
      expect((await get(fresh, '/api/invoices?q=paula')).json().items[0].id).toBe(current.id);
      expect((await get(fresh, '/api/invoices?q=inv-0001')).json().items[0].id).toBe(late.id);
      expect((await get(fresh, '/api/invoices?from=2026-11-01')).json().items).toHaveLength(2);
      const page1 = (await get(fresh, '/api/invoices?limit=2')).json();
      const page2 = (await get(fresh, `/api/invoices?limit=2&cursor=${page1.nextCursor}`)).json();
      expect(page2.items.map((i: { id: string }) => i.id)).toEqual([late.id]);
      expect(page2.nextCursor).toBeNull();
    });

    it.each(['status=late', 'limit=0', 'cursor=garbage', 'from=11/01/2026'])(
      'when the query is %s, then 400',
      async (query) => {
        const res = await get(owner, `/api/invoices?${query}`);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toEqual(expect.any(String));
      },
    );

    it('when the history is read, then every event of the business is there newest first, in pages', async () => {
      const fresh = await signedInUser(t.app);
      const invoice = await createInvoiceAs(t.app, fresh);
      await payAs(t.app, fresh, invoice.id, { amountCents: 100 });
      await post(fresh, `/api/invoices/${invoice.id}/void`);
      const page1 = (await get(fresh, '/api/invoice-history?limit=2')).json();
      expect(page1.items.map((e: { kind: string }) => e.kind)).toEqual([
        'voided',
        'payment_recorded',
      ]);
      const page2 = (
        await get(fresh, `/api/invoice-history?limit=2&cursor=${page1.nextCursor}`)
      ).json();
      expect(page2.items.map((e: { kind: string }) => e.kind)).toEqual(['created']);
      expect(page2.items[0].invoiceNumber).toBe('INV-0001');
      const kinds = (await get(fresh, '/api/invoice-history?kind=voided')).json();
      expect(kinds.items).toHaveLength(1);
    });
  });

  describe('bad input on every endpoint', () => {
    it.each([
      ['GET', '/api/invoices/not-a-uuid', undefined, 'id must be a UUID'],
      ['PUT', '/api/invoices/{id}', { invoice: {} }, 'version'],
      ['POST', '/api/invoices/batch', { jobIds: [] }, 'Pick at least one job'],
      ['POST', '/api/invoices/batch', { jobIds: ['x'] }, 'jobIds must be job ids'],
      ['POST', '/api/invoices/{id}/send', {}, 'to'],
      ['GET', '/api/payments?method=bitcoin', undefined, 'method'],
      ['GET', '/api/payments?cursor=garbage', undefined, 'cursor is not valid'],
      ['GET', '/api/payments/42', undefined, 'id must be a UUID'],
      ['GET', '/api/invoice-history?cursor=garbage', undefined, 'cursor is not valid'],
      ['GET', '/api/invoice-history?kind=deleted', undefined, 'kind'],
      ['POST', '/api/jobs/not-a-uuid/invoice', undefined, 'id must be a UUID'],
      ['POST', '/api/requests/not-a-uuid/invoice', undefined, 'id must be a UUID'],
      ['PUT', '/api/invoice-settings', { prefix: 'INV-' }, 'defaultPaymentTerms'],
    ] as const)('when %s %s gets %j, then 400 names %s', async (method, path, payload, message) => {
      const invoice = await createInvoiceAs(t.app, owner);
      const res = await asUser(t.app, owner, {
        method,
        url: path.replace('{id}', invoice.id),
        ...(payload === undefined ? {} : { payload }),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(message);
      expect((await storedInvoice(invoice.id)).version).toBe(1);
    });

    it('when a refund or removal has no Idempotency-Key, then 400 and the payment stays', async () => {
      const invoice = await createInvoiceAs(t.app, owner);
      const paid = (await payAs(t.app, owner, invoice.id, { amountCents: 100 })).json();
      const paymentId = paid.payments[0].id as string;
      for (const call of [
        { method: 'POST', url: `/api/payments/${paymentId}/refund` },
        { method: 'DELETE', url: `/api/payments/${paymentId}` },
      ] as const) {
        const res = await asUser(t.app, owner, call);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(INVOICE_MESSAGES.idempotencyMissing);
      }
      expect((await storedInvoice(invoice.id)).amountPaidCents).toBe(100);
    });
  });

  describe("another business's records", () => {
    it('when any invoice or payment endpoint is called with an id of another business, then 404 and nothing changes', async () => {
      const other = await ownerWithBusinessProfile(t.app);
      const invoice = await createInvoiceAs(t.app, other, { clientName: 'Hidden Harriet' });
      const paid = (
        await payAs(t.app, other, invoice.id, { amountCents: 100 })
      ).json() as InvoiceDetail;
      const paymentId = paid.payments[0]!.id;
      const job = await completedJobAs(t.app, other);
      const key = { 'idempotency-key': crypto.randomUUID() };
      const calls = [
        { method: 'GET', url: `/api/invoices/${invoice.id}` },
        {
          method: 'PUT',
          url: `/api/invoices/${invoice.id}`,
          payload: { version: 2, invoice: invoiceBody() },
        },
        { method: 'POST', url: `/api/invoices/${invoice.id}/void` },
        {
          method: 'POST',
          url: `/api/invoices/${invoice.id}/send`,
          payload: { to: 'x@example.test' },
        },
        { method: 'GET', url: `/api/invoices/${invoice.id}/pdf` },
        {
          method: 'POST',
          url: `/api/invoices/${invoice.id}/payments`,
          headers: key,
          payload: { method: 'cash', amountCents: 1, paidOn: '2026-11-20' },
        },
        { method: 'GET', url: `/api/payments/${paymentId}` },
        {
          method: 'DELETE',
          url: `/api/payments/${paymentId}`,
          headers: { 'idempotency-key': crypto.randomUUID() },
        },
        {
          method: 'POST',
          url: `/api/payments/${paymentId}/refund`,
          headers: { 'idempotency-key': crypto.randomUUID() },
        },
        { method: 'POST', url: `/api/jobs/${job.id}/invoice` },
        { method: 'POST', url: '/api/invoices/batch', payload: { jobIds: [job.id] } },
      ] as const;
      for (const call of calls) {
        const res = await asUser(t.app, owner, { ...call } as never);
        expect(res.statusCode, `${call.method} ${call.url}: ${res.body}`).toBe(404);
      }
      const row = await storedInvoice(invoice.id);
      expect(row).toMatchObject({ version: 2, status: 'partially_paid', amountPaidCents: 100 });
      expect(
        await t.app.db.$count(invoicePayments, eq(invoicePayments.invoiceId, invoice.id)),
      ).toBe(1);
      const [stillFree] = await t.app.db
        .select({ invoiceId: jobs.invoiceId })
        .from(jobs)
        .where(and(eq(jobs.id, job.id)));
      expect(stillFree!.invoiceId).toBeNull();
      expect((await get(owner, '/api/invoices?q=harriet')).json().items).toEqual([]);
    });
  });
});
