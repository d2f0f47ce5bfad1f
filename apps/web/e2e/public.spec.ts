import { expect, snap, test } from './fixtures';

test('a visitor sees not-found for an unknown address', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('/this/does/not/exist')).toBeVisible();
  await snap(page, 'not-found');
});

test('a visitor is sent to sign in, keeping the return path', async ({ page }) => {
  await page.goto('/jobs?view=week');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fjobs%3Fview%3Dweek$/);
  await expect(page.getByText('Sign in to continue to the page you asked for.')).toBeVisible();
});

test('the help center is searchable', async ({ page }) => {
  await page.goto('/help-center');
  await expect(page.getByRole('heading', { level: 1, name: 'Help center' })).toBeVisible();
  await snap(page, 'help-center');
  await page.getByRole('searchbox', { name: 'Search help articles' }).fill('backup');
  await expect(page.getByRole('link', { name: /Running your own installation/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Invoices and payments/ })).toBeHidden();
  await page.getByRole('link', { name: /Running your own installation/ }).click();
  await expect(page.getByRole('heading', { name: /Running your own installation/ })).toBeVisible();
  await snap(page, 'help-center-article');
});

test('the contact form stores the message and acknowledges it', async ({ page }) => {
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Please enter your name.')).toBeVisible();
  await snap(page, 'contact-errors');

  await page.getByLabel('Name').fill('Grace Visitor');
  await page.getByLabel('Email').fill('grace@example.com');
  await page.getByLabel('Subject').fill('Question about backups');
  await page.getByLabel('Message').fill('How often should I back up the data folder?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(
    page.getByText('Thank you, Grace Visitor. Your message has been received.'),
  ).toBeVisible();
  await expect(page.getByText(/Reference /)).toBeVisible();
  await snap(page, 'contact-sent');
});

test('terms and privacy are readable', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
  await snap(page, 'terms');
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();
  await expect(page.getByText(/No telemetry/)).toBeVisible();
  await snap(page, 'privacy');
});
