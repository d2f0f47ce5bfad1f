import {
  followConfirmationMail,
  expect,
  isMobile,
  openNavigation,
  snap,
  test,
  uniqueEmail,
} from './fixtures';

const SIDEBAR_TITLES = [
  'Home',
  'Reports',
  'Schedule',
  'Sales',
  'Requests',
  'Jobs',
  'Invoices',
  'Contacts',
  'Team',
  'Inventory',
];

test('a new owner signs up, finds their way around the shell and signs out', async ({ page }) => {
  // Sign-up, a dozen screens and their screenshots, beside the other walks on two cores.
  test.setTimeout(120_000);
  const email = uniqueEmail('owner');

  // A visitor is sent to /auth.
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth$/);
  await snap(page, 'auth-sign-in');

  // Sign up.
  await page.getByRole('tab', { name: 'Create account' }).click();
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Owner');
  await form.getByLabel('Business name').fill('Ada Cleaning Co');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill('correct horse battery');
  await snap(page, 'auth-sign-up');
  await form.getByRole('button', { name: 'Create account' }).click();

  // Confirms the address from the mail, and lands on the getting-started home.
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
  await followConfirmationMail(page, email);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeVisible();
  for (const step of ['Add a contact', 'Create an estimate', 'Schedule a job', 'Send an invoice']) {
    await expect(page.getByRole('heading', { name: step })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: /Ada Cleaning Co/ })).toBeVisible();
  await snap(page, 'home');

  // The navigation: the sidebar on wide screens, the slide-out menu on phones.
  const nav = await openNavigation(page);
  for (const title of SIDEBAR_TITLES) {
    await expect(nav.getByRole('link', { name: title, exact: true })).toBeVisible();
  }
  // After the spec's groups, every other module an owner may open (issue 42), phone menu too.
  const more = (
    isMobile(page) ? page.getByRole('dialog') : page.getByRole('complementary', { name: 'Sidebar' })
  ).getByRole('navigation', { name: 'More' });
  for (const [title, path] of [
    ['Time tracking', '/time-tracking'],
    ['Inspections', '/inspections'],
    ['Notifications', '/notifications'],
  ] as const) {
    await expect(more.getByRole('link', { name: title, exact: true })).toHaveAttribute(
      'href',
      path,
    );
  }
  if (isMobile(page)) {
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeHidden();
    await snap(page, 'mobile-menu');
    await nav.getByRole('link', { name: 'Contacts', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  } else {
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    expect((await sidebar.boundingBox())?.width).toBe(200);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(60);
    await nav.getByRole('link', { name: 'Contacts', exact: true }).hover();
    await expect(page.getByRole('tooltip')).toHaveText('Contacts');
    await snap(page, 'sidebar-collapsed');
    // The choice survives a reload; expand again.
    await page.reload();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(60);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(200);
    await nav.getByRole('link', { name: 'Contacts', exact: true }).click();
  }
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'No contacts yet' })).toBeVisible();
  await snap(page, 'customers');

  // Create New → Customer opens the Add New Contact dialog on /customers/new; leaving it
  // goes back to the list, whose breadcrumb is the current page.
  await page.getByRole('button', { name: 'Create New' }).click();
  await snap(page, 'create-new-menu');
  await page.getByRole('menuitem', { name: 'Customer' }).click();
  await expect(page).toHaveURL(/\/customers\/new$/);
  const dialog = page.getByRole('dialog', { name: 'Add New Contact' });
  await expect(dialog).toBeVisible();
  await snap(page, 'customers-new');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, Cancel' }).click();
  await expect(page).toHaveURL(/\/customers$/);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).filter({ visible: true });
  await expect(crumbs.getByText('Customers')).toHaveAttribute('aria-current', 'page');

  // More screens, for the review screenshots.
  for (const [path, heading, name] of [
    ['/quotes', 'Requests', 'quotes'],
    ['/invoices/payments', 'Invoices', 'invoices-payments'],
    ['/settings', 'Settings', 'settings'],
    ['/help', 'Support', 'help'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await snap(page, name);
  }
  await page.getByRole('link', { name: /Estimates, quotes and the price calculator/ }).click();
  await expect(
    page.getByRole('heading', { name: 'Estimates, quotes and the price calculator' }),
  ).toBeVisible();
  await snap(page, 'help-article');

  // The account switcher lists the owner's account.
  await page.getByRole('button', { name: /Ada Cleaning Co/ }).click();
  await expect(page.getByRole('searchbox', { name: 'Search accounts' })).toBeVisible();
  await expect(
    page
      .getByRole('group', { name: 'Team Accounts' })
      .getByRole('button', { name: /Ada Cleaning Co/ }),
  ).toBeVisible();
  await snap(page, 'account-switcher');
  await page.keyboard.press('Escape');

  // An unknown address shows the not-found page.
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  // Sign out from the user menu.
  await page.goto('/');
  await page.getByRole('button', { name: 'Open user menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText(email)).toBeVisible();
  await expect(menu.getByText('Ada Cleaning Co')).toBeVisible();
  await snap(page, 'user-menu');
  await menu.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  await expect(page.getByText('You have been logged out of your account')).toBeVisible();

  // The session is gone: protected pages send the visitor back to /auth with the return path.
  await page.goto('/customers');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fcustomers$/);
});
