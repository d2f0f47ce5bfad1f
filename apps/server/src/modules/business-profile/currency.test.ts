import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, signedInUser, type SignedInUser } from '../../../test/build-app.ts';
import { createInvoiceAs } from '../../../test/invoices.ts';
import { BUSINESS_TIME_ZONE } from '../../../test/requests.ts';
import { createTestAppWithInbox, type TestAppWithInbox } from '../../../test/smtp.ts';

/** An owner whose business shows its amounts in `currency`, written as `locale` writes them. */
async function ownerIn(
  t: TestAppWithInbox,
  currency: string,
  locale?: string,
): Promise<SignedInUser> {
  const owner = await signedInUser(t.app);
  const res = await asUser(t.app, owner, {
    method: 'PUT',
    url: '/api/business-profile',
    payload: {
      businessName: `Clean ${currency}`,
      email: `office-${owner.accountId}@clean.test`,
      timeZone: BUSINESS_TIME_ZONE,
      currency,
      ...(locale ? { locale } : {}),
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

  it('when the business writes the German way, then its session, e-mails, PDFs and client page do too', async () => {
    const owner = await ownerIn(t, 'EUR', 'de-DE');
    const me = await asUser(t.app, owner, { method: 'GET', url: '/api/me' });
    const account = me
      .json()
      .accounts.find((a: { account_id: string }) => a.account_id === owner.accountId);
    expect(account.locale).toBe('de-DE');
    // No time rules saved: the default week, from Monday.
    expect(account.week_starts_on).toBe(1);

    const { mail, pdf, page } = await sendAndRead(owner, 'Clean EUR');
    const plain = (text: string) => text.replace(/\u00a0/g, ' ');
    expect(plain(mail)).toContain('123,45 €');
    expect(plain(pdf)).toContain('123,45 €');
    expect(plain(pdf)).not.toContain('€123.45');
    // The due date in the mail as a German reader writes it ('21. November 2026').
    expect(mail).toMatch(/due \d{1,2}\. [A-ZÄÖÜ][a-zäöü]+ \d{4}\./);
    expect(page.business.locale).toBe('de-DE');
  });

  it('when the time rules start weeks on Sunday, then the session says so', async () => {
    const owner = await ownerIn(t, 'USD');
    const rules = await asUser(t.app, owner, { method: 'GET', url: '/api/time/settings' });
    expect(rules.statusCode, rules.body).toBe(200);
    const saved = await asUser(t.app, owner, {
      method: 'PUT',
      url: '/api/time/settings',
      payload: { ...rules.json<Record<string, unknown>>(), weekStartsOn: 0 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const me = await asUser(t.app, owner, { method: 'GET', url: '/api/me' });
    const account = me
      .json()
      .accounts.find((a: { account_id: string }) => a.account_id === owner.accountId);
    expect(account.week_starts_on).toBe(0);
    expect(account.locale).toBe('en-US');
  });

  it('when the date and number format is not one of the list, then 400 says so and nothing changes', async () => {
    const owner = await ownerIn(t, 'EUR', 'en-GB');
    for (const locale of ['xx-YY', 'en', 'de_DE', '<script>', 'x'.repeat(200)]) {
      const res = await asUser(t.app, owner, {
        method: 'PUT',
        url: '/api/business-profile',
        payload: {
          businessName: 'Clean EUR',
          timeZone: BUSINESS_TIME_ZONE,
          currency: 'EUR',
          locale,
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('Choose a date and number format from the list.');
    }
    const after = await asUser(t.app, owner, { method: 'GET', url: '/api/business-profile' });
    expect(after.json().locale).toBe('en-GB');
  });

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
