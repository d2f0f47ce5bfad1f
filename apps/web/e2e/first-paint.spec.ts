import { expect, OWNER, signIn, snap, test } from './fixtures';

// Decision 044: the server writes the screen's heading into the page it sends; the app draws
// beside it and the frame goes once the app has drawn.

// The service worker would serve the app's scripts from its store, past the blocking below.
test.use({ serviceWorkers: 'block' });

/** The console errors of the scripts this test keeps from loading, and only those, set aside. */
function forgetBlockedScripts(errors: string[]): void {
  const others = errors.filter((error) => !/Failed to load resource: net::ERR_FAILED/.test(error));
  errors.splice(0, errors.length, ...others);
}

test('the first paint shows the heading before the app, and gives way to it', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  // Without the app's scripts: what the page alone shows.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await expect(page.getByText('Sign in to manage your contacts, jobs and invoices.')).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Loading...');
  await snap(page, 'first-paint-auth');
  await page.unroute('**/assets/*.js');
  forgetBlockedScripts(consoleErrors);

  // With them: one heading, the app's, and the form.
  await page.goto('/auth');
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('[data-first-paint]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back');

  await signIn(page, OWNER.email, OWNER.password);
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/jobs');
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: `Welcome, ${OWNER.firstName}` }),
  ).toBeVisible();
  await snap(page, 'first-paint-home');
  // The schedule's toolbar too, with today's title as this screen opens the calendar.
  await page.goto('/schedule');
  const firstTitle = page.getByRole('heading', { level: 2 });
  await expect(firstTitle).toBeVisible();
  const shownTitle = await firstTitle.innerText();
  expect(shownTitle).toMatch(/\d{4}/);
  await snap(page, 'first-paint-schedule');
  await page.unroute('**/assets/*.js');
  forgetBlockedScripts(consoleErrors);

  // The app's toolbar says the same, where the first paint said it.
  await page.goto('/schedule');
  await expect(page.getByRole('button', { name: 'Today' })).toBeVisible();
  await expect(page.locator('[data-first-paint]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: shownTitle })).toBeVisible();

  await page.goto('/jobs');
  // The header's button (an empty list offers a second one).
  await expect(page.getByRole('button', { name: 'New job' }).first()).toBeVisible();
  await expect(page.locator('[data-first-paint]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jobs');
});
