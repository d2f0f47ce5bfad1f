import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { businessSlug, SOURCE_TO_CASH_DEFINITIONS } from '@crewdesk/domain';
import { expect, OWNER, SALES_PERSON, signIn, snap, test, uniqueEmail } from './fixtures';
import { waitForMail } from './mail';
import { pageWidthProblem } from './page-checks';

// axe-core's own script, evaluated in the page: the app's CSP refuses an injected <script> tag.
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** The serious and critical axe violations of the page as it stands, by rule and target. */
async function seriousViolations(page: Page): Promise<string[]> {
  // A toast fading in or out is half transparent, which axe reads as low contrast.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (context: Document) => Promise<{
            violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A browser of its own (the client, a visitor, another device), recording console errors. */
async function otherBrowser(
  browser: Browser,
  testInfo: TestInfo,
  viewport = { width: 1280, height: 800 },
) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport,
    isMobile: viewport.width < 768,
    hasTouch: viewport.width < 768,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return { context, page, errors };
}

/** A visitor sends a business's public request form from a browser of their own. */
async function sendRequestForm(
  browser: Browser,
  testInfo: TestInfo,
  accountName: string,
  lastName: string,
  email: string,
) {
  const visitor = await otherBrowser(browser, testInfo);
  await visitor.page.goto(`/request/${businessSlug(accountName)}`);
  const form = visitor.page.getByRole('form', { name: 'Request a quote' });
  await form.getByLabel('First name').fill('Dana');
  await form.getByLabel('Last name').fill(lastName);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Service').selectOption({ label: 'Window Cleaning' });
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(visitor.page.getByText(/Your request has been sent/)).toBeVisible();
  expect(visitor.errors).toEqual([]);
  await visitor.context.close();
}

function column(page: Page, stage: string) {
  return page.getByRole('region', { name: new RegExp(`^${stage}`) });
}

function cardIn(page: Page, stage: string, name: string) {
  return column(page, stage).getByRole('listitem').filter({ hasText: name });
}

test('a request from the public form opens a card that moves to Quoted when its estimate is sent and to Won live when the client accepts; Lost asks for a reason', async ({
  page,
  browser,
}, testInfo) => {
  // A visitor, the sales person on two devices and the client, beside the other specs on two cores.
  test.setTimeout(240_000);
  // The sales person's business is theirs alone (and shared by runs): names of this run only.
  const last = `Pipeline${Math.random().toString(36).slice(2, 7)}`;
  const name = `Dana ${last}`;
  const clientEmail = uniqueEmail('pipeline-client');

  await sendRequestForm(browser, testInfo, SALES_PERSON.accountName, last, clientEmail);

  // The new lead is a card in New.
  await signIn(page, SALES_PERSON.email, SALES_PERSON.password);
  await page.goto('/sales');
  await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible();
  await expect(cardIn(page, 'New', name)).toBeVisible();
  await expect(cardIn(page, 'New', name)).toContainText('Request form');
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'sales-board');

  // Moved with the keyboard alone: its Move menu, then Contacted.
  await cardIn(page, 'New', name)
    .getByRole('button', { name: `Move ${name} to…` })
    .focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Contacted' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(cardIn(page, 'Contacted', name)).toBeVisible();
  await expect(cardIn(page, 'New', name)).toHaveCount(0);

  // Its page, then "New estimate" with the contact filled in; saving mails it to the client.
  await cardIn(page, 'Contacted', name).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'History' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'sales-opportunity');
  await page.getByRole('link', { name: 'New estimate' }).click();
  const calculator = page.getByRole('dialog', { name: 'New Estimate' });
  await expect(calculator).toBeVisible();
  await calculator
    .getByRole('navigation', { name: 'Steps' })
    .getByRole('button', { name: 'Client Info' })
    .click();
  await expect(calculator.getByLabel('Client name')).toHaveValue(name);
  await expect(calculator.getByLabel('Email')).toHaveValue(clientEmail);
  await calculator.getByRole('button', { name: 'Save Estimate' }).click();
  await expect(page.getByText(`Sent to ${clientEmail}`)).toBeVisible();

  // Another signed-in browser watches the board; the card is in Quoted.
  const watcher = await otherBrowser(browser, testInfo);
  await signIn(watcher.page, SALES_PERSON.email, SALES_PERSON.password);
  await watcher.page.goto('/sales');
  await expect(cardIn(watcher.page, 'Quoted', name)).toBeVisible();

  // The client accepts from the share link; the watcher's board moves the card without a reload.
  const mail = await waitForMail(clientEmail, (m) => m.subject.startsWith('Your estimate'));
  const link = mail.links.find((href) => href.includes('/shared/'))!;
  const client = await otherBrowser(browser, testInfo);
  await client.page.goto(link);
  await client.page.getByLabel('Your full name').fill(name);
  await client.page.getByRole('button', { name: 'Accept Estimate' }).click();
  await expect(client.page.getByText(new RegExp(`Accepted by ${name} on`))).toBeVisible();
  expect(client.errors).toEqual([]);
  await client.context.close();

  await expect(cardIn(watcher.page, 'Won', name)).toBeVisible();
  await expect(cardIn(watcher.page, 'Quoted', name)).toHaveCount(0);
  await snap(watcher.page, 'sales-board-won');

  // Dragged to Lost, the card asks why before it moves.
  await cardIn(watcher.page, 'Won', name).dragTo(column(watcher.page, 'Lost'));
  const why = watcher.page.getByRole('dialog', { name: 'Why was it lost?' });
  await expect(why).toBeVisible();
  await why.getByRole('button', { name: 'Mark lost' }).click();
  await expect(why.getByText('Choose why it was lost.')).toBeVisible();
  expect(await seriousViolations(watcher.page)).toEqual([]);
  await snap(watcher.page, 'sales-lost-reason');
  await why.getByLabel('Lost reason').selectOption('Went with a competitor');
  await why.getByRole('button', { name: 'Mark lost' }).click();
  await expect(why).toBeHidden();
  await expect(cardIn(watcher.page, 'Lost', name)).toContainText('Went with a competitor');
  expect(watcher.errors).toEqual([]);
  await watcher.context.close();

  // The history says who moved it and what moved it by itself.
  await page.goto('/sales');
  await cardIn(page, 'Lost', name).getByRole('link', { name }).click();
  const history = page.getByRole('list', { name: 'History' });
  await expect(history).toContainText('Automatically');
  await expect(history).toContainText(`${SALES_PERSON.firstName} ${SALES_PERSON.lastName}`);

  // On a phone the board shows one stage at a time, picked above it; the list view is cards.
  const phone = await otherBrowser(browser, testInfo, { width: 375, height: 812 });
  await signIn(phone.page, SALES_PERSON.email, SALES_PERSON.password);
  await phone.page.goto('/sales');
  const picker = phone.page.getByRole('group', { name: 'Stage shown' });
  await expect(picker).toBeVisible();
  await expect(column(phone.page, 'New')).toBeVisible();
  await expect(column(phone.page, 'Lost')).toBeHidden();
  await picker.getByRole('button', { name: /Lost/ }).click();
  await expect(cardIn(phone.page, 'Lost', name)).toBeVisible();
  await expect(column(phone.page, 'New')).toBeHidden();
  expect(await seriousViolations(phone.page)).toEqual([]);
  await snap(phone.page, 'sales-board');
  await phone.page.getByRole('button', { name: 'List' }).click();
  await expect(
    phone.page.getByRole('list', { name: 'Opportunities' }).getByRole('link', { name }),
  ).toBeVisible();
  expect(await seriousViolations(phone.page)).toEqual([]);
  await snap(phone.page, 'sales-list');
  await phone.page.getByRole('link', { name }).filter({ visible: true }).first().click();
  await expect(phone.page.getByRole('heading', { name, level: 1 })).toBeVisible();
  expect(await seriousViolations(phone.page)).toEqual([]);
  await snap(phone.page, 'sales-opportunity');
  expect(phone.errors).toEqual([]);
  await phone.context.close();
});

