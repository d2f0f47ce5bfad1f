import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, signOutFromMenu, signUp, snap, test, uniqueEmail } from './fixtures';

const PASSWORD = 'correct horse battery';

async function openAddContact(page: Page) {
  await page.getByRole('button', { name: 'Add contact' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add New Contact' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A spreadsheet of contacts the way another tool might export them. */
function spreadsheet(): string {
  const rows = [
    'First Name,Last Name,Email,Phone,Company,Type,Source,City',
    'Grace,Hopper,grace@navy.test,555 010 0101,Navy Yard,residential,referral,Arlington',
    'Greta,Garbo,greta@films.test,555 010 0102,,residential,website,Stockholm',
    'Grant,Wood,grant@art.test,555 010 0103,Iowa Art,commercial,advertising,Cedar Rapids',
    'Gregory,Peck,greg@films.test,555 010 0104,,commercial,referral,La Jolla',
    'Gretchen,Carlson,gretchen@news.test,555 010 0105,News Co,commercial,cold_call,Anoka',
    'Griffin,Dunne,griffin@films.test,555 010 0106,,residential,walk_in,New York',
    'Bad,Row,not-an-email,555,,commercial,website,Nowhere',
  ];
  return `${rows.join('\n')}\n`;
}

test('an owner manages contacts: every field, validation, cancel, edit, search box, CSV round trip and delete', async ({
  page,
}, testInfo) => {
  // One long walk through every contact screen: ~45 s alone, more beside another worker.
  test.setTimeout(120_000);
  await signUp(page, {
    email: uniqueEmail('contacts'),
    password: PASSWORD,
    firstName: 'Cora',
    lastName: 'Contacts',
    businessName: 'Cora Cleaning',
  });
  await page.goto('/customers');
  await expect(page.getByRole('region', { name: 'No contacts yet' })).toBeVisible();

  // Cancel goes through the confirmation.
  let dialog = await openAddContact(page);
  await dialog.getByLabel('First name').fill('Temp');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel Contact Creation' });
  await expect(
    confirm.getByText('Are you sure you want to cancel? All unsaved changes will be lost.'),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Continue Editing' }).click();
  await expect(dialog.getByLabel('First name')).toHaveValue('Temp');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await confirm.getByRole('button', { name: 'Yes, Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Every field, with each validation message on the way.
  dialog = await openAddContact(page);
  await dialog.getByLabel('First name').fill('A');
  await expect(dialog.getByText('First name must be at least 2 characters.')).toBeVisible();
  await dialog.getByLabel('First name').fill('Ada');
  await dialog.getByLabel('Last name').fill('L');
  await expect(dialog.getByText('Last name must be at least 2 characters.')).toBeVisible();
  await dialog.getByLabel('Last name').fill('Lovelace');
  await dialog.getByLabel('Email').fill('ada@');
  await expect(dialog.getByText('Please enter a valid email address.')).toBeVisible();
  await dialog.getByLabel('Email').fill('ada@engines.test');
  await dialog.getByLabel('Phone').fill('555');
  await expect(dialog.getByText('Please enter a valid phone number.')).toBeVisible();
  await dialog.getByLabel('Phone').fill('555 010 0199');
  await dialog.getByLabel(/Company/).fill('Analytical Engines');
  await dialog.getByRole('button', { name: 'Residential' }).click();
  await dialog.getByRole('button', { name: 'Referral' }).click();
  // The address comes from the offline gazetteer and fills city, state, zip and coordinates.
  await dialog.getByPlaceholder('Search locations...').fill('97201');
  const suggestion = dialog.getByRole('option').first();
  await expect(suggestion).toContainText('Portland');
  await suggestion.click();
  await expect(dialog.getByLabel(/City/)).toHaveValue('Portland');
  await expect(dialog.getByLabel(/Zip code/)).toHaveValue('97201');
  await expect(dialog.getByLabel(/State/)).not.toHaveValue('');
  await dialog.getByLabel(/WhatsApp/).fill('+1 555 010 0199');
  await dialog.getByLabel(/Facebook/).fill('ada.lovelace');
  await dialog.getByLabel(/Instagram/).fill('@ada');
  // The team-member picker: choosing the current one again clears it.
  const picker = dialog.getByRole('combobox', { name: /Assigned to/ });
  await picker.click();
  await page.getByPlaceholder('Search team member...').fill('Cora');
  await page.getByRole('option', { name: /Cora Contacts/ }).click();
  await expect(picker).toContainText('Cora Contacts');
  await picker.click();
  await page.getByRole('option', { name: /Cora Contacts/ }).click();
  await expect(picker).toContainText('Select team member...');
  await picker.click();
  await page.getByRole('option', { name: /Cora Contacts/ }).click();
  await snap(page, 'contact-dialog-filled');
  await dialog.getByRole('button', { name: 'Save Contact' }).click();
  await expect(page.getByText('New contact has been successfully added.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: 'Ada Lovelace' }).first()).toBeVisible();

  // Edit.
  await page.getByRole('button', { name: 'Edit Ada Lovelace' }).first().click();
  const edit = page.getByRole('dialog', { name: 'Edit Contact' });
  await expect(edit.getByLabel('Email')).toHaveValue('ada@engines.test');
  await edit.getByLabel('Phone').fill('555 010 0200');
  await edit.getByRole('button', { name: 'Save Contact' }).click();
  await expect(page.getByText('Contact has been successfully updated.')).toBeVisible();

  // The details page shows every field.
  await page.getByRole('link', { name: 'Ada Lovelace' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
  for (const text of [
    'ada@engines.test',
    '555 010 0200',
    'Residential',
    'Referral',
    'Cora Contacts',
    'Facebook: ada.lovelace',
  ]) {
    await expect(page.getByRole('main').getByText(text, { exact: false }).first()).toBeVisible();
  }
  await snap(page, 'contact-details');

  // Import a spreadsheet: one bad row is listed; only the valid rows are imported when chosen.
  await page.goto('/customers');
  await page
    .getByRole('button', { name: /Import/ })
    .first()
    .click();
  const importDialog = page.getByRole('dialog', { name: 'Import contacts' });
  await importDialog.getByLabel('CSV file').setInputFiles({
    name: 'contacts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(spreadsheet()),
  });
  await expect(importDialog.getByText('7 rows found.', { exact: false })).toBeVisible();
  await importDialog.getByRole('button', { name: 'Check rows' }).click();
  await expect(importDialog.getByRole('list', { name: 'Rows with errors' })).toContainText('Row');
  await snap(page, 'contacts-import-check');
  await importDialog.getByLabel('Only the 6 valid rows').check();
  await importDialog.getByRole('button', { name: 'Import 6 contacts' }).click();
  await expect(importDialog.getByText('6 contacts were imported.')).toBeVisible();
  await importDialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Showing 7 of 7')).toBeVisible();

  // The search box (Home): recent customers, 2 characters, at most 5 results, the empty message.
  await page.goto('/');
  const box = page.getByPlaceholder('Search customers...');
  await box.click();
  await expect(page.getByText('Recent Customers', { exact: true })).toBeVisible();
  await box.fill('gr');
  await expect(page.getByText('Search Results', { exact: true })).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(5);
  await box.fill('zzqq');
  await expect(page.getByText('No customers found for "zzqq".')).toBeVisible();
  // '+ Add New Customer' opens the dialog; the new contact becomes the selection.
  await page.getByRole('button', { name: '+ Add New Customer' }).click();
  const quick = page.getByRole('dialog', { name: 'Add New Contact' });
  await quick.getByLabel('First name').fill('Hedy');
  await quick.getByLabel('Last name').fill('Lamarr');
  await quick.getByLabel('Email').fill('hedy@radio.test');
  await quick.getByLabel('Phone').fill('555 010 0300');
  await quick.getByLabel(/Company/).fill('Frequency Hopping');
  await quick.getByRole('button', { name: 'Save Contact' }).click();
  await expect(page.getByRole('textbox', { name: /Find a customer/ })).toHaveValue(
    'Hedy Lamarr (Frequency Hopping)',
  );
  await snap(page, 'home-find-customer');

  // Export, then import into a fresh account: every field survives.
  await page.goto('/customers');
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: /Export/ }).click();
  const download = await downloading;
  const exported = readFileSync((await download.path()) ?? '', 'utf8');
  expect(exported).toContain('ada@engines.test');
  const exportPath = testInfo.outputPath('contacts-export.csv');
  await download.saveAs(exportPath);

  await signOutFromMenu(page);
  await signUp(page, {
    email: uniqueEmail('contacts-copy'),
    password: PASSWORD,
    firstName: 'Nia',
    lastName: 'Newcomer',
    businessName: 'Second Cleaning',
  });
  await page.goto('/customers');
  await page
    .getByRole('button', { name: /Import/ })
    .first()
    .click();
  const second = page.getByRole('dialog', { name: 'Import contacts' });
  await second.getByLabel('CSV file').setInputFiles(exportPath);
  // The first business's team members are not in this one: that column stays behind.
  await second.getByLabel('Column for Assigned To').selectOption('');
  await second.getByRole('button', { name: 'Check rows' }).click();
  await expect(second.getByText('All 8 rows are ready to import.')).toBeVisible();
  await second.getByRole('button', { name: 'Import 8 contacts' }).click();
  await expect(second.getByText('8 contacts were imported.')).toBeVisible();
  await second.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('link', { name: 'Ada Lovelace' }).first().click();
  for (const text of [
    'ada@engines.test',
    '555 010 0200',
    'Analytical Engines',
    'Residential',
    'Referral',
    'Portland',
    '97201',
    'Instagram: @ada',
  ]) {
    await expect(page.getByRole('main').getByText(text, { exact: false }).first()).toBeVisible();
  }

  // Delete, with the confirmation.
  await page.getByRole('button', { name: 'Delete' }).click();
  const remove = page.getByRole('alertdialog', { name: 'Delete Ada Lovelace?' });
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Ada Lovelace has been deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page.getByText('Showing 7 of 7')).toBeVisible();
});
