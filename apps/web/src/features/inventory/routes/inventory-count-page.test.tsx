import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { item, itemList, ITEM_ID, locations, VAN_ID } from '@/entities/inventory/test/fixtures';
import { InventoryCountPage } from './inventory-count-page';

const ok = (body: unknown) => () => ({ status: 200, body });
const CLOTHS = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

describe('/inventory/counts/:id', () => {
  it('when counted quantities are entered, then the differences show and the count sends the counted lines with the reason', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/inventory/locations': ok(locations()),
      [`GET /api/inventory/items?locationId=${VAN_ID}&limit=200`]: ok(
        itemList([
          item({ onHand: 2 }),
          item({ id: CLOTHS, name: 'Microfiber cloths', unit: 'pack', onHand: 4 }),
        ]),
      ),
      'POST /api/inventory/counts': () => ({
        status: 201,
        body: { adjustments: [] },
      }),
    });
    renderRoute(<InventoryCountPage />, {
      me: makeMe({ role: 'manager' }),
      path: `/inventory/counts/${VAN_ID}`,
      routePath: '/inventory/counts/:id',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Count: Van 1' }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Items to count' });
    const rows = within(table).getAllByRole('row').slice(1);

    await user.type(within(rows[0]!).getByLabelText('Cleaning Solution'), '1');
    await user.type(within(rows[1]!).getByLabelText('Microfiber cloths'), '4');
    expect(within(rows[0]!).getByText('−1')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Matches')).toBeInTheDocument();
    expect(screen.getByText('2 of 2 counted · 1 difference')).toBeInTheDocument();

    // No reason yet: nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Confirm count' }));
    expect(
      screen.getByText('Say why the count changed (for example: counted on the shelf).'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);

    await user.type(screen.getByLabelText('Reason'), 'Monthly count');
    await user.click(screen.getByRole('button', { name: 'Confirm count' }));
    expect(await screen.findByText(/Count recorded: everything matched/)).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/inventory/counts')?.body).toEqual({
      clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      locationId: VAN_ID,
      reason: 'Monthly count',
      lines: [
        { itemId: ITEM_ID, counted: 1 },
        { itemId: CLOTHS, counted: 4 },
      ],
    });
  });

  it('when a decimal is counted for a whole-number unit, then the line says so', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/inventory/locations': ok(locations()),
      [`GET /api/inventory/items?locationId=${VAN_ID}&limit=200`]: ok(itemList([item()])),
    });
    renderRoute(<InventoryCountPage />, {
      me: makeMe({ role: 'manager' }),
      path: `/inventory/counts/${VAN_ID}`,
      routePath: '/inventory/counts/:id',
    });
    await user.type(await screen.findByLabelText('Cleaning Solution'), '1.5');
    expect(
      screen.getByText('This item is counted in whole bottles: enter a whole number.'),
    ).toBeInTheDocument();
  });

  it('when the location does not exist, then it says so without asking for its stock', async () => {
    const { calls } = mockApi({ 'GET /api/inventory/locations': ok(locations()) });
    renderRoute(<InventoryCountPage />, {
      me: makeMe({ role: 'manager' }),
      path: '/inventory/counts/12121212-1212-4212-8212-121212121212',
      routePath: '/inventory/counts/:id',
    });
    expect(await screen.findByText('Location not found')).toBeInTheDocument();
    expect(calls.map((c) => c.key)).toEqual(['GET /api/inventory/locations']);
  });
});
