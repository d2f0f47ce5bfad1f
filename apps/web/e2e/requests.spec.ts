import type { Browser, Page, Response } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { businessSlug, calculateEstimate, formatUsd, proposalOptionsFor } from '@crewdesk/domain';
import {
  expect,
  forgetExpectedConsoleError,
  forgetUnauthorizedSince,
  isMobile,
  SALES_PERSON,
  signIn,
  signUp,
  snap,
  test,
  uniqueEmail,
} from './fixtures';
import { waitForMail } from './mail';

const PASSWORD = 'correct horse battery';

/** The Business Summary's figures: never sent to a role without it (spec section 6). */
const SUMMARY_KEYS = [
  'businessSummary',
  '"totalCost"',
  '"profit"',
  'profitMargin',
  'toolRequirements',
];
/** A client sees less still: not the hours or the rate the price was worked out with. */
const CLIENT_HIDDEN_KEYS = [...SUMMARY_KEYS, 'estimatedHours', 'hourlyRate'];

/** Four letters that set this run's records apart from those of a run beside it. */
function runTag(): string {
  return Array.from({ length: 4 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)))
    .join('')
    .replace(/^./, (c) => c.toUpperCase());
}

/** The inputs the owner's estimate is priced with: none of them the calculator's defaults. */
const ESTIMATE = {
  propertyType: 'commercial',
  squareFootage: 2400,
  numberOfRooms: 3,
  numberOfBathrooms: 2,
  frequency: 'bi-weekly',
  additionalServices: ['deep-cleaning', 'window-cleaning'],
  specificAreas: [],
} as const;

function calculator(page: Page, title: string) {
  return page.getByRole('dialog', { name: title });
}

async function openCalculator(page: Page, tabPath: string, button: string, title: string) {
  await page.goto(tabPath);
  await page.getByRole('button', { name: button }).first().click();
  const dialog = calculator(page, title);
  await expect(dialog).toBeVisible();
  return dialog;
}

async function goToStep(page: Page, step: 'Basic Info' | 'Advanced Info' | 'Client Info') {
  await page.getByRole('navigation', { name: 'Steps' }).getByRole('button', { name: step }).click();
}

/** Every JSON answer from the API a page receives, to look for figures that must not be there. */
function collectApiBodies(page: Page): string[] {
  const bodies: string[] = [];
  page.on('response', (response: Response) => {
    if (!response.url().includes('/api/')) return;
    if (!(response.headers()['content-type'] ?? '').includes('json')) return;
    void response
      .text()
      .then((text) => bodies.push(text))
      .catch(() => undefined);
  });
  return bodies;
}

async function pdfText(page: Page, url: string): Promise<string> {
  const response = await page.request.get(url);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  const parser = new PDFParse({ data: await response.body() });
  return (await parser.getText()).text;
}

/** A browser of the client's own: no session, no cookies of the business. */
async function clientPage(browser: Browser, page: Page) {
  const context = await browser.newContext({
    viewport: page.viewportSize(),
    isMobile: isMobile(page),
    hasTouch: isMobile(page),
  });
  const client = await context.newPage();
  const errors: string[] = [];
  client.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  client.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return { context, client, errors };
}

