import type { Browser, Page, TestInfo } from '@playwright/test';
import { businessSlug } from '@crewdesk/domain';
import { expect, openSettingsSection, signUp, snap, test, uniqueEmail } from './fixtures';
import { waitForMail } from './mail';

const PASSWORD = 'correct horse battery';

/** A browser of its own (another person, another device), recording console errors. */
async function otherBrowser(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return { context, page, errors };
}

/** The owner invites a sales person, who joins from the e-mail in a browser of their own. */
async function inviteSalesPerson(page: Page, browser: Browser, testInfo: TestInfo) {
  const email = uniqueEmail('notified-sales');
  await page.goto('/team');
  await page.getByRole('button', { name: 'Invite member' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite member' });
  await invite.getByLabel('E-mail').fill(email);
  await invite.getByLabel('Role').selectOption('sales_person');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent')).toBeVisible();
  const mail = await waitForMail(email, (m) => m.subject.includes('invited you to join'));
  const link = mail.links.find((l) => l.includes('/accept-invitation?id='))!;
  const sales = await otherBrowser(browser, testInfo);
  await sales.page.goto(link);
  const form = sales.page.getByRole('form', { name: 'Create your account' });
  await form.getByLabel('First name').fill('Sal');
  await form.getByLabel('Last name').fill('Seller');
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Create account and join' }).click();
  await expect(sales.page).toHaveURL(/\/$/);
  return { ...sales, email };
}

/** A visitor sends the business's public request form from a fresh browser. */
async function sendRequestForm(browser: Browser, testInfo: TestInfo, slug: string, last: string) {
  const visitor = await otherBrowser(browser, testInfo);
  await visitor.page.goto(`/request/${slug}`);
  const form = visitor.page.getByRole('form', { name: 'Request a quote' });
  await form.getByLabel('First name').fill('Nia');
  await form.getByLabel('Last name').fill(last);
  await form.getByLabel('Email').fill(uniqueEmail('visitor'));
  await form.getByLabel('Service').selectOption({ label: 'Window Cleaning' });
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(visitor.page.getByText(/Your request has been sent/)).toBeVisible();
  expect(visitor.errors).toEqual([]);
  await visitor.context.close();
}

test('a request from the public form reaches the owner’s bell and the sales person’s list live, and by e-mail until the owner turns e-mail off', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const tag = Math.random().toString(36).slice(2, 6);
  const businessName = `Notified Cleaning ${tag}`;
  const ownerEmail = uniqueEmail('notified-owner');
  await signUp(page, {
    email: ownerEmail,
    password: PASSWORD,
    firstName: 'Nora',
    lastName: 'Owner',
    businessName,
  });
  const sales = await inviteSalesPerson(page, browser, testInfo);

  // The owner was told the sales person joined; reading it empties the bell.
  await page.goto('/quotes');
  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await expect(page.getByRole('link', { name: /Sal Seller joined the team/ })).toBeVisible();
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(page.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // Both stay on their screens: nobody reloads from here on.
  await sales.page.goto('/quotes');
  await expect(sales.page.getByRole('heading', { name: 'Requests' }).first()).toBeVisible();

  const first = `First${tag}`;
  await sendRequestForm(browser, testInfo, businessSlug(businessName), first);

  await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await expect(
    sales.page
      .getByRole('link', { name: `Nia ${first}` })
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
  const salesMail = await waitForMail(
    sales.email,
    (m) => m.subject === `New request from Nia ${first}`,
  );
  expect(salesMail.text).toContain('You handle new requests for this business.');
  // The owner is e-mailed too, as every kind that matters is by default.
  await waitForMail(ownerEmail, (m) => m.subject === `New request from Nia ${first}`);

  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await expect(
    page.getByRole('link', { name: new RegExp(`New request from Nia ${first}`) }),
  ).toBeVisible();
  await snap(page, 'notification-bell');
  await page.keyboard.press('Escape');

  // The owner turns e-mail off for new requests.
  await page.goto('/settings');
  await openSettingsSection(page, 'Notifications');
  const emailBox = page.getByRole('checkbox', {
    name: 'New request from the request form: E-mail',
    exact: true,
  });
  await expect(emailBox).toBeChecked();
  await emailBox.uncheck();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Notification settings saved')).toBeVisible();
  await snap(page, 'notification-settings');

  const sentAt = new Date();
  const second = `Second${tag}`;
  await sendRequestForm(browser, testInfo, businessSlug(businessName), second);
  // In the app: the two requests are one notification, still unread.
  await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await page.goto('/notifications');
  await expect(page.getByRole('link', { name: /2 new requests/ })).toBeVisible();
  await snap(page, 'notifications-page');
  // The sales person, who kept e-mail on, is mailed; once that mail is in, none came to the owner.
  const burstMail = await waitForMail(sales.email, (m) => /new request/i.test(m.subject), {
    after: sentAt,
  });
  expect(burstMail.subject).toBe('2 new requests');
  await expect(
    waitForMail(ownerEmail, (m) => /new request/i.test(m.subject), {
      after: sentAt,
      timeoutMs: 4_000,
    }),
  ).rejects.toThrow(/no mail/);

  expect(sales.errors).toEqual([]);
  await sales.context.close();

  // Settings > Integrations: a webhook to a receiver on this machine (the app's own health
  // address, which refuses a POST), a test sent, and its failure in the delivery log.
  await page.goto('/settings');
  await openSettingsSection(page, 'Integrations');
  await page.getByLabel('Endpoint address').fill(`${new URL(page.url()).origin}/api/health`);
  await page.getByRole('checkbox', { name: 'request.created' }).check();
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(page.getByText(/Its signing secret, shown this once/)).toBeVisible();
  await expect(page.getByText(/^whsec_/)).toBeVisible();
  await page.getByRole('button', { name: 'Send test' }).click();
  await expect(page.getByText('Test event sent')).toBeVisible();
  const log = page.getByRole('table', { name: 'Deliveries to this address' });
  await expect(log.getByText('webhook.test')).toBeVisible();
  await snap(page, 'integrations');
});

test('the notification screens work at phone width', async ({ browser }, testInfo) => {
  const phone = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await phone.newPage();
  const tag = Math.random().toString(36).slice(2, 6);
  await signUp(page, {
    email: uniqueEmail('phone-notified'),
    password: PASSWORD,
    firstName: 'Pia',
    lastName: 'Phone',
    businessName: `Phone Notified ${tag}`,
  });
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No notifications' })).toBeVisible();
  await snap(page, 'notifications-empty');
  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByText('You have no notifications.')).toBeVisible();
  await snap(page, 'notification-bell-empty');
  await page.keyboard.press('Escape');
  await page.goto('/settings?section=notifications');
  await expect(
    page.getByRole('checkbox', { name: 'Invoice overdue: In the app', exact: true }),
  ).toBeDisabled();
  await snap(page, 'notification-settings');
  await page.goto('/settings?section=integrations');
  await expect(page.getByRole('button', { name: 'Add endpoint' })).toBeVisible();
  await snap(page, 'integrations-empty');
  await phone.close();
});
