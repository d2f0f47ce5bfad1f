import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import type { Page } from '@playwright/test';
import {
  E2E_PORT,
  expect,
  openSettingsSection,
  signIn,
  signUp,
  snap,
  test,
  uniqueEmail,
} from './fixtures';

const PASSWORD = 'correct horse battery';

/** The code an authenticator app shows now for the key printed in Settings. */
function currentCode(secret: string): Promise<string> {
  return createOTP(new TextDecoder().decode(base32.decode(secret))).totp();
}

async function openSecurity(page: Page) {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await openSettingsSection(page, 'Security');
}

test('an owner turns on two-factor authentication in Settings, then signs in with password and code', async ({
  page,
}) => {
  const email = uniqueEmail('twofactor');
  await signUp(page, {
    email,
    password: PASSWORD,
    firstName: 'Tove',
    lastName: 'Factor',
    businessName: 'Factor Cleaning',
  });

  await page.goto('/settings');
  await expect(page.getByRole('form', { name: 'Profile' })).toBeVisible();
  await snap(page, 'settings-profile');

  // The business profile: the owner saves a field.
  await page.goto('/settings?section=business');
  const business = page.getByRole('form', { name: 'Business profile' });
  await expect(business.getByLabel('Business name')).toHaveValue('Factor Cleaning');
  await business.getByLabel('Phone').fill('512 555 0100');
  await business.getByRole('button', { name: 'Save business profile' }).click();
  await expect(page.getByText('Business profile saved')).toBeVisible();
  await snap(page, 'settings-business');
  await openSettingsSection(page, 'Plan');
  await expect(page.getByRole('heading', { name: /^Free — / })).toBeVisible();
  await snap(page, 'settings-plan');
  await openSettingsSection(page, 'E-mail outbox');
  await expect(page.getByText(/When no SMTP mail server is configured/)).toBeVisible();
  await expect(page.getByText('Loading...')).toBeHidden();
  await snap(page, 'settings-outbox');

  await openSettingsSection(page, 'Security');
  const twoFactor = page.getByRole('heading', { name: 'Two-factor authentication' }).locator('..');
  await expect(twoFactor.getByText('Off', { exact: true })).toBeVisible();
  await snap(page, 'settings-security');

  // Turn on: the password first…
  await page.getByRole('button', { name: 'Turn on' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn on two-factor authentication' });
  await dialog.getByLabel('Password').fill(PASSWORD);
  await snap(page, 'settings-2fa-password');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden();

  // …then the app: the QR code, or the key typed in by hand.
  const setup = page.getByRole('region', { name: 'Set up two-factor authentication' });
  await expect(
    setup.getByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeVisible();
  const secret = await setup.getByLabel('Key for manual entry').getAttribute('data-secret');
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await snap(page, 'settings-2fa-setup');
  await setup.getByLabel('Code from the app').fill(await currentCode(secret ?? ''));
  await setup.getByRole('button', { name: 'Verify and turn on' }).click();

  // The backup codes, shown once.
  await expect(page.getByText('Two-factor authentication is on')).toBeVisible();
  const codes = page.getByRole('region', { name: 'Your backup codes' });
  await expect(codes.getByText('Save these backup codes now.')).toBeVisible();
  expect(
    await codes.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').count(),
  ).toBe(10);
  await snap(page, 'settings-backup-codes');
  await codes.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(twoFactor.getByText('On', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn off' })).toBeVisible();

  // Sign out, then in again: the password alone is not enough any more.
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Two-factor authentication' }),
  ).toBeVisible();
  const step = page.getByRole('form', { name: 'Two-factor authentication' });
  await expect(step.getByLabel('Authentication code')).toHaveAttribute('inputmode', 'numeric');
  await expect(step.getByLabel('Authentication code')).toHaveAttribute(
    'autocomplete',
    'one-time-code',
  );
  await snap(page, 'auth-two-factor');
  await step.getByLabel('Authentication code').fill(await currentCode(secret ?? ''));
  await step.getByRole('button', { name: 'Verify' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Tove' })).toBeVisible();
});

test('an owner edits their name, and signs another device out from Settings', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('sessions');
  await signUp(page, {
    email,
    password: PASSWORD,
    firstName: 'Sam',
    lastName: 'Sessions',
    businessName: 'Session Cleaning',
  });

  // Profile: the new name reaches the greeting and the avatar's initials.
  await page.goto('/settings');
  const profile = page.getByRole('form', { name: 'Profile' });
  await profile.getByLabel('First name').fill('Samira');
  await profile.getByLabel('Last name').fill('Quill');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open user menu' })).toContainText('SQ');

  // A second device: another browser, signed in as the same user.
  const other = await browser.newContext({
    baseURL: `http://localhost:${E2E_PORT}`,
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:126.0) Gecko/20100101 Firefox/126.0',
  });
  try {
    const otherPage = await other.newPage();
    await signIn(otherPage, email, PASSWORD);
    await expect(
      otherPage.getByRole('heading', { level: 1, name: 'Welcome, Samira' }),
    ).toBeVisible();

    await openSecurity(page);
    const list = page.getByRole('list', { name: 'Active sessions' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('listitem').first()).toContainText('This device');
    await expect(list.getByRole('listitem').nth(1)).toContainText('Firefox on Windows');
    await page.getByRole('heading', { name: 'Active sessions' }).scrollIntoViewIfNeeded();
    await snap(page, 'settings-sessions');

    await list.getByRole('button', { name: /^Revoke Firefox on Windows/ }).click();
    await expect(page.getByText('Firefox on Windows has been signed out.')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByText('No other device is signed in to your account.')).toBeVisible();

    // The other device's next page finds no session.
    await otherPage.goto('/customers');
    await expect(otherPage).toHaveURL(/\/auth(\?|$)/);
    await expect(otherPage.getByRole('form', { name: 'Sign in' })).toBeVisible();
  } finally {
    await other.close();
  }

  // This device is still signed in.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Samira' })).toBeVisible();
});
