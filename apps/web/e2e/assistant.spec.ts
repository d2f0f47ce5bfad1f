import { calculateEstimate, CALCULATOR_DEFAULTS, formatUsd } from '@crewdesk/domain';
import type { Page } from '@playwright/test';
import {
  scriptedAssistant,
  startModelStandIn,
  type ModelStandIn,
} from '../../server/test/model-stand-in';
import { actFor, expect, openSettingsSection, signIn, snap, test } from './fixtures';
import { seriousViolations } from './page-checks';

/**
 * Issue 24's walk on the demo business (seeded by e2e/start-server.mjs) against a loopback
 * stand-in of an OpenAI-compatible server, scripted to call the tool a question asks for and to
 * answer from the tool's result: the figures it says are the app's own.
 */
const PASSWORD = 'crewdesk-demo';
const DEMO_OWNER = 'owner@demo.crewdesk.test';
const DEMO_TEAM_MEMBER = 'tom@demo.crewdesk.test';
const BUSINESS = 'Sparkle & Shine Cleaning Co.';

let model: ModelStandIn;
test.beforeAll(async () => {
  model = await startModelStandIn(scriptedAssistant);
});
test.afterAll(async () => model.close());

test.describe.configure({ mode: 'serial' });

/** Asks the assistant and waits until the answer has finished streaming. */
async function ask(page: Page, question: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(question);
  // Sending waits for the answer before (and its stored conversation) to be in.
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled({ timeout: 20_000 });
  await box.press('Enter');
  await expect(box).toHaveValue('');
}

test('the owner sets up a model, asks who owes money and confirms a drafted quote', async ({
  page,
}) => {
  await signIn(page, DEMO_OWNER, PASSWORD);
  await page.getByRole('link', { name: 'AI assistant' }).first().click();
  await expect(page).toHaveURL(/\/ai-assistant$/);
  await expect(page.getByText('The AI assistant needs a model')).toBeVisible();
  await snap(page, 'assistant-no-model');

  await page.goto('/settings');
  await openSettingsSection(page, 'Integrations');
  const card = page.getByRole('form', { name: 'AI model' });
  await card.getByLabel('Base URL').fill(model.baseUrl);
  await card.getByLabel('Model', { exact: true }).fill('stand-in-7b');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByRole('button', { name: 'Test connection' })).toBeEnabled();
  await card.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByText('Connected: stand-in-7b answered and called a tool.')).toBeVisible();

  const report = await (await page.request.get('/api/reports/receivables')).json();
  const owed = formatUsd(report.totals.totalCents);
  const topClient = report.rows[0].clientName as string;

  await page.goto('/ai-assistant');
  await expect(page.getByRole('heading', { name: 'Where to start' })).toBeVisible();
  await page.getByRole('button', { name: 'Who owes me money?' }).click();
  const chat = page.getByRole('region', { name: 'Chat' });
  await expect(chat.getByText(`Clients owe ${owed} in all.`, { exact: false })).toBeVisible();
  await expect(chat.getByText(`${topClient} owes`, { exact: false }).first()).toBeVisible();
  await expect(chat.getByText('Who owes what', { exact: false })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'assistant-who-owes');

  const expected = calculateEstimate({
    propertyType: 'residential',
    squareFootage: CALCULATOR_DEFAULTS.squareFootage,
    numberOfRooms: 3,
    numberOfBathrooms: 2,
    frequency: 'weekly',
    additionalServices: [],
  });
  await ask(page, 'quote a 3-bedroom, 2-bath weekly clean for Mei Sullivan');
  const proposal = chat.getByRole('group', { name: 'New estimate for Mei Sullivan' });
  await expect(proposal).toBeVisible();
  await expect(proposal.getByText(formatUsd(expected.priceCents), { exact: true })).toBeVisible();
  const before = await (await page.request.get('/api/requests?q=Mei%20Sullivan&limit=100')).json();
  await snap(page, 'assistant-proposal');
  await proposal.getByRole('button', { name: 'Confirm' }).click();
  await expect(proposal.getByText('Estimate created.')).toBeVisible();
  const after = await (await page.request.get('/api/requests?q=Mei%20Sullivan&limit=100')).json();
  expect(after.items.length).toBe(before.items.length + 1);
  await proposal.getByRole('link', { name: /Open/ }).click();
  await expect(page).toHaveURL(/\/quotes\/[0-9a-f-]{36}$/);
  await expect(page.getByText(formatUsd(expected.priceCents)).first()).toBeVisible();
});

test('a team member asking for revenue is refused by the permission check, not the prompt', async ({
  page,
}) => {
  await signIn(page, DEMO_TEAM_MEMBER, PASSWORD);
  await actFor(page, BUSINESS);
  await page.goto('/ai-assistant');
  await ask(page, 'What was our revenue this month?');
  const chat = page.getByRole('region', { name: 'Chat' });
  // The refusal is the tool's own line, from the API's role check; the model only relays it.
  const lookedUp = chat.getByRole('list', { name: 'What the assistant looked up' });
  await expect(lookedUp.getByText('Revenue')).toBeVisible();
  await expect(lookedUp.getByText('· Refused')).toBeVisible();
  await expect(lookedUp.getByText(/Refused by the permission check for your role/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'assistant-refused');
});
