import { expect, signOutFromMenu, snap, test } from './fixtures';
import { waitForMail } from './mail';

const PASSWORD = 'correct horse battery';

/** A number no other run uses: the server keeps one account per number. */
function uniquePhoneNumber(): string {
  // Two runs side by side (both widths) must not pick the same number.
  return `+1555${String(Date.now() + Math.floor(Math.random() * 1e6)).slice(-7)}`;
}

async function textedCode(phoneNumber: string, after: Date): Promise<string> {
  const text = await waitForMail(phoneNumber, (m) => m.subject === 'Text message', { after });
  const code = /\b(\d{6})\b/.exec(text.text)?.[1];
  if (!code) throw new Error(`no code in: ${text.text}`);
  return code;
}

test('a new owner signs up with a phone number, confirms it with the texted code, and signs in with it later', async ({
  page,
}) => {
  const phoneNumber = uniquePhoneNumber();
  const asked = new Date();
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Create account' }).click();
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByRole('button', { name: 'Phone' }).click();
  await form.getByLabel('First name').fill('Pat');
  await form.getByLabel('Last name').fill('Phone');
  await form.getByLabel('Business name').fill('Pat Window Cleaning');
  await form.getByLabel('Phone').fill(phoneNumber);
  await form.getByLabel('Password').fill(PASSWORD);
  await snap(page, 'auth-sign-up-phone');
  await form.getByRole('button', { name: 'Create account' }).click();

  const step = page.getByRole('form', { name: 'Confirm your phone' });
  await expect(step).toBeVisible();
  await step.getByLabel('Code from the text message').fill(await textedCode(phoneNumber, asked));
  await snap(page, 'auth-phone-code');
  await step.getByRole('button', { name: 'Confirm and sign in' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Pat' })).toBeVisible();
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await expect(page.getByRole('menu').getByText(phoneNumber)).toBeVisible();
  await page.keyboard.press('Escape');

  await signOutFromMenu(page);
  const signIn = page.getByRole('form', { name: 'Sign in' });
  await signIn.getByLabel('Email or phone').fill(phoneNumber);
  await signIn.getByLabel('Password').fill(PASSWORD);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Pat' })).toBeVisible();

  // Forgot the password: a texted code sets a new one.
  await signOutFromMenu(page);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page
    .getByRole('button', { name: 'Signed up with a phone number? Reset by text message' })
    .click();
  const resetAsked = new Date();
  const numberForm = page.getByRole('form', { name: 'Reset password by text message' });
  await numberForm.getByLabel('Phone').fill(phoneNumber);
  await numberForm.getByRole('button', { name: 'Text me a code' }).click();
  const resetForm = page.getByRole('form', { name: 'Choose a new password' });
  await resetForm
    .getByLabel('Code from the text message')
    .fill(await textedCode(phoneNumber, resetAsked));
  await resetForm.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
  await resetForm.getByLabel('Repeat the new password').fill('a brand new passphrase');
  await snap(page, 'auth-phone-password-reset');
  await resetForm.getByRole('button', { name: 'Save new password' }).click();
  await expect(
    page.getByText('Your password was changed. Sign in with the new one.'),
  ).toBeVisible();
  const again = page.getByRole('form', { name: 'Sign in' });
  await again.getByLabel('Email or phone').fill(phoneNumber);
  await again.getByLabel('Password').fill('a brand new passphrase');
  await again.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Pat' })).toBeVisible();
});
