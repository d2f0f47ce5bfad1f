import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, signedInUser, type SignedInUser } from '../../../test/build-app.ts';
import { createInvoiceAs } from '../../../test/invoices.ts';
import { BUSINESS_TIME_ZONE } from '../../../test/requests.ts';
import { createTestAppWithInbox, type TestAppWithInbox } from '../../../test/smtp.ts';

/** An owner whose business shows its amounts in `currency`. */
async function ownerIn(t: TestAppWithInbox, currency: string): Promise<SignedInUser> {
  const owner = await signedInUser(t.app);
  const res = await asUser(t.app, owner, {
    method: 'PUT',
    url: '/api/business-profile',
    payload: {
      businessName: `Clean ${currency}`,
      email: `office-${owner.accountId}@clean.test`,
      timeZone: BUSINESS_TIME_ZONE,
      currency,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().currency).toBe(currency.toUpperCase());
  return owner;
}

/** One line of 12,345 minor units, no tax: the whole invoice is that amount. */
const ONE_LINE = {
  clientName: 'Lena Weber',
  clientEmail: 'lena@example.test',
  lineItems: [{ description: 'Deep clean', quantity: 1, unitPriceCents: 12_345, taxable: false }],
  taxRateBasisPoints: 0,
};

describe('a business in another currency', () => {
  let t: TestAppWithInbox;
  beforeAll(async () => {
    t = await createTestAppWithInbox();
  });
  afterAll(() => t.close());

  async function sendAndRead(owner: SignedInUser, business: string) {
    const invoice = await createInvoiceAs(t.app, owner, ONE_LINE);
    const sent = await asUser(t.app, owner, {
      method: 'POST',
      url: `/api/invoices/${invoice.id}/send`,
      payload: { to: 'lena@example.test' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await t.inbox.waitFor(
      (m) => (m.subject ?? '') === `Invoice ${invoice.number} from ${business}`,
    );
    const token = invoice.publicUrl.split('/pay/')[1]!;
    const pdf = await t.app.inject({ method: 'GET', url: `/api/public/invoices/${token}/pdf` });
    const parser = new PDFParse({ data: pdf.rawPayload });
    const text = (await parser.getText()).text;
    await parser.destroy();
    const page = await t.app.inject({ method: 'GET', url: `/api/public/invoices/${token}` });
    return { mail: mail.text ?? '', pdf: text, page: page.json() };
  }

  it.each([
    ['eur', '€123.45'],
    ['JPY', '¥12,345'],
    ['KWD', 'KWD 12.345'],
  ])(
    'when the business uses %s, then its session, e-mails, PDFs and client page say %s',
    async (currency, shown) => {
      const owner = await ownerIn(t, currency);
      const me = await asUser(t.app, owner, { method: 'GET', url: '/api/me' });
      const account = me
        .json()
        .accounts.find((a: { account_id: string }) => a.account_id === owner.accountId);
      expect(account.currency).toBe(currency.toUpperCase());

      const { mail, pdf, page } = await sendAndRead(owner, `Clean ${currency}`);
      const plain = (text: string) => text.replace(/\u00a0/g, ' ');
      expect(plain(mail)).toContain(shown);
      expect(plain(pdf)).toContain(shown);
      expect(plain(pdf)).not.toContain('$');
      expect(page.business.currency).toBe(currency.toUpperCase());
    },
  );

  it('when the currency is not an ISO 4217 code, then 400 says so and nothing changes', async () => {
    const owner = await ownerIn(t, 'EUR');
    for (const currency of ['EURO', 'XYZ', '€', '']) {
      const res = await asUser(t.app, owner, {
        method: 'PUT',
        url: '/api/business-profile',
        payload: { businessName: 'Clean EUR', timeZone: BUSINESS_TIME_ZONE, currency },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('ISO 4217');
    }
    const after = await asUser(t.app, owner, { method: 'GET', url: '/api/business-profile' });
    expect(after.json().currency).toBe('EUR');
  });

  it('when an overpayment is refused, then the balance is said in the business currency', async () => {
    const owner = await ownerIn(t, 'EUR');
    const invoice = await createInvoiceAs(t.app, owner, ONE_LINE);
    const res = await asUser(t.app, owner, {
      method: 'POST',
      url: `/api/invoices/${invoice.id}/payments`,
      payload: { amountCents: 99_999, method: 'cash', paidOn: '2026-11-20' },
      headers: { 'idempotency-key': `over-${invoice.id}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message.replace(/\u00a0/g, ' ')).toContain('€123.45');
  });
});
