import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import {
  category,
  CATEGORY_ID,
  item,
  itemDetail,
  ITEM_ID,
  locations,
  VAN_ID,
  WAREHOUSE_ID,
} from '@/entities/inventory/test/fixtures';
import { InventoryItemPage } from './inventory-item-page';

const ok = (body: unknown) => () => ({ status: 200, body });
const BASE = {
  'GET /api/inventory/categories': ok([category()]),
  'GET /api/inventory/locations': ok(locations()),
  [`GET /api/inventory/items/${ITEM_ID}`]: ok(itemDetail()),
};

function renderItem() {
  return renderRoute(<InventoryItemPage />, {
    me: makeMe({ role: 'manager' }),
    path: `/inventory/items/${ITEM_ID}`,
    routePath: '/inventory/items/:id',
  });
}

describe('/inventory/items/:id', () => {
  it('when it opens, then it shows the stock per location, the history and the forecast', async () => {
    mockApi(BASE);
    renderItem();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cleaning Solution' }),
    ).toBeInTheDocument();
    const stock = screen.getByRole('list', { name: 'Stock per location' });
    expect(within(stock).getByText('6 bottles')).toBeInTheDocument();
    expect(within(stock).getByText('2 bottles')).toBeInTheDocument();
    expect(screen.getByText('Runs out around Dec 4, 2026; order 12 bottles')).toBeInTheDocument();
    const history = screen.getByRole('list', { name: 'Movement history' });
    expect(within(history).getByText('Received')).toBeInTheDocument();
  });

  it('when the server refuses a use, then its message shows in the dialog', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      ...BASE,
      'POST /api/inventory/movements': () => ({
        status: 409,
        body: {
          code: 'CONFLICT',
          message:
            'Only 2 bottles of Cleaning Solution left there: the stock cannot go below zero.',
        },
      }),
    });
    renderItem();
    await user.click(await screen.findByRole('button', { name: 'Use stock' }));
    const dialog = await screen.findByRole('dialog', { name: /Use stock/ });
    await user.type(within(dialog).getByLabelText('Quantity (bottle)'), '3');
    await user.selectOptions(within(dialog).getByLabelText('From'), VAN_ID);
    await user.click(within(dialog).getByRole('button', { name: 'Record use' }));

    expect(
      await within(dialog).findByText(
        'Only 2 bottles of Cleaning Solution left there: the stock cannot go below zero.',
      ),
    ).toBeInTheDocument();
    const sent = calls.find((c) => c.key === 'POST /api/inventory/movements')?.body;
    expect(sent).toMatchObject({
      kind: 'used',
      itemId: ITEM_ID,
      quantity: 3,
      fromLocationId: VAN_ID,
      clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('when a decimal is typed for a whole-number unit, then nothing is sent', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(BASE);
    renderItem();
    await user.click(await screen.findByRole('button', { name: 'Transfer stock' }));
    const dialog = await screen.findByRole('dialog', { name: /Transfer stock/ });
    await user.type(within(dialog).getByLabelText('Quantity (bottle)'), '1.5');
    await user.selectOptions(within(dialog).getByLabelText('From'), WAREHOUSE_ID);
    await user.selectOptions(within(dialog).getByLabelText('To'), WAREHOUSE_ID);
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(
      within(dialog).getByText('This item is counted in whole bottles: enter a whole number.'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Choose two different locations to transfer between.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);
  });

  it('when the item is edited, then every field goes in the body; a decimal for a whole unit is refused first', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      ...BASE,
      [`PUT /api/inventory/items/${ITEM_ID}`]: ok(item({ name: 'Glass cleaner' })),
    });
    renderItem();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit item' });
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Glass cleaner');
    const point = within(dialog).getByLabelText('Reorder point');
    await user.clear(point);
    await user.type(point, '2.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save item' }));
    expect(
      within(dialog).getByText('This item is counted in whole bottles: enter a whole number.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith('PUT'))).toBe(false);

    await user.selectOptions(within(dialog).getByLabelText('Unit'), 'litre');
    const cost = within(dialog).getByLabelText('Cost $');
    await user.clear(cost);
    await user.type(cost, '5.25');
    await user.type(within(dialog).getByLabelText(/Sale price/), '9.99');
    await user.selectOptions(
      within(dialog).getByLabelText(/Calculator tool/),
      'Bathroom Cleaning Kit',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save item' }));

    await screen.findByText('Item saved');
    expect(calls.find((c) => c.key === `PUT /api/inventory/items/${ITEM_ID}`)?.body).toEqual({
      name: 'Glass cleaner',
      sku: 'CS-1',
      categoryId: CATEGORY_ID,
      unit: 'litre',
      kind: 'consumable',
      costCents: 525,
      salePriceCents: 999,
      reorderPoint: 2.5,
      reorderQuantity: 12,
      supplier: 'Acme Supply',
      calculatorTool: 'Bathroom Cleaning Kit',
    });
  });

  it('when the item does not exist, then it says so', async () => {
    mockApi({
      ...BASE,
      [`GET /api/inventory/items/${ITEM_ID}`]: () => ({
        status: 404,
        body: { code: 'NOT_FOUND', message: 'Item not found' },
      }),
    });
    renderItem();
    expect(await screen.findByText('Item not found')).toBeInTheDocument();
  });
});
