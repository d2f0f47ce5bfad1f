import {
  expect,
  forgetExpectedConsoleError,
  signOutFromMenu,
  signUp,
  snap,
  test,
  uniqueEmail,
} from './fixtures';
import { waitForMail } from './mail';

const OLD_PASSWORD = 'first password 123';
const NEW_PASSWORD = 'second password 456';

test('a user who forgot their password resets it from the e-mailed link, then signs in with the new one', async ({
  page,
  consoleErrors,
}) => {
  const email = uniqueEmail('reset');
  await signUp(page, {
    email,
    password: OLD_PASSWORD,
    firstName: 'Rhea',
    lastName: 'Reset',
    businessName: 'Reset Cleaning',
  });
  await signOutFromMenu(page);

  // Sign-in form → "Forgot password?", with the e-mail typed so far.
  await page.getByRole('form', { name: 'Sign in' }).getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  const ask = page.getByRole('form', { name: 'Reset password' });
  await expect(ask.getByLabel('Email')).toHaveValue(email);
  await snap(page, 'auth-forgot-password');
  await ask.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If an account exists' })).toHaveText(
    `If an account exists for ${email}, we have sent a link to reset the password. It works for one hour.`,
  );
  await snap(page, 'auth-forgot-password-sent');

  // The e-mail's link goes through the server, which checks the token, to the reset page.
  const mail = await waitForMail(email, (m) => m.subject === 'Reset your Crewdesk password');
  const link = mail.links.find((l) => l.includes('/api/auth/reset-password/'));
  expect(link).toBeDefined();
  await page.goto(link!);
  await expect(page).toHaveURL(/\/auth\/reset-password\?token=[^&]+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
  ).toBeVisible();
  const form = page.getByRole('form', { name: 'Choose a new password' });
  await snap(page, 'auth-reset-password');

  // A common password is refused with its reasons listed.
  await form.getByLabel('New password', { exact: true }).fill('password');
  await form.getByLabel('Confirm new password').fill('password');
  await form.getByRole('button', { name: 'Change password' }).click();
  const reasons = form.getByRole('list', { name: 'Why the password was refused' });
  await expect(reasons.getByRole('listitem')).toHaveText([
    'This password is too easy to guess.',
    'This is one of the ten most used passwords.',
    'Add another word or two that are less common.',
  ]);
  await forgetExpectedConsoleError(consoleErrors, /status of 400/);
  await snap(page, 'auth-reset-password-weak');

  await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(
    page.getByText('Your password was changed. Sign in with the new one.'),
  ).toBeVisible();
  await expect(page.getByText('Password changed', { exact: true })).toBeVisible();
  await snap(page, 'auth-password-changed');

  // The link works once.
  await page.goto(link!);
  await expect(page).toHaveURL(/\/auth\/reset-password\?error=INVALID_TOKEN$/);
  await expect(page.getByRole('alert')).toHaveText('This link has expired or was already used.');
  await snap(page, 'auth-reset-password-expired');
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page.getByRole('form', { name: 'Reset password' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to sign in' }).click();

  // The old password no longer works; the new one does.
  const signInForm = page.getByRole('form', { name: 'Sign in' });
  await signInForm.getByLabel('Email').fill(email);
  await signInForm.getByLabel('Password').fill(OLD_PASSWORD);
  await signInForm.getByRole('button', { name: 'Sign in' }).click();
  await expect(signInForm.getByRole('alert')).toHaveText('Invalid email or password');
  await forgetExpectedConsoleError(consoleErrors, /status of 401/);
  await signInForm.getByLabel('Password').fill(NEW_PASSWORD);
  await signInForm.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Rhea' })).toBeVisible();
});

test('a user signs in with a one-time code sent by e-mail', async ({ page, consoleErrors }) => {
  const email = uniqueEmail('code');
  await signUp(page, {
    email,
    password: OLD_PASSWORD,
    firstName: 'Otto',
    lastName: 'Code',
    businessName: 'Code Cleaning',
  });
  await signOutFromMenu(page);

  await page.getByRole('form', { name: 'Sign in' }).getByLabel('Email').fill(email);
  await snap(page, 'auth-sign-in-options');
  await page.getByRole('button', { name: 'Email me a sign-in code' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in with a code' })).toBeVisible();
  const ask = page.getByRole('form', { name: 'Email me a sign-in code' });
  await expect(ask.getByLabel('Email')).toHaveValue(email);
  await snap(page, 'auth-email-code');
  await ask.getByRole('button', { name: 'Send code' }).click();

  const step = page.getByRole('form', { name: 'Sign in with a code' });
  await expect(step.getByLabel('Sign-in code')).toBeFocused();
  await expect(step.getByLabel('Sign-in code')).toHaveAttribute('autocomplete', 'one-time-code');
  await snap(page, 'auth-email-code-step');

  const mail = await waitForMail(email, (m) => m.subject.startsWith('Your Crewdesk code'));
  const code = /Your Crewdesk code: (\d{6})/.exec(mail.subject)?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);

  // A wrong code is refused with the server's message.
  const wrong = code.replace(/^\d/, (digit) => String((Number(digit) + 1) % 10));
  await step.getByLabel('Sign-in code').fill(wrong);
  await step.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(step.getByRole('alert')).toHaveText('Invalid OTP');
  await forgetExpectedConsoleError(consoleErrors, /status of 400/);
  await snap(page, 'auth-email-code-invalid');

  await step.getByLabel('Sign-in code').fill(code);
  await step.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Otto' })).toBeVisible();
});
