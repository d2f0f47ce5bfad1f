import { format } from 'date-fns';
import { expect, inviteTeamMember, signUp, snap, test, uniqueEmail } from './fixtures';
import { acceptedQuote } from './records';

test('a manager stocks an item and sends some to a van; a team member confirms the visit’s pre-filled materials; the stock goes down, the visit shows its material cost, and the item at its reorder point reaches the bell and the reorder list', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const tag = Math.random().toString(36).slice(2, 6);
  await signUp(page, {
    email: uniqueEmail('stock-owner'),
    password: 'correct horse battery',
    firstName: 'Stella',
    lastName: 'Keeper',
    businessName: `Stocked Cleaning ${tag}`,
  });
  const crew = await inviteTeamMember(page, browser, testInfo, `Vance Driver${tag}`);
  const team = (await (await page.request.get('/api/team/employees?limit=100')).json()) as {
    items: { id: string; firstName: string }[];
  };
  const crewId = team.items.find((e) => e.firstName === 'Vance')!.id;
  // The crew member's van (the locations dialog is walked in the web tests).
  const van = await page.request.post('/api/inventory/locations', {
    data: { name: `Vance's van ${tag}`, kind: 'van', employeeId: crewId },
  });
  expect(van.status(), await van.text()).toBe(201);
  const vanId = ((await van.json()) as { id: string }).id;

  // A category and an item linked to the calculator's cleaning solution.
  await page.goto('/inventory');
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Add category' }).click();
  const categoryForm = page.getByRole('form', { name: 'Add category' });
  await categoryForm.getByLabel('Name').fill('Chemicals');
  await categoryForm.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByRole('navigation', { name: 'Categories' })).toContainText('Chemicals');

  const itemName = `Cleaning Solution ${tag}`;
  await page.getByRole('button', { name: 'Add item' }).first().click();
  const itemForm = page.getByRole('form', { name: 'Add item' });
  await itemForm.getByLabel(/^Name/).fill(itemName);
  await itemForm.getByLabel(/^Category/).selectOption({ label: 'Chemicals' });
  await itemForm.getByLabel(/^Unit/).selectOption('bottle');
  await itemForm.getByLabel(/^Kind/).selectOption('consumable');
  await itemForm.getByLabel(/^Cost \$/).fill('5');
  await itemForm.getByLabel(/^Reorder point/).fill('4');
  await itemForm.getByLabel(/^Reorder quantity/).fill('12');
  await itemForm.getByLabel(/^Calculator tool/).selectOption('Cleaning Solution');
  await itemForm.getByRole('button', { name: 'Add item' }).click();
  await page.getByRole('link', { name: itemName }).first().click();
  await expect(page).toHaveURL(/\/inventory\/items\/[0-9a-f-]{36}$/);
  const itemId = page.url().split('/').pop()!;

  // Six bottles arrive at the warehouse; four go to the van.
  const actions = page.getByRole('toolbar', { name: 'Stock actions' });
  await actions.getByRole('button', { name: 'Receive stock' }).click();
  const receive = page.getByRole('form', { name: 'Receive stock' });
  await receive.getByLabel(/^Quantity/).fill('6');
  await receive.getByRole('button', { name: 'Receive' }).click();
  await expect(receive).toBeHidden();
  await actions.getByRole('button', { name: 'Transfer stock' }).click();
  const transfer = page.getByRole('form', { name: 'Transfer stock' });
  await transfer.getByLabel(/^Quantity/).fill('4');
  await transfer.getByLabel(/^To/).selectOption(vanId);
  await transfer.getByRole('button', { name: 'Transfer' }).click();
  await expect(transfer).toBeHidden();
  const stockOf = async () =>
    (
      (await (await page.request.get(`/api/inventory/items/${itemId}`)).json()) as {
        item: { onHand: number };
        stock: { locationName: string; onHand: number }[];
      }
    ).stock;
  expect((await stockOf()).map((s) => s.onHand).sort()).toEqual([2, 4]);
  await snap(page, 'inventory-item');

  // An accepted quote for a 1,500 sq ft home becomes today's visit for the crew member.
  const quote = await acceptedQuote(page.request, `Quin Stock${tag}`);
  const scheduled = await page.request.post(`/api/requests/${quote.id}/schedule-job`);
  expect(scheduled.status(), await scheduled.text()).toBe(201);
  const job = (await scheduled.json()) as {
    id: string;
    title: string;
    customerId: string | null;
    location: string | null;
    priceCents: number;
  };
  const planned = await page.request.put(`/api/jobs/${job.id}`, {
    data: {
      title: job.title,
      customerId: job.customerId,
      location: job.location ?? '12 Elm St, Austin, TX 78701',
      priceCents: job.priceCents,
      assigneeIds: [crewId],
      startsAt: `${format(new Date(), 'yyyy-MM-dd')}T09:00:00`,
    },
  });
  expect(planned.status(), await planned.text()).toBe(200);

  // On the phone: the calculator's two bottles (1,500 sq ft) are already there; confirm, finish.
  const phone = crew.phone;
  await phone.goto(`/jobs/${job.id}`);
  await phone.getByRole('button', { name: 'Start visit' }).click();
  const materials = phone.getByRole('form', { name: 'Materials used' });
  await expect(materials.getByRole('list', { name: 'Materials' })).toContainText(itemName);
  await expect(materials.getByRole('textbox', { name: `${itemName} bottle` })).toHaveValue('2');
  // The crew member chooses between their van and the warehouse, each with its stock.
  const from = materials.getByRole('combobox', { name: `Where ${itemName} comes from` });
  await expect(from).toHaveValue(vanId);
  await expect(from.locator('option')).toContainText([
    'Warehouse (2 bottles on hand)',
    `Vance's van ${tag} (4 bottles on hand)`,
  ]);
  await materials.getByRole('button', { name: 'Confirm materials' }).click();
  await expect(phone.getByText('Materials recorded')).toBeVisible();
  await snap(phone, 'inventory-visit-materials');
  await phone.getByRole('button', { name: 'Complete visit' }).click();
  await expect(phone.getByText('Completed').first()).toBeVisible();

  // The van gave two bottles: four left in all, the reorder point.
  expect((await stockOf()).map((s) => s.onHand).sort()).toEqual([2, 2]);

  // The office: the visit's material cost, the bell, and the reorder list with its forecast.
  await page.goto(`/jobs/${job.id}`);
  await expect(page.getByText(/material cost \$10\.00/)).toBeVisible();
  await snap(page, 'inventory-visit-materials');
  await page.goto('/notifications');
  await expect(page.getByText(`Time to reorder ${itemName}`).first()).toBeVisible();
  await page.goto('/inventory?view=reorder');
  const row = page.getByRole('row').filter({ hasText: itemName });
  await expect(row).toBeVisible();
  await expect(row).toContainText('12 bottles');
  await snap(page, 'inventory-reorder');

  // The items export goes back in through the import: the item is updated, not added twice.
  const exported = await (await page.request.get('/api/inventory/items.csv')).text();
  await page.goto('/inventory');
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Import CSV' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import items' });
  await importDialog.getByLabel('CSV file').setInputFiles({
    name: 'items.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(exported),
  });
  await expect(importDialog.getByRole('combobox', { name: 'Column for SKU' })).toHaveValue('SKU');
  await importDialog.getByRole('button', { name: 'Check rows' }).click();
  await expect(importDialog.getByText('The row is ready to import.')).toBeVisible();
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 375, height: 812 });
  await snap(page, 'inventory-import');
  await page.setViewportSize(viewport);
  await snap(page, 'inventory-import');
  await importDialog.getByRole('button', { name: 'Import 1 item' }).click();
  await expect(importDialog.getByText('1 item imported (0 new, 1 updated).')).toBeVisible();
  const items = (await (await page.request.get('/api/inventory/items?limit=200')).json()) as {
    total: number;
  };
  expect(items.total).toBe(1);
  await importDialog.getByRole('button', { name: 'Done' }).click();

  // The inventory settings live in Settings.
  await page.goto('/settings?section=inventory');
  await expect(page.getByRole('checkbox', { name: 'Allow negative stock' })).not.toBeChecked();
  await page.setViewportSize({ width: 375, height: 812 });
  await snap(page, 'settings-inventory');
  await page.setViewportSize(viewport);
  await snap(page, 'settings-inventory');
  await crew.context.close();
});
