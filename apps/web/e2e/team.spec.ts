import { waitForMail } from './mail';
import {
  expect,
  isMobile,
  openNavigation,
  OWNER,
  signIn,
  snap,
  test,
  uniqueEmail,
} from './fixtures';

test('an owner invites a team member, who signs up from the e-mail, lands in the business with their role, and is deactivated later', async ({
  page,
  browser,
}, testInfo) => {
  const email = uniqueEmail('invitee');
  const firstName = 'Ivy';
  const lastName = `Newhire ${Math.random().toString(36).slice(2, 6)}`;
  const name = `${firstName} ${lastName}`;

  // The owner opens Team and invites them as a team member.
  await signIn(page, OWNER.email, OWNER.password);
  await page.goto('/team');
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  await expect(
    page.getByRole('link', { name: `${OWNER.firstName} ${OWNER.lastName}` }).first(),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite member' });
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Role').selectOption('team_member');
  await snap(page, 'team-invite-dialog');
  const sentAt = new Date();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent')).toBeVisible();
  await expect(dialog).toBeHidden();
  const pending = page.getByRole('list', { name: 'Pending invitations' });
  await expect(pending.getByText(email)).toBeVisible();
  await snap(page, 'team-list-with-invitation');

  // The mail comes from the business, with the link.
  const mail = await waitForMail(email, (m) => m.subject.includes('invited you to join'), {
    after: new Date(sentAt.getTime() - 1000),
  });
  expect(mail.from).toContain(OWNER.accountName);
  const link = mail.links.find((l) => l.includes('/accept-invitation?id='));
  expect(link).toBeDefined();

  // The invitee opens it in a browser of their own and signs up there: no onboarding.
  const use = testInfo.project.use;
  const context = await browser.newContext({
    baseURL: use.baseURL,
    viewport: use.viewport,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
  });
  const invitee = await context.newPage();
  const inviteeErrors: string[] = [];
  invitee.on('console', (m) => {
    if (m.type() === 'error') inviteeErrors.push(m.text());
  });
  invitee.on('pageerror', (e) => inviteeErrors.push(`pageerror: ${e.message}`));
  await invitee.goto(link!);
  await expect(
    invitee.getByRole('heading', { level: 1, name: `Join ${OWNER.accountName}` }),
  ).toBeVisible();
  await expect(invitee.getByText('Team member', { exact: true })).toBeVisible();
  const form = invitee.getByRole('form', { name: 'Create your account' });
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await expect(invitee.getByRole('link', { name: 'Sign in', exact: true }).last()).toBeVisible();
  await snap(invitee, 'accept-invitation');
  await form.getByLabel('First name').fill(firstName);
  await form.getByLabel('Last name').fill(lastName);
  await form.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await form.getByRole('button', { name: 'Create account and join' }).click();

  await expect(invitee).toHaveURL(/\/$/);
  await expect(
    invitee.getByRole('heading', { level: 1, name: `Welcome, ${firstName}` }),
  ).toBeVisible();
  await expect(
    invitee.getByRole('button', { name: new RegExp(`^Account: ${OWNER.accountName}\\.`) }),
  ).toBeVisible();
  expect(await invitee.evaluate(() => localStorage.getItem('selectedAccountId'))).not.toBeNull();

  // Their role decides what they may open: locked entries, and Access Denied for Reports.
  const nav = await openNavigation(invitee);
  for (const title of ['Home', 'Schedule', 'Requests', 'Jobs']) {
    await expect(nav.getByRole('link', { name: title, exact: true })).toBeVisible();
  }
  for (const title of ['Reports', 'Sales', 'Invoices', 'Contacts', 'Team', 'Inventory']) {
    const locked = nav.getByRole('link', { name: `${title} (locked)` });
    await expect(locked).toHaveAttribute('aria-disabled', 'true');
    await expect(locked).not.toHaveAttribute('href');
  }
  await snap(invitee, 'invitee-home');
  if (isMobile(invitee)) await invitee.keyboard.press('Escape');
  await invitee.goto('/reports');
  await expect(invitee.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await snap(invitee, 'invitee-reports-denied');
  expect(inviteeErrors, 'console errors of the invitee').toEqual([]);
  await context.close();

  // The owner sees them on the team, and deactivates them.
  await page.reload();
  const person = isMobile(page)
    ? page
        .getByRole('list', { name: 'Team members' })
        .getByRole('listitem')
        .filter({ hasText: name })
    : page.getByRole('row').filter({ hasText: name });
  await expect(person.getByText('Team member')).toBeVisible();
  await expect(person.getByText('Active')).toBeVisible();
  await expect(pending.getByText(email)).toBeHidden();
  await person.getByRole('button', { name: `Deactivate ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Deactivate ${name}?` });
  await expect(confirm).toBeVisible();
  await snap(page, 'team-deactivate-confirm');
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText(`${name} was deactivated`)).toBeVisible();
  await expect(person.getByText('Deactivated')).toBeVisible();
  await expect(person.getByRole('button', { name: `Reactivate ${name}` })).toBeVisible();
  await snap(page, 'team-after-deactivation');

  // Their profile, with the details an owner may edit.
  await person.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Not recorded').first()).toBeVisible();
  await snap(page, 'team-member-profile');
});
