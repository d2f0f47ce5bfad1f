import { canAccessRoute, PROTECTED_ROUTE_PATTERNS, PUBLIC_ROUTE_PATTERNS } from '@crewdesk/domain';
import { expect, OWNER, signIn, TEAM_MEMBER, test } from './fixtures';
import type { Page } from '@playwright/test';

// Every route of spec section 2, with a sample id where the pattern has one. Each test walks
// dozens of routes, longer than one ordinary test's time: a limit to give up at on a busy
// machine, not a speed check.
test.describe.configure({ timeout: 360_000 });

// Every route of spec section 2, with a sample id where the pattern has one.
const SAMPLE_ID = '3f2b8c1e-4d5a-4b6c-9e7f-0a1b2c3d4e5f';
const toPath = (pattern: string) =>
  pattern.replace(':category', 'cleaning-supplies').replace(/:[a-zA-Z]+/g, SAMPLE_ID);

async function expectScreen(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByText('Loading...')).toHaveCount(0);
  // A route that opens a dialog (/jobs/new) makes the page behind it inert: any heading will do.
  await expect(page.getByRole('heading').first(), path).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found' }), path).toHaveCount(0);
}

test('every public route resolves to its screen for a visitor', async ({ page, consoleErrors }) => {
  for (const { pattern } of PUBLIC_ROUTE_PATTERNS) {
    const path = toPath(pattern);
    await expectScreen(page, path);
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toHaveCount(0);
    // A share link or request form with the sample id leads to nothing: its page says so.
    forgetSampleIdNotFound(path, consoleErrors);
  }
});

/**
 * A detail page opened with the sample id asks the API for a record that does not exist; the
 * 404 is the right answer (the page says the record was not found), and Chromium logs it.
 */
function forgetSampleIdNotFound(path: string, consoleErrors: string[]) {
  if (!path.includes(SAMPLE_ID)) return;
  for (let i = consoleErrors.length - 1; i >= 0; i--) {
    if (consoleErrors[i]?.includes('status of 404')) consoleErrors.splice(i, 1);
  }
}

test('every protected route opens for an owner', async ({ page, consoleErrors }) => {
  await signIn(page, OWNER.email, OWNER.password);
  for (const { pattern } of PROTECTED_ROUTE_PATTERNS) {
    const path = toPath(pattern);
    await expectScreen(page, path);
    await expect(page.getByRole('heading', { name: 'Access Denied' }), path).toHaveCount(0);
    forgetSampleIdNotFound(path, consoleErrors);
  }
});

test('a team member gets each protected route or Access Denied, as the route table says', async ({
  page,
  consoleErrors,
}) => {
  await signIn(page, TEAM_MEMBER.email, TEAM_MEMBER.password);
  for (const { pattern } of PROTECTED_ROUTE_PATTERNS) {
    const path = toPath(pattern);
    // The account id only has to exist for the check; the role is what decides.
    const expected = canAccessRoute('team_member', 'account', path);
    await page.goto(path);
    const denied = page.getByRole('heading', { name: 'Access Denied' });
    if (expected === 'denied') {
      await expect(denied, path).toBeVisible();
    } else {
      await expect(page.getByText('Loading...')).toHaveCount(0);
      // A route that opens a dialog (/jobs/new) makes the page behind it inert: any heading will do.
      await expect(page.getByRole('heading').first(), path).toBeVisible();
      await expect(denied, path).toHaveCount(0);
      forgetSampleIdNotFound(path, consoleErrors);
    }
  }
});
