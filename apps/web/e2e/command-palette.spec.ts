import { expect, OWNER, signIn, test } from './fixtures';
import { seriousViolations } from './page-checks';
import { addClient } from './records';

/** Issue 25: Ctrl+K jumps to a screen or finds a record, with the keyboard alone. */
test('Ctrl+K opens the palette: a screen by its name, a contact by two letters', async ({
  page,
}) => {
  await signIn(page, OWNER.email, OWNER.password);
  const tag = Math.random().toString(36).slice(2, 6);
  const client = await addClient(page.request, 'Palette', `Person${tag}`);

  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: 'Go to a screen or a record' });
  await expect(palette).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.type('Invoices');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(palette).toBeHidden();

  await page.keyboard.press('Control+K');
  await page.keyboard.type(`Person${tag}`);
  await expect(
    palette.getByRole('option', { name: new RegExp(`Palette Person${tag}`) }),
  ).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await palette.getByRole('option', { name: new RegExp(`Palette Person${tag}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/customers/${client.id}$`));
});
