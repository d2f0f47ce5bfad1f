import { expect, isMobile, openNavigation, signIn, snap, TEAM_MEMBER, test } from './fixtures';

test('a team member sees locked entries and gets Access Denied for Contacts', async ({ page }) => {
  await signIn(page, TEAM_MEMBER.email, TEAM_MEMBER.password);
  await expect(
    page.getByRole('heading', { level: 1, name: `Welcome, ${TEAM_MEMBER.firstName}` }),
  ).toBeVisible();

  const nav = await openNavigation(page);
  // Spec section 6: team members open Home, Schedule, Requests and Jobs.
  for (const title of ['Home', 'Schedule', 'Requests', 'Jobs']) {
    await expect(nav.getByRole('link', { name: title, exact: true })).toBeVisible();
  }
  for (const title of ['Reports', 'Sales', 'Invoices', 'Contacts', 'Team', 'Inventory']) {
    const locked = nav.getByRole('link', { name: `${title} (locked)` });
    await expect(locked).toHaveAttribute('aria-disabled', 'true');
    await expect(locked).not.toHaveAttribute('href');
  }
  await snap(page, isMobile(page) ? 'member-mobile-menu' : 'member-home');
  if (isMobile(page)) await page.keyboard.press('Escape');

  // Opening a locked route directly.
  await page.goto('/customers');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(
    page.getByText('You do not have the required permissions to view this page.'),
  ).toBeVisible();
  await snap(page, 'access-denied');
  // …and then back home.
  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });
  await expect(
    page.getByRole('heading', { level: 1, name: `Welcome, ${TEAM_MEMBER.firstName}` }),
  ).toBeVisible();

  // The user menu shows initials and the account.
  await expect(page.getByRole('button', { name: 'Open user menu' })).toContainText('TM');
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await expect(page.getByRole('menu').getByText(TEAM_MEMBER.accountName)).toBeVisible();
});
