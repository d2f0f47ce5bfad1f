import type { InvoiceDetail } from '@crewdesk/domain';
import { PDFParse } from 'pdf-parse';
import { expect, openSettingsSection, signUp, snap, test, uniqueEmail } from './fixtures';
import { waitForMail } from './mail';
import { addClient, completedJob } from './records';

/**
 * Issue 25: a business that works in euros sees € on its lists, and its clients read € in the
 * e-mail, on the invoice's page and in its PDF; nowhere a dollar sign.
 */
test('a business switched to euros shows € on its lists, PDFs and e-mails', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = Math.random().toString(36).slice(2, 6);
  await signUp(page, {
    email: uniqueEmail('euro-owner'),
    password: 'correct horse battery',
    firstName: 'Elke',
    lastName: 'Euro',
    businessName: `Euro Clean ${tag}`,
  });

  await page.goto('/settings');
  await openSettingsSection(page, 'Business profile');
  await page.getByLabel('Currency').selectOption('EUR');
  await page.getByRole('button', { name: 'Save business profile' }).click();
  await expect(page.getByText('Business profile saved').first()).toBeVisible();

  const client = await addClient(page.request, 'Lena', `Weber${tag}`);
  const jobId = await completedJob(page.request, client.id, `Deep clean ${tag}`, 24_000);
  await page.goto(`/jobs/${jobId}`);
  await page.getByRole('button', { name: 'Create invoice' }).click();
  await expect(page).toHaveURL(/\/invoices\/[0-9a-f-]{36}$/);
  const invoiceId = page.url().split('/').pop()!;
  const invoice = (await (
    await page.request.get(`/api/invoices/${invoiceId}`)
  ).json()) as InvoiceDetail;
  const total = `€${(invoice.totalCents / 100).toFixed(2)}`;
  await expect(page.getByText(total).first()).toBeVisible();

  await page.goto('/invoices');
  const list = page.getByRole('table', { name: 'Invoices' });
  await expect(list.getByText(total).first()).toBeVisible();
  await expect(page.locator('main')).not.toContainText('$');
  await snap(page, 'invoices-in-euros');

  const sentAt = new Date();
  await page.goto(`/invoices/${invoiceId}`);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const send = page.getByRole('dialog', { name: `Send invoice ${invoice.number}` });
  await send.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Invoice sent').first()).toBeVisible();
  const mail = await waitForMail(client.email, (m) => m.subject.includes(invoice.number), {
    after: new Date(sentAt.getTime() - 1000),
  });
  expect(mail.text).toContain('€');
  expect(mail.text).not.toContain('$');

  const link = mail.links.find((l) => l.includes('/pay/'))!;
  const token = link.split('/pay/')[1]!;
  await page.goto(new URL(link).pathname);
  await expect(page.getByText(total).first()).toBeVisible();
  const pdf = await page.request.get(`/api/public/invoices/${token}/pdf`);
  const text = (await new PDFParse({ data: new Uint8Array(await pdf.body()) }).getText()).text;
  expect(text).toContain(total);
  expect(text).not.toContain('$');
});
