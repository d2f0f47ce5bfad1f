import { expect, signUp, snap, test, uniqueEmail } from './fixtures';

test('an owner creates a team from the account switcher, then switches back', async ({ page }) => {
  await signUp(page, {
    email: uniqueEmail('teams'),
    password: 'correct horse battery',
    firstName: 'Tina',
    lastName: 'Teams',
    businessName: 'First Light Cleaning',
  });
  const switcher = (name: string) =>
    page.getByRole('button', { name: new RegExp(`^Account: ${name}\\. Switch account$`) });
  await expect(switcher('First Light Cleaning')).toBeVisible();

  // A second tab of the same browser, to see it follow along.
  const otherTab = await page.context().newPage();
  await otherTab.goto('/');
  await expect(
    otherTab.getByRole('button', { name: /^Account: First Light Cleaning\./ }),
  ).toBeVisible();

  // Create Team: the button waits for a name.
  await switcher('First Light Cleaning').click();
  await page.getByRole('button', { name: 'Create Team' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Team' });
  await expect(dialog).toBeVisible();
  const submit = dialog.getByRole('button', { name: 'Create Team' });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Team name').fill('   ');
  await expect(submit).toBeDisabled();
  // Enter on a blank name: the spec's notice, and no team.
  await dialog.getByLabel('Team name').press('Enter');
  await expect(page.getByText('Team name required')).toBeVisible();
  await expect(page.getByText('Please enter a team name')).toBeVisible();
  await dialog.getByLabel('Team name').fill('Night Crew');
  await expect(submit).toBeEnabled();
  await snap(page, 'create-team-dialog');

  const reloaded = page.waitForEvent('load');
  await submit.click();
  await reloaded;
  // The toast shown before the reload is shown again once the page is back.
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Team created!' }),
  ).toContainText('Night Crew has been created successfully.');

  // After the reload the new team is the account, in the switcher and the user menu.
  await expect(switcher('Night Crew')).toBeVisible();
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await expect(page.getByRole('menu').getByText('Night Crew')).toBeVisible();
  await page.keyboard.press('Escape');
  // The other tab followed without a reload.
  await expect(otherTab.getByRole('button', { name: /^Account: Night Crew\./ })).toBeVisible();

  await switcher('Night Crew').click();
  const teams = page.getByRole('group', { name: 'Team Accounts' });
  await expect(teams.getByRole('button', { name: /First Light Cleaning/ })).toBeVisible();
  await expect(teams.getByRole('button', { name: /Night Crew/ })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await snap(page, 'account-switcher-teams');

  // Back to the first account.
  const reloadedAgain = page.waitForEvent('load');
  await teams.getByRole('button', { name: /First Light Cleaning/ }).click();
  await reloadedAgain;
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Account switched' }),
  ).toContainText('Now using First Light Cleaning');
  await expect(switcher('First Light Cleaning')).toBeVisible();
  await expect(
    otherTab.getByRole('button', { name: /^Account: First Light Cleaning\./ }),
  ).toBeVisible();
  await otherTab.close();
});
