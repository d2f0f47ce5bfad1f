import type { InvoiceDetail, PublicInvoice } from '@crewdesk/domain';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, signedInUser, type SignedInUser } from '../../../test/build-app.ts';
import { createInvoiceAs, payAs } from '../../../test/invoices.ts';
import { BUSINESS_TIME_ZONE, ownerWithBusinessProfile } from '../../../test/requests.ts';
import { createTestAppWithInbox, type TestAppWithInbox } from '../../../test/smtp.ts';

const NOW = new Date('2026-11-20T15:00:00Z');

function tokenOf(invoice: InvoiceDetail): string {
  return invoice.publicUrl.split('/pay/')[1]!;
}

describe('sending an invoice and its client page', () => {
  let t: TestAppWithInbox;
  let owner: SignedInUser;

  beforeAll(async () => {
    t = await createTestAppWithInbox({ now: () => NOW });
    owner = await ownerWithBusinessProfile(t.app);
  });
  afterAll(() => t.close());

  const publicGet = (url: string) => t.app.inject({ method: 'GET', url });

  it('when the invoice is sent, then the client receives it over SMTP with the link, and it is marked sent', async () => {
    const invoice = await createInvoiceAs(t.app, owner, { clientEmail: 'dana@example.test' });
    const res = await asUser(t.app, owner, {
      method: 'POST',
      url: `/api/invoices/${invoice.id}/send`,
      payload: { to: 'dana@example.test', message: 'Thanks for having us over.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ delivery: 'sent', invoice: { status: 'sent' } });
    const mail = await t.inbox.waitFor(
      (m) => m.subject === `Invoice ${invoice.number} from Sparkle Cleaning Co`,
    );
    expect(JSON.stringify(mail.to)).toContain('dana@example.test');
    expect(mail.text).toContain(invoice.publicUrl);
    expect(mail.text).toContain('Thanks for having us over.');
    expect(mail.text).toContain('$284.80');
    expect(res.json().invoice.events.map((e: { kind: string }) => e.kind)).toEqual([
      'sent',
      'created',
    ]);
  });

  it('when the mail server refuses, then the invoice stays a draft and says so', async () => {
    const invoice = await createInvoiceAs(t.app, owner);
    t.inbox.rejectAll = true;
    try {
      const res = await asUser(t.app, owner, {
        method: 'POST',
        url: `/api/invoices/${invoice.id}/send`,
        payload: { to: 'dana@example.test' },
      });
      expect(res.json()).toMatchObject({ delivery: 'failed', invoice: { status: 'draft' } });
    } finally {
      t.inbox.rejectAll = false;
    }
  });

  it('when the send address is not an e-mail, then 400', async () => {
    const invoice = await createInvoiceAs(t.app, owner);
    const res = await asUser(t.app, owner, {
      method: 'POST',
      url: `/api/invoices/${invoice.id}/send`,
      payload: { to: 'dana' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Enter a valid e-mail address');
  });

  it('when the client opens the link, then they see the invoice without office details, it is marked viewed once, and the business is told', async () => {
    const invoice = await createInvoiceAs(t.app, owner, { notes: 'Gate code 4411' });
    await payAs(t.app, owner, invoice.id, { amountCents: 5000, reference: 'Check 77' });
    const res = await publicGet(`/api/public/invoices/${tokenOf(invoice)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const view = res.json() as PublicInvoice;
    expect(view).toMatchObject({
      number: invoice.number,
      clientName: 'Dana Whitfield',
      balanceCents: invoice.totalCents - 5000,
      // The client reads dates and times on the business's clock, wherever they are.
      business: { name: 'Sparkle Cleaning Co', timeZone: BUSINESS_TIME_ZONE },
      canPayOnline: false,
      payments: [{ amountCents: 5000, method: 'cash', paidOn: '2026-11-20' }],
    });
    expect(JSON.stringify(view)).not.toContain('Check 77');
    expect(JSON.stringify(view)).not.toContain(invoice.id);
    await t.inbox.waitFor((m) => m.subject === `Dana Whitfield opened invoice ${invoice.number}`);

    await publicGet(`/api/public/invoices/${tokenOf(invoice)}`);
    const detail = (
      await asUser(t.app, owner, { method: 'GET', url: `/api/invoices/${invoice.id}` })
    ).json() as InvoiceDetail;
    expect(detail.events.filter((e) => e.kind === 'viewed')).toHaveLength(1);
    expect(detail.viewedAt).toBe(NOW.toISOString());
  });

  it("when the business's own people preview the link, then it is not marked viewed", async () => {
    const invoice = await createInvoiceAs(t.app, owner);
    const res = await asUser(t.app, owner, {
      method: 'GET',
      url: `/api/public/invoices/${tokenOf(invoice)}`,
    });
    expect(res.statusCode).toBe(200);
    const detail = (
      await asUser(t.app, owner, { method: 'GET', url: `/api/invoices/${invoice.id}` })
    ).json() as InvoiceDetail;
    expect(detail.viewedAt).toBeNull();
  });

  it('when the payment-success page asks, then it gets the status and balance only', async () => {
    const invoice = await createInvoiceAs(t.app, owner);
    await payAs(t.app, owner, invoice.id, { amountCents: invoice.totalCents });
    const res = await publicGet(`/api/public/invoices/${tokenOf(invoice)}/payment-status`);
    expect(res.json()).toEqual({
      number: invoice.number,
      businessName: 'Sparkle Cleaning Co',
      currency: 'USD',
      locale: 'en-US',
      status: 'paid',
      balanceCents: 0,
      amountPaidCents: invoice.totalCents,
    });
  });

  it('when the client downloads the PDF, then it reads back with the number, lines, totals and balance', async () => {
    const invoice = await createInvoiceAs(t.app, owner, { terms: 'Payment due within 15 days.' });
    await payAs(t.app, owner, invoice.id, { amountCents: 8830 });
    const res = await publicGet(`/api/public/invoices/${tokenOf(invoice)}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`Invoice ${invoice.number}.pdf`);
    const parser = new PDFParse({ data: res.rawPayload });
    const text = (await parser.getText()).text;
    await parser.destroy();
    for (const expected of [
      invoice.number,
      'Sparkle Cleaning Co',
      'Dana Whitfield',
      'Deep clean, 3 bedrooms',
      'Supplies',
      '$265.00',
      '$19.80',
      '$284.80',
      '$88.30',
      '$196.50',
      'Payment due within 15 days.',
    ])
      expect(text).toContain(expected);

    const staff = await asUser(t.app, owner, {
      method: 'GET',
      url: `/api/invoices/${invoice.id}/pdf`,
    });
    expect(staff.statusCode).toBe(200);
    expect(staff.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('when a link token is unknown, then 404 everywhere', async () => {
    for (const path of ['', '/pdf', '/payment-status', '/logo']) {
      const res = await publicGet(`/api/public/invoices/not-a-token${path}`);
      expect(res.statusCode, path).toBe(404);
    }
  });

  it('when a team member (no invoices role) sends an invoice, then 403', async () => {
    const member = await signedInUser(t.app, { role: 'team_member' });
    const invoice = await createInvoiceAs(t.app, owner);
    const res = await asUser(t.app, member, {
      method: 'POST',
      url: `/api/invoices/${invoice.id}/send`,
      payload: { to: 'dana@example.test' },
    });
    expect(res.statusCode).toBe(403);
  });
});
