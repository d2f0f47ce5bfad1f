import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CONFIRMATION_SUBJECT,
  expect,
  followConfirmationMail,
  forgetExpectedConsoleError,
  openSettingsSection,
  snap,
  submitSignUp,
  test,
  uniqueEmail,
} from './fixtures';
import { waitForMail } from './mail';

const PASSWORD = 'correct horse battery';

// The smallest valid PNG (1×1): a real image for the photo upload.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('a new user signs up, confirms the e-mail from the mail, onboards and lands on /', async ({
  page,
  consoleErrors,
}) => {
  const email = uniqueEmail('onboard');
  await submitSignUp(page, { email, password: PASSWORD });
  await expect(page.getByText(`We sent a confirmation link to ${email}.`)).toBeVisible();
  await snap(page, 'auth-check-email');

  // Signing in before confirming: refused, with a way to get a new link.
  await page.getByRole('button', { name: 'Back to sign in' }).click();
  const signIn = page.getByRole('form', { name: 'Sign in' });
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel('Password').fill(PASSWORD);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`Confirm ${email} before signing in`)).toBeVisible();
  await forgetExpectedConsoleError(consoleErrors, /403/);
  const asked = new Date();
  await page.getByRole('button', { name: 'Send a new link' }).click();
  await expect(page.getByText(`If ${email} has an account waiting for confirmation`)).toBeVisible();
  await waitForMail(email, (m) => m.subject === CONFIRMATION_SUBJECT, { after: asked });

  // The link in the mail confirms the address, signs in and opens onboarding.
  await followConfirmationMail(page, email);
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Crewdesk' })).toBeVisible();
  await snap(page, 'onboarding-profile');

  const profile = page.getByRole('form', { name: 'Your profile' });
  await profile.getByLabel('First name').fill('Rosa');
  await profile.getByLabel('Last name').fill('Diaz');
  const dir = mkdtempSync(join(tmpdir(), 'crewdesk-e2e-'));
  const photo = join(dir, 'rosa.png');
  writeFileSync(photo, PNG);
  await page.getByTestId('avatar-file').setInputFiles(photo);
  await expect(page.getByText('Photo updated')).toBeVisible();
  await expect(profile.getByRole('button', { name: 'Change photo' })).toBeVisible();
  await profile.getByRole('button', { name: 'Continue' }).click();

  const business = page.getByRole('form', { name: 'Your business' });
  await expect(business).toBeVisible();
  await business.getByLabel('Business name').fill('Sparkle & Shine');
  await business.getByLabel(/Industry/).selectOption('Cleaning');
  await business.getByLabel(/Number of employees/).fill('6');
  await business.getByLabel(/Address/).fill('12 Harbour Road, Portland');
  await business.getByLabel(/Phone/).fill('555 010 0199');
  await business.getByLabel(/Website/).fill('sparkle.example');
  await snap(page, 'onboarding-business');
  await business.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Free' })).toBeVisible();
  await snap(page, 'onboarding-plan');
  await page.getByRole('button', { name: 'Start using Crewdesk' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Rosa' })).toBeVisible();
  await expect(
    page.getByRole('button', { name: /^Account: Sparkle & Shine\. Switch account$/ }),
  ).toBeVisible();

  // Onboarding is done: /onboarding now goes home, and so does a reload.
  await page.goto('/onboarding');
  await expect(page).toHaveURL(/\/$/);

  // The business details were stored with the account.
  await page.goto('/settings');
  await openSettingsSection(page, 'Business profile');
  await expect(page.getByLabel(/Website/)).toHaveValue('sparkle.example');
  await expect(page.getByLabel(/Industry/)).toHaveValue('Cleaning');
});