test('an owner sees source to cash with each figure’s definition, and changes the pipeline’s settings', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  // A lead from the request form, so that source has figures whatever ran before.
  const last = `Source${Math.random().toString(36).slice(2, 7)}`;
  await sendRequestForm(browser, testInfo, OWNER.accountName, last, uniqueEmail('source'));
  await signIn(page, OWNER.email, OWNER.password);
  await page.goto('/sales');
  await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible();
  const figures = page.getByRole('heading', { name: 'Source to cash' }).locator('..');
  await expect(figures).toBeVisible();
  // Each figure under its short name; how it is counted is the domain's, word for word.
  const table = figures.getByRole('table', { name: 'Source to cash per lead source' });
  await figures.getByText('How these are counted').click();
  for (const [label, key] of [
    ['Opportunities', 'opportunities'],
    ['Win rate', 'winRate'],
    ['Median days to first visit', 'medianDaysToFirstVisit'],
    ['Collected', 'collected'],
  ] as const) {
    await expect(table.getByRole('columnheader', { name: label, exact: true })).toBeVisible();
    await expect(figures.getByText(SOURCE_TO_CASH_DEFINITIONS[key], { exact: true })).toBeVisible();
  }
  await expect(table.getByRole('row', { name: /^Request form/ })).toBeVisible();
  // On a phone: a card per source, nothing past the right edge.
  await page.setViewportSize({ width: 375, height: 812 });
  const cards = figures.getByRole('list', { name: 'Source to cash per lead source' });
  await expect(cards.getByRole('listitem').filter({ hasText: 'Request form' })).toBeVisible();
  await expect(table).toBeHidden();
  expect(await pageWidthProblem(page)).toBeNull();
  await snap(page, 'sales-source-to-cash-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Pipeline settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pipeline settings' });
  const reasons = dialog.getByLabel('Lost reasons');
  await expect(reasons).not.toHaveValue('');
  const before = await reasons.inputValue();
  const added = `Chose to wait ${Math.random().toString(36).slice(2, 6)}`;
  await reasons.fill(`${before}\n${added}`);
  await dialog.getByLabel('Days before a viewed quote needs a nudge').fill('0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('nudgeDays must be between 1 and 60')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'sales-settings');
  await dialog.getByLabel('Days before a viewed quote needs a nudge').fill('5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  // Read back from the server.
  await page.reload();
  await page.getByRole('button', { name: 'Pipeline settings' }).click();
  await expect(dialog.getByLabel('Lost reasons')).toHaveValue(`${before}\n${added}`);
  await expect(dialog.getByLabel('Days before a viewed quote needs a nudge')).toHaveValue('5');
  // Put back as it was, so the next run starts from the same list.
  await dialog.getByLabel('Lost reasons').fill(before);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'sales-owner');
});