test('an owner prices an estimate, the save checks speak, the client gets it by e-mail and accepts it online', async ({
  page,
  browser,
  consoleErrors,
}) => {
  // The walk prices, saves, mails and accepts in a second browser: about a minute alone, more
  // beside the other worker.
  test.setTimeout(120_000);
  const ownerEmail = uniqueEmail('estimates');
  await signUp(page, {
    email: ownerEmail,
    password: PASSWORD,
    firstName: 'Estelle',
    lastName: 'Estimates',
    businessName: 'Estelle Cleaning',
  });
  await page.goto('/quotes');
  await expect(page.getByText('No estimates yet')).toBeVisible();
  const dialog = await openCalculator(page, '/quotes', 'New estimate', 'New Estimate');

  // Basic Info, with none of the defaults.
  await dialog.getByRole('radio', { name: 'Commercial' }).check();
  await dialog.getByLabel('Cleaning frequency').selectOption('bi-weekly');
  await dialog.getByRole('spinbutton', { name: 'Square footage' }).fill('2400');
  await dialog.getByRole('button', { name: 'Increase Offices' }).click();
  await dialog.getByRole('button', { name: 'Increase Offices' }).click();
  await dialog.getByRole('button', { name: 'Increase Bathrooms' }).click();
  await dialog.getByRole('checkbox', { name: 'Deep Cleaning' }).check();
  await dialog.getByRole('checkbox', { name: 'Window Cleaning' }).check();
  const expected = calculateEstimate(ESTIMATE);
  const total = dialog.getByRole('status', { name: 'Total' });
  await expect(total).toContainText(formatUsd(expected.priceCents));
  await snap(page, 'calculator-basic-info');

  await goToStep(page, 'Advanced Info');
  await dialog.getByRole('checkbox', { name: 'Offices' }).check();
  await dialog.getByRole('checkbox', { name: 'Restrooms' }).check();
  await snap(page, 'calculator-advanced-info');

  // Client Info: the owner sees the Business Summary with the calculator's own figures.
  await goToStep(page, 'Client Info');
  const summary = dialog.getByRole('region', { name: 'Business Summary' });
  await expect(summary).toBeVisible();
  await expect(summary).toContainText(formatUsd(expected.totalCostCents));
  await expect(summary).toContainText(`${expected.profitMarginPercent}%`);
  await snap(page, 'calculator-client-info');

  // Each save check, in the spec's order, with its message.
  const save = dialog.getByRole('button', { name: 'Save Estimate' });
  await goToStep(page, 'Basic Info');
  await dialog.getByRole('spinbutton', { name: 'Square footage' }).fill('');
  await goToStep(page, 'Client Info');
  await save.click();
  await expect(page.getByText('Missing calculation')).toBeVisible();
  await expect(page.getByText('Please ensure all required fields are filled in.')).toBeVisible();
  await goToStep(page, 'Basic Info');
  await dialog.getByRole('spinbutton', { name: 'Square footage' }).fill('2400');
  await expect(total).toContainText(formatUsd(expected.priceCents));
  await goToStep(page, 'Client Info');
  await save.click();
  await expect(page.getByText('Missing client name')).toBeVisible();
  await expect(
    page.getByText('Please provide a client name for this quote/estimate.'),
  ).toBeVisible();

  const clientEmail = uniqueEmail('client');
  await dialog.getByLabel('Client name').fill('  Ann Lee  ');
  await dialog.getByLabel('Email').fill(clientEmail);
  await dialog.getByLabel(/Phone/).fill('512 555 0142');

  // A session that ended in the meantime: the server refuses, the form keeps its data.
  const cookies = await page.context().cookies();
  const loggedBefore = consoleErrors.length;
  await page.context().clearCookies();
  await save.click();
  await expect(page.getByText('Authentication required')).toBeVisible();
  await expect(page.getByText('Please sign in to save quotes/estimates')).toBeVisible();
  await forgetExpectedConsoleError(consoleErrors, /401/);
  await page.context().addCookies(cookies);
  // Whatever the page asked in the background while it had no session (the live stream, a
  // count) was refused too: those 401s are part of the scene, any other error is not.
  forgetUnauthorizedSince(consoleErrors, loggedBefore);
  await expect(dialog.getByLabel('Client name')).toHaveValue('  Ann Lee  ');

  await save.click();
  await expect(page.getByText('Estimate saved successfully')).toBeVisible();
  await expect(page.getByText(`Sent to ${clientEmail}`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // The list shows it as sent; its page shows the history.
  const row = page
    .getByRole('link', { name: /Ann Lee/ })
    .filter({ visible: true })
    .first();
  await expect(row).toBeVisible();
  await expect(
    page.getByText(formatUsd(expected.priceCents)).filter({ visible: true }).first(),
  ).toBeVisible();
  await snap(page, 'requests-list');
  await row.click();
  await expect(page.getByRole('heading', { name: 'Estimate for Ann Lee' })).toBeVisible();
  await expect(page.getByText('Sent', { exact: true }).first()).toBeVisible();
  const detailUrl = page.url();

  // The client's mail carries the amount and the share link.
  const mail = await waitForMail(clientEmail, (m) => m.subject.startsWith('Your estimate'));
  expect(mail.text).toContain(formatUsd(expected.priceCents));
  const link = mail.links.find((href) => href.includes('/shared/'));
  expect(link, mail.text).toBeTruthy();

  // The client opens it in a browser of their own: no internal figure in the page or its answers.
  const { context, client, errors } = await clientPage(browser, page);
  const bodies = collectApiBodies(client);
  await client.goto(link!);
  await expect(client.getByRole('heading', { name: 'Estimate for Ann Lee' })).toBeVisible();
  await expect(client.getByText('Estelle Cleaning').first()).toBeVisible();
  await expect(client.getByLabel('Total amount')).toHaveText(formatUsd(expected.priceCents));
  const pageText = await client.locator('body').innerText();
  for (const figure of [expected.totalCostCents, expected.profitCents, expected.labourCostCents]) {
    expect(pageText).not.toContain(formatUsd(figure));
  }
  expect(pageText).not.toMatch(/profit|margin/i);
  await snap(client, 'shared-estimate');
  await expect.poll(() => bodies.length).toBeGreaterThan(0);
  for (const body of bodies) {
    for (const key of CLIENT_HIDDEN_KEYS) expect(body).not.toContain(key);
    expect(body).not.toContain(String(expected.totalCostCents));
  }

  // The PDF, read back as text: the client, the total, and no cost.
  const token = link!.split('/shared/')[1]!;
  const text = await pdfText(client, `/api/public/shared/${token}/pdf`);
  expect(text).toContain('Ann Lee');
  expect(text).toContain(formatUsd(expected.priceCents));
  expect(text).not.toContain(formatUsd(expected.totalCostCents));

  // Accept with a typed name.
  await client.getByLabel('Your full name').fill('Ann Lee');
  await client.getByRole('button', { name: 'Accept Estimate' }).click();
  await expect(client.getByText(/Accepted by Ann Lee on/)).toBeVisible();
  await snap(client, 'shared-estimate-accepted');
  expect(errors).toEqual([]);
  await context.close();

  // The business sees the outcome.
  await page.goto(detailUrl);
  await expect(page.getByText('Accepted', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/Ann Lee/).first()).toBeVisible();
  await snap(page, 'request-details-accepted');
});

test('a sales_person prices an estimate with neither the Business Summary nor its figures', async ({
  page,
}) => {
  await signIn(page, SALES_PERSON.email, SALES_PERSON.password);
  const bodies = collectApiBodies(page);
  const dialog = await openCalculator(page, '/quotes', 'New estimate', 'New Estimate');
  await goToStep(page, 'Client Info');
  await expect(dialog.getByLabel('Client name')).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Business Summary' })).toHaveCount(0);
  // The sales_person's business is shared by the runs at both widths: names of this run only.
  const client = `Bo Chen ${runTag()}`;
  await dialog.getByLabel('Client name').fill(client);
  await dialog.getByRole('button', { name: 'Save Estimate' }).click();
  await expect(page.getByText('Estimate saved successfully')).toBeVisible();
  await page.getByRole('link', { name: client }).first().click();
  await expect(page.getByRole('heading', { name: `Estimate for ${client}` })).toBeVisible();
  await expect(page.getByText('Business Summary')).toHaveCount(0);
  await expect.poll(() => bodies.some((b) => b.includes(client))).toBe(true);
  for (const body of bodies) {
    for (const key of SUMMARY_KEYS) expect(body).not.toContain(key);
  }
});

test('a proposal is accepted with its second option, and the request form brings in an inquiry', async ({
  page,
  browser,
}) => {
  // Two walks in one (a proposal, then the request form), beside the other specs on two cores.
  test.setTimeout(120_000);
  // A sales_person may send proposals; their business is theirs alone, so other specs' data stays as it was.
  await signIn(page, SALES_PERSON.email, SALES_PERSON.password);
  const dialog = await openCalculator(page, '/quotes/proposals', 'New proposal', 'New Proposal');
  await goToStep(page, 'Client Info');
  const clientEmail = uniqueEmail('proposal');
  const clientName = `Cy Park ${runTag()}`;
  await dialog.getByLabel('Client name').fill(clientName);
  await dialog.getByLabel('Email').fill(clientEmail);
  const options = proposalOptionsFor({
    propertyType: 'residential',
    squareFootage: 1000,
    numberOfRooms: 1,
    numberOfBathrooms: 1,
    frequency: 'one-time',
    additionalServices: [],
  });
  const second = options[1]!;
  await expect(dialog.getByRole('list', { name: 'Proposal options' })).toContainText(
    formatUsd(second.priceCents),
  );
  await dialog.getByRole('button', { name: 'Save Quote' }).click();
  await expect(page.getByText(`Sent to ${clientEmail}`)).toBeVisible();

  const mail = await waitForMail(clientEmail, (m) => m.links.some((l) => l.includes('/shared/')));
  const link = mail.links.find((href) => href.includes('/shared/'))!;
  const { context, client, errors } = await clientPage(browser, page);
  await client.goto(link);
  await expect(client.getByRole('heading', { name: `Proposal for ${clientName}` })).toBeVisible();
  await client.getByRole('radio', { name: new RegExp(second.name) }).check();
  await client.getByLabel('Your full name').fill(clientName);
  await client.getByRole('button', { name: 'Accept Proposal' }).click();
  await expect(client.getByText(`Option chosen: ${second.name}`)).toBeVisible();
  await snap(client, 'shared-proposal-accepted');
  expect(errors).toEqual([]);
  await context.close();

  await page.goto('/quotes/proposals');
  await page.getByRole('link', { name: clientName }).filter({ visible: true }).first().click();
  await expect(page.getByRole('heading', { name: `Proposal for ${clientName}` })).toBeVisible();
  await expect(page.getByText('Accepted', { exact: true }).first()).toBeVisible();
  // The chosen option's price is now the proposal's amount.
  await expect(
    page.getByText(formatUsd(second.priceCents)).filter({ visible: true }).first(),
  ).toBeVisible();

  // The business's request form (Settings shows this link to its admins), filled in by a visitor.
  const visitor = await clientPage(browser, page);
  await visitor.client.goto(`/request/${businessSlug(SALES_PERSON.accountName)}`);
  const form = visitor.client.getByRole('form', { name: 'Request a quote' });
  await form.getByLabel('First name').fill('Dana');
  const visitorLastName = `Visitor${runTag()}`;
  await form.getByLabel('Last name').fill(visitorLastName);
  await form.getByLabel('Email').fill(uniqueEmail('visitor'));
  await form.getByLabel('Service').selectOption({ label: 'Window Cleaning' });
  await form.getByLabel(/Message/).fill('Second-floor windows, please.');
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(visitor.client.getByText(/Your request has been sent/)).toBeVisible();
  await snap(visitor.client, 'request-form-sent');
  expect(visitor.errors).toEqual([]);
  await visitor.context.close();

  await page.goto('/quotes/estimates');
  await expect(
    page.getByText('Request: Window Cleaning').filter({ visible: true }).first(),
  ).toBeVisible();
  await expect(
    page
      .getByRole('link', { name: `Dana ${visitorLastName}` })
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
});
