import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { ImportItemsDialog } from './inventory-dialogs';

const CSV = 'Name,SKU,Cost\nMop,MOP-1,3.50\n,,1\n';

const PREVIEW = {
  headers: ['Name', 'SKU', 'Cost'],
  suggestedMapping: {
    name: 'Name',
    sku: 'SKU',
    category: null,
    unit: null,
    kind: null,
    cost: 'Cost',
    salePrice: null,
    reorderPoint: null,
    reorderQuantity: null,
    supplier: null,
    calculatorTool: null,
  },
  rowCount: 2,
  sampleRows: [
    ['Mop', 'MOP-1', '3.50'],
    ['', '', '1'],
  ],
};

describe('Import items', () => {
  it('when a file is chosen and checked, then its columns are mapped and each wrong row is listed by its number', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'POST /api/inventory/items/import/preview': () => ({ status: 200, body: PREVIEW }),
      'POST /api/inventory/items/import': () => ({
        status: 200,
        body: {
          imported: 0,
          created: 0,
          updated: 0,
          categoriesCreated: 0,
          errors: [{ row: 3, messages: ['Item name is required.'] }],
        },
      }),
    });
    renderRoute(<ImportItemsDialog open onOpenChange={() => {}} />, {
      me: makeMe({ role: 'manager' }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Import items' });
    await user.upload(
      within(dialog).getByLabelText('CSV file'),
      new File([CSV], 'items.csv', { type: 'text/csv' }),
    );

    const name = await within(dialog).findByRole('combobox', { name: 'Column for Name' });
    expect(name).toHaveValue('Name');
    expect(within(dialog).getByRole('combobox', { name: 'Column for SKU' })).toHaveValue('SKU');
    expect(within(dialog).getByRole('combobox', { name: 'Column for Unit' })).toHaveValue('');
    expect(calls[0]).toEqual({
      key: 'POST /api/inventory/items/import/preview',
      body: { csv: CSV },
    });

    // Without a column for the name nothing can be checked.
    await user.selectOptions(name, '');
    expect(within(dialog).getByText('Choose a column for Name.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Check rows' })).toBeDisabled();
    await user.selectOptions(name, 'Name');

    await user.click(within(dialog).getByRole('button', { name: 'Check rows' }));
    const errors = await within(dialog).findByRole('list', { name: 'Rows with errors' });
    expect(errors).toHaveTextContent('Row 3: Item name is required.');
    expect(calls[1]).toEqual({
      key: 'POST /api/inventory/items/import',
      body: {
        csv: CSV,
        mapping: PREVIEW.suggestedMapping,
        mode: 'all-or-nothing',
        dryRun: true,
      },
    });
    expect(within(dialog).getByRole('button', { name: 'Import 2 items' })).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Only the 1 valid row' }));
    expect(within(dialog).getByRole('button', { name: 'Import 1 item' })).toBeEnabled();
  });
});
