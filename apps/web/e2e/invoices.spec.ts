import type { InvoiceDetail } from '@crewdesk/domain';
import { expect, signUp, snap, test, uniqueEmail } from './fixtures';
import { waitForMail } from './mail';
import { acceptedQuote, addClient, completedJob } from './records';

const PASSWORD = 'correct horse battery';

test('a new owner invoices a completed job in one click, sends it, the client opens it in their own browser, two payments settle it, an accepted quote converts and three jobs are batch-invoiced', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const tag = Math.random().toString(36).slice(2, 6);
  await signUp(page, {
    email: uniqueEmail('invoices-owner'),
    password: PASSWORD,
    firstName: 'Ivy',
    lastName: 'Biller',
    businessName: `Biller Cleaning ${tag}`,
  });
  const client = await addClient(page.request, 'Dana', `Client${tag}`);
  const jobId = await completedJob(page.request, client.id, `Deep clean ${tag}`, 24_000);

  // One click on the completed job.
  await page.goto(`/jobs/${jobId}`);
  await page.getByRole('button', { name: 'Create invoice' }).click();
  await expect(page).toHaveURL(/\/invoices\/[0-9a-f-]{36}$/);
  const invoiceId = page.url().split('/').pop()!;
  const invoice = (await (
    await page.request.get(`/api/invoices/${invoiceId}`)
  ).json()) as InvoiceDetail;
  await expect(page.getByRole('heading', { level: 1 })).toContainText(invoice.number);
  await expect(page.getByText('Draft').first()).toBeVisible();
  await expect(page.getByText('$240.00').first()).toBeVisible();
  await snap(page, 'invoice-from-job');

  // Sent to the client, who receives it over SMTP.
  const sentAt = new Date();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const send = page.getByRole('dialog', { name: `Send invoice ${invoice.number}` });
  await expect(send.getByLabel('To')).toHaveValue(client.email);
  await send.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Invoice sent').first()).toBeVisible();
  await expect(page.getByText('Sent', { exact: true }).first()).toBeVisible();
  const mail = await waitForMail(client.email, (m) => m.subject.includes(invoice.number), {
    after: new Date(sentAt.getTime() - 1000),
  });
  const link = mail.links.find((l) => l.includes('/pay/'));
  expect(link).toBeDefined();

  // The client opens the link in a browser of their own (no session), on a phone.
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
  await phone.goto(link!);
  await expect(phone.getByRole('heading', { level: 1 })).toContainText(invoice.number);
  await expect(phone.getByText('$240.00').first()).toBeVisible();
  await expect(phone.getByRole('link', { name: 'Download PDF' })).toBeVisible();
  await snap(phone, 'invoice-client-page');
  const pdf = await phone.request.get(`${link!.replace('/pay/', '/api/public/invoices/')}/pdf`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await clientContext.close();
  expect(clientErrors).toEqual([]);

  // Back at the office: viewed; a partial and then the final payment.
  await page.reload();
  await expect(page.getByText('Viewed', { exact: true }).first()).toBeVisible();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText('Viewed by the client')).toBeVisible();

  const pay = async (amount: string, method: string) => {
    await page
      .getByRole('toolbar', { name: 'Actions' })
      .getByRole('button', { name: 'Record payment' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Record payment' });
    await dialog.getByLabel('Method').selectOption(method);
    await dialog.getByLabel('Amount $').fill(amount);
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(dialog).toBeHidden();
  };
  await pay('100', 'check');
  await expect(page.getByText('Partially paid').first()).toBeVisible();
  await expect(page.getByText('$140.00 due of $240.00')).toBeVisible();
  await pay('140', 'cash');
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('$0.00 due of $240.00')).toBeVisible();
  await expect(history.getByText('Payment recorded')).toHaveCount(2);
  await snap(page, 'invoice-paid');

  // Printed from the browser: the document, with no link or button around it.
  await page.emulateMedia({ media: 'print' });
  const main = page.getByRole('main');
  await expect(main.getByText('$0.00 due of $240.00')).toBeVisible();
  for (const name of ['Back to invoices', 'Download PDF', 'Open contact']) {
    await expect(main.getByText(name, { exact: true })).toBeHidden();
  }
  const pressable = main.locator("button, [role='button'], [data-slot='button'], nav");
  await expect(pressable.filter({ visible: true })).toHaveCount(0);
  await snap(page, 'invoice-print');
  await page.emulateMedia({ media: 'screen' });
  const paid = (await (
    await page.request.get(`/api/invoices/${invoiceId}`)
  ).json()) as InvoiceDetail;
  expect(paid).toMatchObject({ status: 'paid', balanceCents: 0, amountPaidCents: 24_000 });
  expect(paid.payments.map((p) => p.amountCents)).toEqual([10_000, 14_000]);

  // An accepted quote converts into an invoice.
  const quote = await acceptedQuote(page.request, `Quinn Quote${tag}`);
  await page.goto(`/quotes/${quote.id}`);
  await page.getByRole('button', { name: 'Convert to invoice' }).click();
  await expect(page).toHaveURL(/\/invoices\/[0-9a-f-]{36}$/);
  await expect(page.getByText(`Quinn Quote${tag}`).first()).toBeVisible();
  const converted = (await (
    await page.request.get(`/api/invoices/${page.url().split('/').pop()}`)
  ).json()) as InvoiceDetail;
  expect(converted).toMatchObject({ requestId: quote.id, subtotalCents: quote.amountCents });

  // Three more completed jobs, invoiced in one batch from the list.
  const batchTitles = ['Office A', 'Office B', 'Office C'].map((t) => `${t} ${tag}`);
  for (const title of batchTitles) await completedJob(page.request, client.id, title, 9_500);
  await page.goto('/invoices');
  await page.getByRole('button', { name: 'Batch invoice' }).click();
  const batch = page.getByRole('dialog', { name: 'Batch invoice' });
  for (const title of batchTitles)
    await batch.getByRole('checkbox', { name: new RegExp(title) }).check();
  await snap(page, 'invoice-batch');
  await batch.getByRole('button', { name: 'Create 3 invoices' }).click();
  await expect(page.getByText('3 invoices created')).toBeVisible();
  const list = (await (await page.request.get('/api/invoices')).json()) as {
    items: { number: string; totalCents: number }[];
  };
  expect(list.items).toHaveLength(5);
  expect(list.items.slice(0, 3).map((i) => i.totalCents)).toEqual([9_500, 9_500, 9_500]);
  await expect(page.getByRole('table', { name: 'Invoices' }).getByRole('link')).toHaveCount(5);
  await snap(page, 'invoices-list');
});
