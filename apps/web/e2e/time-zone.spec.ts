import type { Page } from '@playwright/test';
import { addDaysToDate, instantOfLocal, localDateOf } from '@crewdesk/domain';
import { expect, signUp, snap, test, uniqueEmail } from './fixtures';
import { pageWidthProblem, seriousViolations } from './page-checks';

const CHICAGO = 'America/Chicago';

/** The next 7:30 p.m. in Chicago: its date there is already tomorrow's in UTC and in Berlin. */
function nextEveningInChicago(now = new Date()): Date {
  const today = localDateOf(now, CHICAGO);
  const tonight = instantOfLocal(`${today}T19:30:00`, CHICAGO);
  return tonight > now ? tonight : instantOfLocal(`${addDaysToDate(today, 1)}T19:30:00`, CHICAGO);
}

/** The reports' default range ends on this day ('To'). */
async function reportsEndOn(page: Page, date: string) {
  await page.goto('/reports');
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(date);
}

// A browser in Chicago, in the evening there, whatever zone this machine is in.
test.use({ timezoneId: CHICAGO });

test('an owner in Chicago at 7:30 p.m. is asked once for the business’s time zone, and the reports end on the business’s today, in Chicago and in Berlin', async ({
  page,
}) => {
  const evening = nextEveningInChicago();
  // The browser's clock only: the server keeps its own, as a real one would.
  await page.clock.setFixedTime(evening);
  const tag = Math.random().toString(36).slice(2, 6);
  await signUp(page, {
    email: uniqueEmail('zone-owner'),
    password: 'correct horse battery',
    firstName: 'Zoe',
    lastName: 'Zone',
    businessName: `Windy City Clean ${tag}`,
  });

  // Signed up without choosing: the admin is asked, with the browser's zone proposed.
  const question = page.getByRole('region', { name: 'Which time zone is your business in?' });
  await expect(question).toBeVisible();
  const useChicago = question.getByRole('button', { name: 'Use America/Chicago' });
  await expect(useChicago).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(await pageWidthProblem(page)).toBeNull();
  await snap(page, 'time-zone-question');
  await question.getByRole('button', { name: 'Choose another' }).click();
  await expect(question.getByLabel('Business time zone')).toHaveValue(CHICAGO);
  await question.getByRole('button', { name: 'Save time zone' }).click();
  await expect(page.getByText('Time zone saved')).toBeVisible();
  await expect(question).toHaveCount(0);

  // In Chicago the evening is still today there; in Berlin it is already tomorrow.
  await reportsEndOn(page, localDateOf(evening, CHICAGO));
  await page.reload();
  await expect(question).toHaveCount(0);

  const moved = await page.request.put('/api/business-profile/time-zone', {
    data: { timeZone: 'Europe/Berlin' },
  });
  expect(moved.status(), await moved.text()).toBe(204);
  await reportsEndOn(page, localDateOf(evening, 'Europe/Berlin'));
  expect(localDateOf(evening, 'Europe/Berlin')).toBe(
    addDaysToDate(localDateOf(evening, CHICAGO), 1),
  );
});
