import type { InvoiceDetail } from '@crewdesk/domain';
import { addDays, format } from 'date-fns';
import { expect, signUp, snap, test, uniqueEmail } from './fixtures';
import { waitForMail } from './mail';
import { pageWidthProblem, seriousViolations } from './page-checks';
import { addClient, completedJob, scheduledJob } from './records';

const PASSWORD = 'correct horse battery';

test('a client opens an invoice link in a browser of their own, sees it at once, gets a code by e-mail to see their hub of quotes, visits and invoices; after the business revokes their links, the link is no longer valid', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const tag = Math.random().toString(36).slice(2, 6);
  const businessName = `Hub Cleaning ${tag}`;
  await signUp(page, {
    email: uniqueEmail('hub-owner'),
    password: PASSWORD,
    firstName: 'Hana',
    lastName: 'Hubbard',
    businessName,
  });
  const client = await addClient(page.request, 'Dana', `Hub${tag}`);

  // The business's work for the client: a quote sent, a visit next week and one done today,
  // and an invoice sent by e-mail.
  const quoteRes = await page.request.post('/api/requests', {
    data: {
      propertyType: 'residential',
      squareFootage: 1500,
      numberOfRooms: 3,
      numberOfBathrooms: 2,
      frequency: 'one-time',
      clientName: `Dana Hub${tag}`,
      email: client.email,
      customer_id: client.id,
      type: 'quote',
      title: `Spring clean ${tag}`,
    },
  });
  expect(quoteRes.status(), await quoteRes.text()).toBe(201);
  const quote = (await quoteRes.json()) as {
    id: string;
    shareToken: string;
    amountCents: number;
  };
  const sentQuote = await page.request.post('/api/functions/send-estimate-email', {
    data: {
      recipientEmail: client.email,
      estimateId: quote.id,
      clientName: `Dana Hub${tag}`,
      shareToken: quote.shareToken,
      amount: quote.amountCents / 100,
      expirationDate: format(addDays(new Date(), 30), 'yyyy-MM-dd'),
      isQuote: true,
    },
  });
  expect(sentQuote.status(), await sentQuote.text()).toBe(200);
  await scheduledJob(page.request, client.id, `Window wash ${tag}`, 9000, addDays(new Date(), 7));
  await completedJob(page.request, client.id, `Deep clean ${tag}`, 24_000);
  const created = await page.request.post('/api/invoices', {
    data: {
      customerId: client.id,
      clientName: `Dana Hub${tag}`,
      clientEmail: client.email,
      billingAddress: '12 Elm St, Austin, TX 78701',
      issueDate: format(new Date(), 'yyyy-MM-dd'),
      paymentTerms: 'net_15',
      lineItems: [
        { description: 'Deep clean', quantity: 1, unitPriceCents: 24_000, taxable: false },
      ],
      taxRateBasisPoints: 0,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const invoice = (await created.json()) as InvoiceDetail;
  const sentAt = new Date(Date.now() - 1000);
  const send = await page.request.post(`/api/invoices/${invoice.id}/send`, {
    data: { to: client.email },
  });
  expect(send.status(), await send.text()).toBe(200);
  const invoiceMail = await waitForMail(client.email, (m) => m.subject.includes(invoice.number), {
    after: sentAt,
  });
  const link = invoiceMail.links.find((l) => l.includes('/pay/'))!;
  expect(link).toBeDefined();

  // The client, in a browser of their own on a phone: the invoice shows at once.
  const clientContext = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  });
  const clientErrors: string[] = [];
  const phone = await clientContext.newPage();
  phone.on('console', (m) => {
    if (m.type() === 'error') clientErrors.push(m.text());
  });
  await phone.goto(link);
  await expect(phone.getByRole('heading', { level: 1 })).toContainText(invoice.number);
  const entry = phone.getByRole('link', { name: 'See all your quotes, visits and invoices' });
  await expect(entry).toBeVisible();
  await snap(phone, 'client-hub-invoice-entry');

  // The rest of the hub needs a code, sent to the e-mail on file (masked on screen).
  await entry.click();
  await expect(
    phone.getByRole('heading', { name: 'See all your quotes, visits and invoices' }),
  ).toBeVisible();
  const askedAt = new Date(Date.now() - 1000);
  await phone.getByRole('button', { name: /^E-mail a code to d•••@crewdesk\.test$/ }).click();
  await expect(phone.getByText('We sent a code to d•••@crewdesk.test')).toBeVisible();
  expect(await seriousViolations(phone)).toEqual([]);
  await snap(phone, 'client-hub-code');
  const codeMail = await waitForMail(client.email, (m) => m.subject.startsWith('Your code for'), {
    after: askedAt,
  });
  expect(codeMail.subject).toContain(businessName);
  const code = /(\d{6})/.exec(codeMail.subject)![1]!;
  await phone.getByLabel('Code', { exact: true }).fill(code);
  await phone.getByRole('button', { name: 'Continue' }).click();

  // The hub: their quote, their visits and their invoice, with the business's branding.
  await expect(phone.getByRole('heading', { name: 'Hello Dana' })).toBeVisible();
  await expect(phone.getByText(businessName).first()).toBeVisible();
  const quotes = phone.getByRole('list', { name: 'Quotes' });
  await expect(
    quotes.getByRole('link', { name: `Review and accept Spring clean ${tag}` }),
  ).toHaveAttribute('href', `/shared/${quote.shareToken}`);
  await expect(phone.getByRole('list', { name: 'Upcoming visits' })).toContainText(
    `Window wash ${tag}`,
  );
  await expect(phone.getByRole('region', { name: 'Visits' })).toContainText(`Deep clean ${tag}`);
  const invoices = phone.getByRole('list', { name: 'Invoices' });
  await expect(invoices).toContainText(invoice.number);
  await expect(invoices.getByRole('link', { name: /View and pay/ })).toHaveAttribute(
    'href',
    new URL(link).pathname,
  );
  const ics = await phone.request.get(
    (await phone
      .getByRole('list', { name: 'Upcoming visits' })
      .getByRole('link', { name: 'Add to calendar' })
      .getAttribute('href'))!,
  );
  expect(ics.status()).toBe(200);
  expect(await ics.text()).toContain(`SUMMARY:Window wash ${tag} (${businessName})`);
  expect(await seriousViolations(phone)).toEqual([]);
  expect(await pageWidthProblem(phone)).toBeNull();
  await snap(phone, 'client-hub');
  await phone.setViewportSize({ width: 1280, height: 800 });
  expect(await seriousViolations(phone)).toEqual([]);
  await snap(phone, 'client-hub');

  // The business previews the hub as the client, then revokes every link of the contact.
  await page.goto(`/customers/${client.id}`);
  await page.getByRole('button', { name: 'Preview hub as client' }).click();
  const preview = page.getByRole('dialog', { name: `Dana Hub${tag}'s hub` });
  await expect(preview.getByRole('heading', { name: 'Hello Dana' })).toBeVisible();
  await expect(preview.getByRole('list', { name: 'Invoices' })).toContainText(invoice.number);
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'client-hub-preview');
  await preview.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Revoke all client links' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke all client links?' });
  await confirm.getByRole('button', { name: 'Revoke links' }).click();
  await expect(
    page.getByText('All links sent to this contact have stopped working.'),
  ).toBeVisible();

  // The old link: no longer valid, on the invoice's page and on the hub's.
  await phone.goto(link);
  await expect(phone.getByText('This invoice link is not valid.')).toBeVisible();
  await phone.goto(`/hub/${new URL(link).pathname.split('/').pop()}`);
  await expect(
    phone.getByText('This link is no longer valid. Ask the business to send you a new one.'),
  ).toBeVisible();
  await snap(phone, 'client-hub-revoked');
  await clientContext.close();
  // Chromium logs each refused request (the revoked links' 404s); nothing else went wrong.
  expect(clientErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  expect(clientErrors.filter((e) => /status of 404/.test(e)).length).toBeGreaterThan(0);

  // The links' lifetime is a business setting.
  await page.goto('/settings?section=client-links');
  await expect(page.getByLabel('Link lifetime (days)')).toHaveValue('90');
  await snap(page, 'client-hub-settings');
});
