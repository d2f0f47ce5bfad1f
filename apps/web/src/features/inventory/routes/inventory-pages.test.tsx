import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import {
  category,
  CATEGORY_ID,
  item,
  itemList,
  locations,
  VAN_ID,
} from '@/entities/inventory/test/fixtures';
import { InventoryCategoryPage, InventoryPage } from './inventory-pages';

const ok = (body: unknown) => () => ({ status: 200, body });
const BASE = {
  'GET /api/inventory/categories': ok([category()]),
  'GET /api/inventory/locations': ok(locations()),
  'GET /api/inventory/items?limit=50': ok(itemList([item()], 12345)),
};

describe('/inventory', () => {
  it('when filters are chosen, then they go into the address and the list’s query string', async () => {
    const user = userEvent.setup();
    const low = item({
      id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
      name: 'Microfiber cloths',
      low: true,
      onHand: 2,
    });
    const { calls } = mockApi({
      ...BASE,
      [`GET /api/inventory/items?locationId=${VAN_ID}&limit=50`]: ok(itemList()),
      [`GET /api/inventory/items?locationId=${VAN_ID}&low=true&limit=50`]: ok(itemList([low], 905)),
    });
    const { router } = renderRoute(<InventoryPage />, {
      me: makeMe({ role: 'manager' }),
      path: '/inventory',
    });

    const table = await screen.findByRole('table', { name: 'Items' });
    expect(within(table).getByRole('link', { name: 'Cleaning Solution' })).toHaveAttribute(
      'href',
      expect.stringContaining('/inventory/items/'),
    );
    expect(screen.getByText(/Stock on hand at cost/)).toHaveTextContent(
      'Stock on hand at cost: $123.45',
    );

    await user.selectOptions(await screen.findByLabelText('Location'), VAN_ID);
    await user.click(screen.getByRole('checkbox', { name: 'Low stock only' }));

    const filtered = await screen.findByRole('table', { name: 'Items' });
    expect(
      await within(filtered).findByRole('link', { name: 'Microfiber cloths' }),
    ).toBeInTheDocument();
    expect(within(filtered).getByText('Low stock')).toBeInTheDocument();
    expect(screen.getByText(/Stock on hand at cost/)).toHaveTextContent('$9.05');
    expect(calls.map((c) => c.key)).toContain(
      `GET /api/inventory/items?locationId=${VAN_ID}&low=true&limit=50`,
    );
    expect(router.state.location.search).toBe(`?location=${VAN_ID}&low=true`);
  });

  it('when a low-stock filter is in the address, then the list asks for it at once', async () => {
    const { calls } = mockApi({
      ...BASE,
      'GET /api/inventory/items?low=true&limit=50': ok(itemList([])),
    });
    renderRoute(<InventoryPage />, { me: makeMe({ role: 'admin' }), path: '/inventory?low=true' });
    expect(await screen.findByText('No matching items')).toBeInTheDocument();
    expect(calls.map((c) => c.key)).toContain('GET /api/inventory/items?low=true&limit=50');
  });

  it('when the reorder view is open, then it shows what to order and the forecast', async () => {
    const user = userEvent.setup();
    mockApi({
      ...BASE,
      'GET /api/inventory/reorder': ok({
        items: [
          {
            item: item({ low: true, onHand: 4 }),
            forecast: {
              plannedUse: 6,
              runsOutOn: '2026-12-04',
              reachesReorderPointOn: '2026-11-25',
              orderQuantity: 12,
            },
          },
        ],
      }),
    });
    const { router } = renderRoute(<InventoryPage />, {
      me: makeMe({ role: 'manager' }),
      path: '/inventory',
    });
    await user.click(await screen.findByRole('button', { name: 'To reorder' }));
    const table = await screen.findByRole('table', { name: 'To reorder' });
    expect(within(table).getByText('12 bottles')).toBeInTheDocument();
    expect(
      within(table).getByText('Runs out around Dec 4, 2026; order 12 bottles'),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?view=reorder');
  });

  it('when a van is added for a team member, then the location is sent with them', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      ...BASE,
      'GET /api/team/employees/options': ok([
        { id: 'abababab-abab-4bab-8bab-abababababab', firstName: 'Sam', lastName: 'Diaz' },
      ]),
      'POST /api/inventory/locations': () => ({
        status: 201,
        body: {
          id: 'acacacac-acac-4cac-8cac-acacacacacac',
          name: 'Sam’s van',
          kind: 'van',
          employeeId: 'abababab-abab-4bab-8bab-abababababab',
          employeeName: 'Sam Diaz',
        },
      }),
    });
    renderRoute(<InventoryPage />, { me: makeMe({ role: 'manager' }), path: '/inventory' });
    await screen.findByRole('table', { name: 'Items' });
    await user.click(screen.getByRole('button', { name: 'More' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Manage locations' }));
    const dialog = await screen.findByRole('dialog', { name: 'Locations' });
    expect(within(dialog).getByText('Van · Sam Diaz')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add location' }));
    await user.type(within(dialog).getByLabelText('Name'), 'Sam’s van');
    await user.selectOptions(
      await within(dialog).findByLabelText(/Team member/),
      'abababab-abab-4bab-8bab-abababababab',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add location' }));
    await screen.findByText('Location added');
    expect(calls.find((c) => c.key === 'POST /api/inventory/locations')?.body).toEqual({
      name: 'Sam’s van',
      kind: 'van',
      employeeId: 'abababab-abab-4bab-8bab-abababababab',
    });
  });

  it('when the list fails, then it says so and can try again', async () => {
    mockApi({
      ...BASE,
      'GET /api/inventory/items?limit=50': () => ({
        status: 500,
        body: { code: 'INTERNAL', message: 'Boom' },
      }),
    });
    renderRoute(<InventoryPage />, { me: makeMe({ role: 'manager' }), path: '/inventory' });
    expect(await screen.findByText('Could not load the items')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled());
  });
});

describe('/inventory/{category}', () => {
  it('when the slug is a category, then the list is that category’s with its name as the title', async () => {
    const { calls } = mockApi({
      ...BASE,
      'GET /api/inventory/items?category=chemicals&limit=50': ok(itemList()),
    });
    renderRoute(<InventoryCategoryPage />, {
      me: makeMe({ role: 'manager' }),
      path: '/inventory/chemicals',
      routePath: '/inventory/:category',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Chemicals' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Items' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Chemicals (1)' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(calls.map((c) => c.key)).toContain(
      'GET /api/inventory/items?category=chemicals&limit=50',
    );
  });

  it('when an item is added on a category page, then the body carries that category and the defaults', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      ...BASE,
      'GET /api/inventory/items?category=chemicals&limit=50': ok(itemList([])),
      'POST /api/inventory/items': () => ({ status: 201, body: item({ name: 'Degreaser' }) }),
    });
    renderRoute(<InventoryCategoryPage />, {
      me: makeMe({ role: 'admin' }),
      path: '/inventory/chemicals',
      routePath: '/inventory/:category',
    });
    expect(await screen.findByText('No items in this category yet')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Add item' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add item' });
    await user.click(within(dialog).getByRole('button', { name: 'Add item' }));
    expect(within(dialog).getByText('Item name is required.')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Name'), 'Degreaser');
    await user.selectOptions(within(dialog).getByLabelText('Unit'), 'gallon');
    await user.type(within(dialog).getByLabelText('Cost $'), '14');
    const point = within(dialog).getByLabelText('Reorder point');
    await user.clear(point);
    await user.type(point, '1.5');
    await user.click(within(dialog).getByRole('button', { name: 'Add item' }));

    await screen.findByText('Item added');
    expect(calls.find((c) => c.key === 'POST /api/inventory/items')?.body).toEqual({
      name: 'Degreaser',
      sku: '',
      categoryId: CATEGORY_ID,
      unit: 'gallon',
      kind: 'consumable',
      costCents: 1400,
      salePriceCents: null,
      reorderPoint: 1.5,
      reorderQuantity: 0,
      supplier: '',
      calculatorTool: null,
    });
  });

  it('when the category is renamed, then its page moves to the new slug', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      ...BASE,
      'GET /api/inventory/items?category=chemicals&limit=50': ok(itemList()),
      [`PUT /api/inventory/categories/${CATEGORY_ID}`]: ok(
        category({ name: 'Cleaning chemicals', slug: 'cleaning-chemicals' }),
      ),
    });
    const { router } = renderRoute(<InventoryCategoryPage />, {
      me: makeMe({ role: 'manager' }),
      path: '/inventory/chemicals',
      routePath: '/inventory/:category',
    });
    await screen.findByRole('table', { name: 'Items' });
    await user.click(screen.getByRole('button', { name: 'More' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename category' });
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Cleaning chemicals');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await screen.findByText('Category renamed');
    expect(calls.find((c) => c.key.startsWith('PUT'))?.body).toEqual({
      name: 'Cleaning chemicals',
    });
    expect(router.state.location.pathname).toBe('/inventory/cleaning-chemicals');
  });

  it('when the slug is unknown, then it says so', async () => {
    mockApi({
      ...BASE,
      'GET /api/inventory/items?category=nope&limit=50': () => ({
        status: 404,
        body: { code: 'NOT_FOUND', message: 'Category not found' },
      }),
    });
    renderRoute(<InventoryCategoryPage />, {
      me: makeMe({ role: 'manager' }),
      path: '/inventory/nope',
      routePath: '/inventory/:category',
    });
    expect(await screen.findByText('No such category')).toBeInTheDocument();
  });
});
