import { addDays, format } from 'date-fns';
import type { Locator, Page } from '@playwright/test';
import { expect, OWNER, signIn, snap, test } from './fixtures';
import { acceptedQuote, addClient, completedJob, scheduledJob } from './records';

/** The first of `locator` shown at this width (lists are tables on a desk, cards on a phone). */
function visible(locator: Locator): Locator {
  return locator.filter({ visible: true }).first();
}

/** Opens the first link of the contact page's panel `name` and checks where it leads. */
async function openFromPanel(page: Page, contactUrl: string, name: string, target: RegExp) {
  await page.goto(contactUrl);
  const panel = page.getByRole('region', { name });
  await visible(panel.getByRole('link')).click();
  await expect(page, name).toHaveURL(target);
}

test("a contact's page shows their requests, visits, invoices and payments with what they owe, and each opens its record", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, OWNER.email, OWNER.password);
  const tag = `${Date.now()}`;
  const contact = await addClient(page.request, 'Wanda', `Work ${tag}`);
  const quote = await acceptedQuote(page.request, `Wanda Work ${tag}`, contact.id);
  const doneJob = await completedJob(page.request, contact.id, `Deep clean ${tag}`, 24_000);
  await scheduledJob(
    page.request,
    contact.id,
    `Last month ${tag}`,
    9_000,
    addDays(new Date(), -30),
  );
  const invoiced = await page.request.post(`/api/jobs/${doneJob}/invoice`);
  expect(invoiced.status()).toBe(201);
  const invoice = (await invoiced.json()) as { id: string; number: string };
  const sent = await page.request.post(`/api/invoices/${invoice.id}/send`, {
    data: { to: contact.email },
  });
  expect(sent.status()).toBe(200);
  const paid = await page.request.post(`/api/invoices/${invoice.id}/payments`, {
    data: { amountCents: 10_000, method: 'check', paidOn: format(new Date(), 'yyyy-MM-dd') },
    headers: { 'Idempotency-Key': `contact-page-${tag}` },
  });
  expect(paid.status()).toBe(201);

  const contactUrl = `/customers/${contact.id}`;
  await page.goto(contactUrl);
  await expect(page.getByText('$140.00 owed on 1 invoice')).toBeVisible();
  const requests = page.getByRole('region', { name: 'Requests' });
  // A table at 1280 px, cards at 375 px: the visible one holds the client of the quote.
  await expect(visible(requests.getByText(`Wanda Work ${tag}`))).toBeVisible();
  await expect(
    visible(page.getByRole('region', { name: 'Upcoming visits' }).getByText(`Deep clean ${tag}`)),
  ).toBeVisible();
  await expect(
    visible(page.getByRole('region', { name: 'Past visits' }).getByText(`Last month ${tag}`)),
  ).toBeVisible();
  await expect(
    visible(page.getByRole('region', { name: 'Invoices' }).getByText(invoice.number)),
  ).toBeVisible();
  await expect(
    visible(page.getByRole('region', { name: 'Payments' }).getByText('$100.00')),
  ).toBeVisible();
  await snap(page, 'contact-page-work');

  await openFromPanel(page, contactUrl, 'Requests', new RegExp(`/quotes/${quote.id}$`));
  await openFromPanel(page, contactUrl, 'Upcoming visits', new RegExp(`/jobs/${doneJob}$`));
  await openFromPanel(page, contactUrl, 'Past visits', /\/jobs\/[0-9a-f-]{36}$/);
  await openFromPanel(page, contactUrl, 'Invoices', new RegExp(`/invoices/${invoice.id}$`));
  await openFromPanel(page, contactUrl, 'Payments', /\/invoices\/payments\/[0-9a-f-]{36}$/);
});
