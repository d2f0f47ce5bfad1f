import {
  expect,
  test as base,
  type Browser,
  type BrowserContext,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { waitForMail } from './mail';

export { E2E_PORT, OWNER, SALES_PERSON, TEAM_MEMBER } from './test-data';

const artifacts = join(dirname(fileURLToPath(import.meta.url)), '.artifacts', 'screens');

export function isMobile(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 768;
}

/** Saves a full-page screenshot named after the viewport, for review. */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(artifacts, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({
    path: join(artifacts, `${width}-${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@crewdesk.test`;
}

/** Fails the test on any console error or uncaught exception. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Chromium logs every 4xx answer as a console error. A test that makes a
 * request fail on purpose (a wrong code, a weak password) waits for that one
 * entry and takes it off the list, so any other error still fails the test.
 */
export async function forgetExpectedConsoleError(errors: string[], pattern: RegExp): Promise<void> {
  await expect
    .poll(() => errors.some((error) => pattern.test(error)), {
      message: `a console error matching ${pattern}`,
    })
    .toBe(true);
  errors.splice(
    errors.findIndex((error) => pattern.test(error)),
    1,
  );
}

/** Takes off the list the 401s logged since `index` (a scene that removed the session on purpose). */
export function forgetUnauthorizedSince(errors: string[], index: number): void {
  const kept = errors.filter((error, i) => i < index || !/\b401\b/.test(error));
  errors.splice(0, errors.length, ...kept);
}

/** Signs out through the user menu; the app lands on /auth. */
export async function signOutFromMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign in' }).click();
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
}

export interface NewOwner {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  businessName: string;
}

export const CONFIRMATION_SUBJECT = 'Confirm your e-mail address for Crewdesk';

/** Fills in and sends the Create account form; the page then asks to confirm the address. */
export async function submitSignUp(
  page: Page,
  owner: Partial<NewOwner> & { email: string; password: string },
): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Create account' }).click();
  const form = page.getByRole('form', { name: 'Create account' });
  if (owner.firstName) await form.getByLabel('First name').fill(owner.firstName);
  if (owner.lastName) await form.getByLabel('Last name').fill(owner.lastName);
  if (owner.businessName) await form.getByLabel('Business name').fill(owner.businessName);
  await form.getByLabel('Email').fill(owner.email);
  await form.getByLabel('Password').fill(owner.password);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
}

/** Opens the /auth/confirm link of the confirmation mail sent to `email` (it signs them in). */
export async function followConfirmationMail(page: Page, email: string): Promise<void> {
  const mail = await waitForMail(email, (m) => m.subject === CONFIRMATION_SUBJECT);
  const link = mail.links.find((href) => href.includes('/auth/confirm?token='));
  if (!link) throw new Error(`no /auth/confirm link in: ${mail.text}`);
  await page.goto(link);
}

/**
 * Signs a new user up through /auth with every onboarding fact given, confirms the address
 * from the mail, and lands on / (no onboarding needed).
 */
export async function signUp(page: Page, owner: NewOwner): Promise<void> {
  await submitSignUp(page, owner);
  await followConfirmationMail(page, owner.email);
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('heading', { level: 1, name: `Welcome, ${owner.firstName}` }),
  ).toBeVisible();
}

/** Opens a section of /settings the way the screen offers it: the list, or the select on phones. */
export async function openSettingsSection(page: Page, label: string): Promise<void> {
  if (isMobile(page)) {
    await page.getByRole('combobox', { name: 'Section', exact: true }).selectOption({ label });
  } else {
    await page
      .getByRole('navigation', { name: 'Settings sections' })
      .getByRole('link', { name: label })
      .click();
  }
  await expect(page.getByRole('heading', { level: 2, name: label })).toBeVisible();
}

/** The main navigation: the sidebar on wide screens, the slide-out menu on phones. */
export async function openNavigation(page: Page) {
  if (isMobile(page)) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    return dialog.getByRole('navigation', { name: 'Main' });
  }
  return page
    .getByRole('complementary', { name: 'Sidebar' })
    .getByRole('navigation', { name: 'Main' });
}

/** The owner invites a team member, who signs up from the mail in a phone-sized browser. */
export async function inviteTeamMember(
  page: Page,
  browser: Browser,
  testInfo: TestInfo,
  name: string,
  password = 'correct horse battery',
) {
  const email = uniqueEmail('crew');
  await page.goto('/team');
  await page.getByRole('button', { name: 'Invite member' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite member' });
  await invite.getByLabel('E-mail').fill(email);
  await invite.getByLabel('Role').selectOption('team_member');
  const sentAt = new Date();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent')).toBeVisible();
  const mail = await waitForMail(email, (m) => m.subject.includes('invited you to join'), {
    after: new Date(sentAt.getTime() - 1000),
  });
  const link = mail.links.find((l) => l.includes('/accept-invitation?id='));
  expect(link).toBeDefined();

  const { context, page: phone, errors } = await openPhone(browser, testInfo);
  await phone.goto(link!);
  const form = phone.getByRole('form', { name: 'Create your account' });
  const [firstName, lastName] = name.split(' ') as [string, string];
  await form.getByLabel('First name').fill(firstName);
  await form.getByLabel('Last name').fill(lastName);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Create account and join' }).click();
  await expect(phone).toHaveURL(/\/$/);
  return { phone, errors, context };
}

/**
 * Acts for `business` through the account switcher, as a member of several businesses does;
 * nothing to do when the session already acts for it (an earlier sign-in switched).
 */
export async function actFor(page: Page, business: string): Promise<void> {
  const current = page.getByRole('button', { name: /^Account: .*\. Switch account$/ });
  const name = `Account: ${business}. Switch account`;
  await expect(current).toBeVisible();
  if ((await page.getByRole('button', { name, exact: true }).count()) > 0) return;
  await current.click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: new RegExp(business.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    .click();
  await expect(page.getByRole('button', { name })).toBeVisible();
}

/**
 * A browser of someone else's, on a phone (375 px, touch): its own context and page, and the
 * console errors and page errors it logs, for the test to check.
 */
export async function openPhone(
  browser: Browser,
  testInfo: TestInfo,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return { context, page, errors };
}
