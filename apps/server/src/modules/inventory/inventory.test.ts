import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, type SignedInUser, type TestApp } from '../../../test/build-app.ts';
import { colleagueOf, createJobAs, type Colleague } from '../../../test/jobs.ts';
import { PNG } from '../../../test/images.ts';
import { until } from '../../../test/live.ts';
import { createRequestAs, ownerWithBusinessProfile } from '../../../test/requests.ts';
import {
  domainEvents,
  inventoryBalances,
  inventoryMovements,
  jobs,
  notifications,
} from '../../db/schema/index.ts';

/**
 * Inventory's API (issue 21) on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 * The app's clock is fixed so the forecast's four weeks are known (the business is in Chicago).
 */

const clock = new Date('2026-11-16T14:00:00Z'); // Monday 8:00 AM in Chicago
let t: TestApp;
let owner: SignedInUser;
let manager: Colleague;
let worker: Colleague;
let otherWorker: Colleague;
let sales: Colleague;
let stranger: SignedInUser;
let warehouseId: string;
let vanId: string;
let solutionId: string;

const as = (user: SignedInUser, options: InjectOptions) => asUser(t.app, user, options);

async function createItem(user: SignedInUser, body: Record<string, unknown>) {
  const res = await as(user, {
    method: 'POST',
    url: '/api/inventory/items',
    payload: { unit: 'each', kind: 'consumable', costCents: 100, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; onHand: number; low: boolean };
}

function move(user: SignedInUser, body: Record<string, unknown>) {
  return as(user, {
    method: 'POST',
    url: '/api/inventory/movements',
    payload: { clientId: randomUUID(), ...body },
  });
}

async function receive(itemId: string, quantity: number, toLocationId = warehouseId) {
  const res = await move(owner, { kind: 'received', itemId, quantity, toLocationId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function onHand(itemId: string, locationId: string, accountId = owner.accountId) {
  const [row] = await t.app.db
    .select({ onHand: inventoryBalances.onHand })
    .from(inventoryBalances)
    .where(
      and(
        eq(inventoryBalances.accountId, accountId),
        eq(inventoryBalances.itemId, itemId),
        eq(inventoryBalances.locationId, locationId),
      ),
    );
  return Number(row?.onHand ?? 0);
}

/** The ledger's own sum of an item at a location: what the cached balance must equal. */
async function ledgerSum(itemId: string, locationId: string) {
  const rows = await t.app.db
    .select()
    .from(inventoryMovements)
    .where(
      and(eq(inventoryMovements.accountId, owner.accountId), eq(inventoryMovements.itemId, itemId)),
    );
  let sum = 0;
  for (const r of rows) {
    const q = Math.round(Number(r.quantity) * 1000);
    if (r.toLocationId === locationId) sum += q;
    if (r.fromLocationId === locationId) sum -= q;
  }
  return sum / 1000;
}

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  owner = await ownerWithBusinessProfile(t.app);
  manager = await colleagueOf(t.app, owner, 'business_manager');
  worker = await colleagueOf(t.app, owner, 'team_member');
  otherWorker = await colleagueOf(t.app, owner, 'team_member');
  sales = await colleagueOf(t.app, owner, 'sales_person');
  stranger = await ownerWithBusinessProfile(t.app);
});

afterAll(() => t.close());

describe('locations and categories', () => {
  it('when a business first opens its inventory, then it has a Warehouse; a van is added for a team member', async () => {
    const first = await as(owner, { method: 'GET', url: '/api/inventory/locations' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual([
      expect.objectContaining({ name: 'Warehouse', kind: 'warehouse', employeeId: null }),
    ]);
    warehouseId = first.json()[0].id;
    // Asked again (or twice at once), still one.
    await Promise.all([
      as(owner, { method: 'GET', url: '/api/inventory/locations' }),
      as(manager, { method: 'GET', url: '/api/inventory/locations' }),
    ]);
    const van = await as(manager, {
      method: 'POST',
      url: '/api/inventory/locations',
      payload: { name: 'Van 1', kind: 'van', employeeId: worker.employeeId },
    });
    expect(van.statusCode, van.body).toBe(201);
    expect(van.json().employeeName).toBeTruthy();
    vanId = van.json().id;
    const list = await as(owner, { method: 'GET', url: '/api/inventory/locations' });
    expect(list.json().map((l: { kind: string }) => l.kind)).toEqual(['warehouse', 'van']);

    const strangers = await as(stranger, {
      method: 'PUT',
      url: `/api/inventory/locations/${vanId}`,
      payload: { name: 'Mine', kind: 'van', employeeId: null },
    });
    expect(strangers.statusCode).toBe(404);
    const lastWarehouse = await as(owner, {
      method: 'DELETE',
      url: `/api/inventory/locations/${warehouseId}`,
    });
    expect(lastWarehouse.statusCode).toBe(409);
  });

  it('when a category is added, then its slug comes from its name, and the same name again is a 409', async () => {
    const res = await as(owner, {
      method: 'POST',
      url: '/api/inventory/categories',
      payload: { name: 'Cleaning Chemicals' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ slug: 'cleaning-chemicals', itemCount: 0 });
    const again = await as(manager, {
      method: 'POST',
      url: '/api/inventory/categories',
      payload: { name: 'cleaning  chemicals' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A category with this name already exists.');
    const other = await as(stranger, {
      method: 'PUT',
      url: `/api/inventory/categories/${res.json().id}`,
      payload: { name: 'Taken over' },
    });
    expect(other.statusCode).toBe(404);
    const worker403 = await as(worker, { method: 'GET', url: '/api/inventory/categories' });
    expect(worker403.statusCode).toBe(403);
  });
});

describe('items and movements', () => {
  it('when a manager adds an item and receives stock, then the list shows it with its value at cost and the page its stock per location', async () => {
    const categories = await as(owner, { method: 'GET', url: '/api/inventory/categories' });
    const chemicals = categories.json()[0];
    const item = await createItem(manager, {
      name: 'Cleaning solution',
      sku: 'SOL-1',
      unit: 'bottle',
      costCents: 500,
      categoryId: chemicals.id,
      reorderPoint: 4,
      reorderQuantity: 12,
      calculatorTool: 'Cleaning Solution',
    });
    solutionId = item.id;
    expect(item).toMatchObject({ onHand: 0, low: true });
    const received = await receive(solutionId, 10);
    expect(received).toMatchObject({ kind: 'received', quantity: 10, toLocationName: 'Warehouse' });
    const transfer = await move(manager, {
      kind: 'transferred',
      itemId: solutionId,
      quantity: 3,
      fromLocationId: warehouseId,
      toLocationId: vanId,
    });
    expect(transfer.statusCode, transfer.body).toBe(201);
    expect(await onHand(solutionId, warehouseId)).toBe(7);
    expect(await onHand(solutionId, vanId)).toBe(3);
    const counted = await as(owner, { method: 'GET', url: '/api/inventory/categories' });
    expect(counted.json()[0]).toMatchObject({ id: chemicals.id, itemCount: 1 });

    const list = await as(owner, {
      method: 'GET',
      url: '/api/inventory/items?category=cleaning-chemicals',
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({
      total: 1,
      totalCapped: false,
      stockValueCents: 5000,
      items: [{ name: 'Cleaning solution', onHand: 10, low: false, categoryName: chemicals.name }],
    });
    const atVan = await as(owner, {
      method: 'GET',
      url: `/api/inventory/items?locationId=${vanId}`,
    });
    expect(atVan.json().items).toEqual([expect.objectContaining({ id: solutionId, onHand: 3 })]);
    const search = await as(owner, { method: 'GET', url: '/api/inventory/items?q=sol-' });
    expect(search.json().total).toBe(1);
    const noCategory = await as(owner, {
      method: 'GET',
      url: '/api/inventory/items?category=nope',
    });
    expect(noCategory.statusCode).toBe(404);

    const page = await as(owner, { method: 'GET', url: `/api/inventory/items/${solutionId}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(
      page
        .json()
        .stock.map((s: { locationName: string; onHand: number }) => [s.locationName, s.onHand]),
    ).toEqual([
      ['Van 1', 3],
      ['Warehouse', 7],
    ]);
    expect(page.json().movements.items.map((m: { kind: string }) => m.kind)).toEqual([
      'transferred',
      'received',
    ]);
  });

  it("when an item ran out at a location, then that location's list still shows it, with 0", async () => {
    const sponges = await createItem(owner, { name: 'Sponges', unit: 'each' });
    await receive(sponges.id, 2);
    const moved = await move(owner, {
      kind: 'transferred',
      itemId: sponges.id,
      quantity: 2,
      fromLocationId: warehouseId,
      toLocationId: vanId,
    });
    expect(moved.statusCode, moved.body).toBe(201);
    const atWarehouse = await as(owner, {
      method: 'GET',
      url: `/api/inventory/items?locationId=${warehouseId}&q=sponges`,
    });
    expect(atWarehouse.statusCode, atWarehouse.body).toBe(200);
    expect(atWarehouse.json()).toMatchObject({
      total: 1,
      items: [{ id: sponges.id, onHand: 0 }],
    });
    const never = await createItem(owner, { name: 'Sponges, never stocked', unit: 'each' });
    const atVan = await as(owner, {
      method: 'GET',
      url: `/api/inventory/items?locationId=${vanId}&q=sponges`,
    });
    expect(atVan.json().items.map((i: { id: string }) => i.id)).toEqual([sponges.id]);
    expect(atVan.json().items.map((i: { id: string }) => i.id)).not.toContain(never.id);
  });

  it('when the input is wrong, then each is a 400 with its reason and nothing moves', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { kind: 'received', itemId: solutionId, quantity: -2, toLocationId: warehouseId },
        'Enter a quantity above zero.',
      ],
      [
        { kind: 'received', itemId: solutionId, quantity: 1.5, toLocationId: warehouseId },
        'This item is counted in whole bottles: enter a whole number.',
      ],
      [
        {
          kind: 'transferred',
          itemId: solutionId,
          quantity: 1,
          fromLocationId: vanId,
          toLocationId: vanId,
        },
        'Choose two different locations to transfer between.',
      ],
      [
        {
          kind: 'checked_out',
          itemId: solutionId,
          quantity: 1,
          fromLocationId: warehouseId,
          toLocationId: vanId,
        },
        'Consumables are used, not checked out.',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await move(owner, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await onHand(solutionId, warehouseId)).toBe(7);
    const badDecimalItem = await as(owner, {
      method: 'POST',
      url: '/api/inventory/items',
      payload: {
        name: 'Gloves',
        unit: 'pair',
        kind: 'consumable',
        costCents: 1,
        reorderPoint: 0.5,
      },
    });
    expect(badDecimalItem.statusCode).toBe(400);
    const litres = await createItem(owner, { name: 'Floor polish', unit: 'litre' });
    expect(
      (
        await move(owner, {
          kind: 'received',
          itemId: litres.id,
          quantity: 2.75,
          toLocationId: warehouseId,
        })
      ).statusCode,
    ).toBe(201);
    expect(await onHand(litres.id, warehouseId)).toBe(2.75);
  });

  it('when an item or location is another business’s, then 404; when a team member or a salesperson asks, then 403', async () => {
    const theirs = await createItem(stranger, { name: 'Their mop' });
    expect(
      (
        await move(owner, {
          kind: 'received',
          itemId: theirs.id,
          quantity: 1,
          toLocationId: warehouseId,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await move(stranger, {
          kind: 'received',
          itemId: theirs.id,
          quantity: 1,
          toLocationId: warehouseId,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await as(stranger, { method: 'GET', url: `/api/inventory/items/${solutionId}` })).statusCode,
    ).toBe(404);
    expect(
      (await as(stranger, { method: 'DELETE', url: `/api/inventory/items/${solutionId}` }))
        .statusCode,
    ).toBe(404);
    for (const user of [worker, sales]) {
      expect(
        (
          await move(user, {
            kind: 'received',
            itemId: solutionId,
            quantity: 1,
            toLocationId: warehouseId,
          })
        ).statusCode,
      ).toBe(403);
      expect((await as(user, { method: 'GET', url: '/api/inventory/items' })).statusCode).toBe(403);
      expect((await as(user, { method: 'GET', url: '/api/inventory/reorder' })).statusCode).toBe(
        403,
      );
    }
  });

  it('when a request is retried with its clientId, then the movement is recorded once', async () => {
    const body = {
      clientId: randomUUID(),
      kind: 'received',
      itemId: solutionId,
      quantity: 2,
      toLocationId: warehouseId,
      unitCostCents: 450,
      supplier: 'Acme Supply',
    };
    const [a, b] = await Promise.all([
      as(owner, { method: 'POST', url: '/api/inventory/movements', payload: body }),
      as(owner, { method: 'POST', url: '/api/inventory/movements', payload: body }),
    ]);
    const c = await as(owner, { method: 'POST', url: '/api/inventory/movements', payload: body });
    for (const res of [a, b, c]) expect(res.statusCode, res.body).toBe(201);
    expect(new Set([a.json().id, b.json().id, c.json().id]).size).toBe(1);
    expect(await onHand(solutionId, warehouseId)).toBe(9);
    const reused = await as(owner, {
      method: 'POST',
      url: '/api/inventory/movements',
      payload: { ...body, kind: 'returned', fromLocationId: warehouseId },
    });
    expect(reused.statusCode).toBe(409);
  });
});

describe('stock never goes below zero unless allowed', () => {
  it('when 20 people use the last 5 at once, then exactly 5 succeed, the rest are told, and the ledger equals the balance', async () => {
    const item = await createItem(owner, { name: 'Sponge', unit: 'each' });
    await receive(item.id, 5, vanId);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        move(owner, { kind: 'used', itemId: item.id, quantity: 1, fromLocationId: vanId }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(15);
    const refused = results.find((r) => r.statusCode === 409)!;
    expect(refused.json().message).toBe(
      'None of Sponge is left there: the stock cannot go below zero.',
    );
    expect(await onHand(item.id, vanId)).toBe(0);
    expect(await ledgerSum(item.id, vanId)).toBe(0);
  });

  it('when the business allows negative stock, then a use beyond the stock is recorded', async () => {
    const item = await createItem(owner, { name: 'Trash bags', unit: 'roll' });
    await receive(item.id, 1);
    const refused = await move(owner, {
      kind: 'used',
      itemId: item.id,
      quantity: 3,
      fromLocationId: warehouseId,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Only 1 roll of Trash bags left there: the stock cannot go below zero.',
    );
    const settings = await as(manager, {
      method: 'PUT',
      url: '/api/inventory/settings',
      payload: { allowNegativeStock: true },
    });
    expect(settings.json()).toEqual({ allowNegativeStock: true });
    const allowed = await move(owner, {
      kind: 'used',
      itemId: item.id,
      quantity: 3,
      fromLocationId: warehouseId,
    });
    expect(allowed.statusCode, allowed.body).toBe(201);
    expect(await onHand(item.id, warehouseId)).toBe(-2);
    await as(manager, {
      method: 'PUT',
      url: '/api/inventory/settings',
      payload: { allowNegativeStock: false },
    });
    expect((await as(owner, { method: 'GET', url: '/api/inventory/settings' })).json()).toEqual({
      allowNegativeStock: false,
    });
  });
});

describe('counts', () => {
  it('when a count differs, then the difference is an adjustment with its reason; no reason is a 400', async () => {
    const noReason = await as(owner, {
      method: 'POST',
      url: '/api/inventory/counts',
      payload: {
        clientId: randomUUID(),
        locationId: warehouseId,
        reason: '',
        lines: [{ itemId: solutionId, counted: 8 }],
      },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain('Say why the count changed');
    const count = await as(manager, {
      method: 'POST',
      url: '/api/inventory/counts',
      payload: {
        clientId: randomUUID(),
        locationId: warehouseId,
        reason: 'Counted on the shelf',
        lines: [{ itemId: solutionId, counted: 8 }],
      },
    });
    expect(count.statusCode, count.body).toBe(201);
    expect(count.json().adjustments).toEqual([
      expect.objectContaining({
        kind: 'adjusted',
        quantity: -1,
        note: 'Counted on the shelf',
        toLocationName: 'Warehouse',
      }),
    ]);
    expect(await onHand(solutionId, warehouseId)).toBe(8);
    expect(await ledgerSum(solutionId, warehouseId)).toBe(8);
  });
});

describe('low stock', () => {
  it('when a movement takes an item to its reorder point, then the managers are told and it is on the reorder list', async () => {
    // 8 in the warehouse and 3 in the van: 11 in all, the reorder point 4.
    const use = await move(owner, {
      kind: 'used',
      itemId: solutionId,
      quantity: 7,
      fromLocationId: warehouseId,
    });
    expect(use.statusCode, use.body).toBe(201);
    const events = await t.app.db
      .select()
      .from(domainEvents)
      .where(
        and(
          eq(domainEvents.subjectId, solutionId),
          eq(domainEvents.type, 'inventory_item.low_stock'),
        ),
      );
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toEqual({ onHand: 4, reorderPoint: 4 });
    // Several items low within minutes are one notification ("3 items to reorder").
    await until(async () => {
      const told = await t.app.db
        .select({ title: notifications.title })
        .from(notifications)
        .where(and(eq(notifications.userId, manager.userId), eq(notifications.kind, 'stock_low')));
      return told.length === 1 && /reorder/.test(told[0]!.title);
    }, 'the manager told an item is low');
    const workersTold = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, worker.userId), eq(notifications.kind, 'stock_low')));
    expect(workersTold).toEqual([]);
    // Staying low tells no one again.
    await move(owner, {
      kind: 'used',
      itemId: solutionId,
      quantity: 1,
      fromLocationId: warehouseId,
    });
    const again = await t.app.db
      .select()
      .from(domainEvents)
      .where(
        and(
          eq(domainEvents.subjectId, solutionId),
          eq(domainEvents.type, 'inventory_item.low_stock'),
        ),
      );
    expect(again).toHaveLength(1);

    const reorder = await as(manager, { method: 'GET', url: '/api/inventory/reorder' });
    expect(reorder.statusCode, reorder.body).toBe(200);
    const line = reorder
      .json()
      .items.find((l: { item: { id: string } }) => l.item.id === solutionId);
    expect(line.forecast).toMatchObject({ reachesReorderPointOn: '2026-11-16', orderQuantity: 12 });
    // The sponge is out of stock but has no reorder levels: not on the list.
    expect(reorder.json().items.map((l: { item: { name: string } }) => l.item.name)).not.toContain(
      'Sponge',
    );
    const low = await as(owner, { method: 'GET', url: '/api/inventory/items?low=true' });
    expect(low.json().items.map((i: { id: string }) => i.id)).toContain(solutionId);
  });
});

describe('the forecast and a visit’s materials', () => {
  let jobId: string;

  it('when visits with calculator requests are scheduled, then the item says when it runs out and what to order', async () => {
    const forecastItem = await createItem(owner, {
      name: 'Bathroom kit refill',
      unit: 'kit',
      calculatorTool: 'Bathroom Cleaning Kit',
      reorderPoint: 2,
      reorderQuantity: 5,
    });
    await receive(forecastItem.id, 6);
    // Two visits: 3 and 4 bathrooms → 2 and 2 kits; one next week and one in three weeks.
    for (const [bathrooms, startsAt] of [
      [3, '2026-11-18T09:00:00'],
      [4, '2026-12-07T09:00:00'],
      // Beyond the four weeks: not counted.
      [6, '2026-12-20T09:00:00'],
    ] as const) {
      const request = await createRequestAs(t.app, owner, { numberOfBathrooms: bathrooms });
      const job = await createJobAs(t.app, owner, { startsAt, assigneeIds: [worker.employeeId] });
      await t.app.db.update(jobs).set({ requestId: request.id }).where(eq(jobs.id, job.id));
      jobId ??= job.id;
    }
    const page = await as(owner, { method: 'GET', url: `/api/inventory/items/${forecastItem.id}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().forecast).toEqual({
      plannedUse: 4,
      runsOutOn: null,
      reachesReorderPointOn: '2026-12-07',
      orderQuantity: 5,
    });
  });

  it('when the visit’s assignee confirms its materials, then the stock goes down, the cost shows to managers only, and a second confirmation replaces the first', async () => {
    const kit = await createItem(owner, {
      name: 'Basic kit',
      unit: 'kit',
      kind: 'equipment',
      calculatorTool: 'Basic Cleaning Kit',
    });
    await receive(kit.id, 2);
    await receive(solutionId, 5, vanId); // the van holds 8 now
    const got = await as(worker, { method: 'GET', url: `/api/jobs/${jobId}/materials` });
    expect(got.statusCode, got.body).toBe(200);
    const materials = got.json();
    expect(materials.defaultLocationId).toBe(vanId);
    expect(materials).not.toHaveProperty('materialCostCents');
    const solution = materials.suggested.find(
      (s: { toolName: string }) => s.toolName === 'Cleaning Solution',
    );
    expect(solution).toMatchObject({ itemId: solutionId, quantity: 3, fromLocationId: vanId });
    const basic = materials.suggested.find(
      (s: { toolName: string }) => s.toolName === 'Basic Cleaning Kit',
    );
    expect(basic).toMatchObject({ itemId: kit.id, quantity: 1, fromLocationId: warehouseId });

    const lines = materials.suggested
      .filter((s: { itemId: string | null }) => s.itemId === solutionId || s.itemId === kit.id)
      .map((s: { itemId: string; fromLocationId: string; quantity: number }) => ({
        itemId: s.itemId,
        fromLocationId: s.fromLocationId,
        quantity: s.quantity,
      }));
    const confirmed = await as(worker, {
      method: 'PUT',
      url: `/api/jobs/${jobId}/materials`,
      payload: { clientId: randomUUID(), lines },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await onHand(solutionId, vanId)).toBe(5);
    expect(await onHand(kit.id, warehouseId)).toBe(1);
    expect(await onHand(kit.id, vanId)).toBe(1);
    const seen = await as(manager, { method: 'GET', url: `/api/jobs/${jobId}/materials` });
    expect(seen.json().materialCostCents).toBe(1500);
    expect(seen.json().recorded).toHaveLength(2);

    // Recorded again with 2 bottles: the first confirmation is undone, the new one stands.
    const again = await as(worker, {
      method: 'PUT',
      url: `/api/jobs/${jobId}/materials`,
      payload: {
        clientId: randomUUID(),
        lines: [{ itemId: solutionId, fromLocationId: vanId, quantity: 2 }],
      },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await onHand(solutionId, vanId)).toBe(6);
    expect(await onHand(kit.id, warehouseId)).toBe(2);
    expect(await onHand(kit.id, vanId)).toBe(0);
    expect(await ledgerSum(solutionId, vanId)).toBe(6);
    const after = await as(owner, { method: 'GET', url: `/api/jobs/${jobId}/materials` });
    expect(after.json().recorded).toEqual([
      expect.objectContaining({ itemId: solutionId, quantity: 2, fromLocationName: 'Van 1' }),
    ]);
    expect(after.json().materialCostCents).toBe(1000);
    // The visit's costs show the material cost beside its labour.
    const costing = await as(owner, { method: 'GET', url: `/api/time/costing/${jobId}` });
    expect(costing.statusCode, costing.body).toBe(200);
    expect(costing.json().actual.materialCostCents).toBe(1000);
  });

  it('when someone not on the visit or outside the business asks, then 404; a salesperson 403', async () => {
    expect(
      (await as(otherWorker, { method: 'GET', url: `/api/jobs/${jobId}/materials` })).statusCode,
    ).toBe(404);
    expect(
      (await as(stranger, { method: 'GET', url: `/api/jobs/${jobId}/materials` })).statusCode,
    ).toBe(404);
    expect(
      (await as(sales, { method: 'GET', url: `/api/jobs/${jobId}/materials` })).statusCode,
    ).toBe(403);
    const put = await as(otherWorker, {
      method: 'PUT',
      url: `/api/jobs/${jobId}/materials`,
      payload: { clientId: randomUUID(), lines: [] },
    });
    expect(put.statusCode).toBe(404);
  });
  it('when a team member of the visit reads its materials, then they get their van and the warehouse by name and the items with their stock there, never costs', async () => {
    const otherVan = await as(owner, {
      method: 'POST',
      url: '/api/inventory/locations',
      payload: { name: 'Van 2', kind: 'van', employeeId: otherWorker.employeeId },
    });
    expect(otherVan.statusCode, otherVan.body).toBe(201);
    const got = await as(worker, { method: 'GET', url: `/api/jobs/${jobId}/materials` });
    expect(got.statusCode, got.body).toBe(200);
    const materials = got.json();
    expect(materials.sources).toEqual([
      { id: warehouseId, name: 'Warehouse', kind: 'warehouse' },
      { id: vanId, name: 'Van 1', kind: 'van' },
    ]);
    expect(
      materials.suggested.find((s: { itemId: string }) => s.itemId === solutionId),
    ).toMatchObject({ fromLocationId: vanId, fromLocationName: 'Van 1' });
    const solution = materials.items.find((i: { id: string }) => i.id === solutionId);
    expect(solution).toEqual({
      id: solutionId,
      name: 'Cleaning solution',
      unit: 'bottle',
      kind: 'consumable',
      stock: expect.arrayContaining([
        { locationId: warehouseId, onHand: await onHand(solutionId, warehouseId) },
        { locationId: vanId, onHand: await onHand(solutionId, vanId) },
      ]),
    });
    expect(JSON.stringify(materials)).not.toMatch(/cost/i);
    // A manager may take from anywhere, Van 2 included.
    const managers = await as(manager, { method: 'GET', url: `/api/jobs/${jobId}/materials` });
    expect(managers.json().sources.map((l: { name: string }) => l.name)).toContain('Van 2');

    // An item that was not suggested, from the warehouse: recorded.
    const sponges = materials.items.find((i: { name: string }) => i.name === 'Sponges');
    await receive(sponges.id, 3);
    const before = await onHand(sponges.id, warehouseId);
    const added = await as(worker, {
      method: 'PUT',
      url: `/api/jobs/${jobId}/materials`,
      payload: {
        clientId: randomUUID(),
        lines: [
          { itemId: solutionId, fromLocationId: vanId, quantity: 2 },
          { itemId: sponges.id, fromLocationId: warehouseId, quantity: 1 },
        ],
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().recorded).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ itemId: sponges.id, fromLocationName: 'Warehouse' }),
      ]),
    );
    expect(await onHand(sponges.id, warehouseId)).toBe(before - 1);
  });

  it("when a team member records from a location not theirs, with a wrong quantity, or with another business's ids, then 400 or 404 and nothing moves; a salesperson 403", async () => {
    const vans = await as(owner, { method: 'GET', url: '/api/inventory/locations' });
    const otherVanId = vans.json().find((l: { name: string }) => l.name === 'Van 2').id;
    await receive(solutionId, 2, otherVanId);
    const movementsBefore = await t.app.db
      .select()
      .from(inventoryMovements)
      .where(eq(inventoryMovements.accountId, owner.accountId));
    const put = (user: SignedInUser, line: Record<string, unknown>) =>
      as(user, {
        method: 'PUT',
        url: `/api/jobs/${jobId}/materials`,
        payload: {
          clientId: randomUUID(),
          lines: [{ itemId: solutionId, fromLocationId: vanId, quantity: 1, ...line }],
        },
      });
    const notMine = await put(worker, { fromLocationId: otherVanId });
    expect(notMine.statusCode, notMine.body).toBe(400);
    expect(notMine.json().message).toBe(
      'Take the materials from your van or a warehouse: choose one of those.',
    );
    expect((await put(worker, { quantity: -1 })).statusCode).toBe(400);
    expect((await put(worker, { fromLocationId: 'van-1' })).statusCode).toBe(400);

    const strangerLocations = await as(stranger, {
      method: 'GET',
      url: '/api/inventory/locations',
    });
    const strangerItem = await createItem(stranger, { name: 'Their solution' });
    expect((await put(worker, { fromLocationId: strangerLocations.json()[0].id })).statusCode).toBe(
      404,
    );
    expect((await put(worker, { itemId: strangerItem.id })).statusCode).toBe(404);
    expect((await put(sales, {})).statusCode).toBe(403);
    expect((await put(stranger, {})).statusCode).toBe(404);

    const movementsAfter = await t.app.db
      .select()
      .from(inventoryMovements)
      .where(eq(inventoryMovements.accountId, owner.accountId));
    expect(movementsAfter).toHaveLength(movementsBefore.length);
  });
});

describe('CSV', () => {
  it('when the items are exported and imported into another business, then it has the same items', async () => {
    const csv = await as(owner, { method: 'GET', url: '/api/inventory/items.csv' });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    await createItem(owner, { name: '=HYPERLINK("http://evil.test")', unit: 'each' });
    const withFormula = await as(owner, { method: 'GET', url: '/api/inventory/items.csv' });
    expect(withFormula.body).toContain(`"'=HYPERLINK(""http://evil.test"")"`);

    const other = await ownerWithBusinessProfile(t.app);
    const preview = await as(other, {
      method: 'POST',
      url: '/api/inventory/items/import/preview',
      payload: { csv: withFormula.body },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const imported = await as(other, {
      method: 'POST',
      url: '/api/inventory/items/import',
      payload: {
        csv: withFormula.body,
        mapping: preview.json().suggestedMapping,
        mode: 'all-or-nothing',
      },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ errors: [], categoriesCreated: 1 });
    const strip = (items: Record<string, unknown>[]) =>
      items.map(({ id: _id, categoryId: _c, onHand: _o, low: _l, ...rest }) => rest);
    const mine = await as(owner, { method: 'GET', url: '/api/inventory/items?limit=200' });
    const theirs = await as(other, { method: 'GET', url: '/api/inventory/items?limit=200' });
    expect(strip(theirs.json().items)).toEqual(strip(mine.json().items));
    const again = await as(other, { method: 'GET', url: '/api/inventory/items.csv' });
    const body = (text: string) => text.split('\n').map((l) => l.split(',').slice(0, 11).join(','));
    expect(body(again.body)).toEqual(body(withFormula.body));
  });

  it('when the exported file is imported again, then its items are updated, not added twice', async () => {
    const exported = await as(owner, { method: 'GET', url: '/api/inventory/items.csv' });
    const before = await as(owner, { method: 'GET', url: '/api/inventory/items?limit=200' });
    const count = before.json().total as number;
    expect(count).toBeGreaterThan(1);
    // The formula-like name comes back as typed and finds its item by name (it has no SKU).
    expect(exported.body).toContain(`'=HYPERLINK`);
    const mapping = (
      await as(owner, {
        method: 'POST',
        url: '/api/inventory/items/import/preview',
        payload: { csv: exported.body },
      })
    ).json().suggestedMapping;
    const again = await as(owner, {
      method: 'POST',
      url: '/api/inventory/items/import',
      payload: { csv: exported.body, mapping, mode: 'all-or-nothing' },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({
      imported: count,
      created: 0,
      updated: count,
      categoriesCreated: 0,
      errors: [],
    });
    const after = await as(owner, { method: 'GET', url: '/api/inventory/items?limit=200' });
    expect(after.json().items).toEqual(before.json().items);
    const reExported = await as(owner, { method: 'GET', url: '/api/inventory/items.csv' });
    expect(reExported.body).toEqual(exported.body);

    // Edited in a spreadsheet: the solution (by its SKU) renamed and dearer, a new item added,
    // and a row naming an item the file already named.
    const edited = [
      'Name,SKU,Cost',
      'Solution (1 L),SOL-1,6.25',
      'Microfibre cloths,,2',
      'Microfibre cloths,,3',
    ].join('\n');
    const editedMapping = { name: 'Name', sku: 'SKU', cost: 'Cost' };
    const check = await as(owner, {
      method: 'POST',
      url: '/api/inventory/items/import',
      payload: { csv: edited, mapping: editedMapping, mode: 'valid-only', dryRun: true },
    });
    expect(check.json()).toEqual({
      imported: 2,
      created: 1,
      updated: 1,
      categoriesCreated: 0,
      errors: [{ row: 4, messages: ['Row 3 of the file is the same item.'] }],
    });
    const unchanged = await as(owner, { method: 'GET', url: `/api/inventory/items/${solutionId}` });
    expect(unchanged.json().item.name).toBe('Cleaning solution');
    const run = await as(owner, {
      method: 'POST',
      url: '/api/inventory/items/import',
      payload: { csv: edited, mapping: editedMapping, mode: 'valid-only' },
    });
    expect(run.json()).toMatchObject({ imported: 2, created: 1, updated: 1 });
    const solution = await as(owner, { method: 'GET', url: `/api/inventory/items/${solutionId}` });
    // Columns the mapping left out (unit, category, reorder levels, tool) kept their values.
    const { name: _n, costCents: _c, ...rest } = unchanged.json().item;
    expect(solution.json().item).toMatchObject({
      ...rest,
      name: 'Solution (1 L)',
      costCents: 625,
    });
    const total = await as(owner, { method: 'GET', url: '/api/inventory/items?limit=200' });
    expect(total.json().total).toBe(count + 1);
  });

  it('when a row names an item that two items could be, then it is reported and nothing is changed', async () => {
    const other = await ownerWithBusinessProfile(t.app);
    await createItem(other, { name: 'Gloves', sku: 'GL-S' });
    await createItem(other, { name: 'Gloves', sku: 'GL-M' });
    const res = await as(other, {
      method: 'POST',
      url: '/api/inventory/items/import',
      payload: {
        csv: 'Name,SKU,Cost\nGloves,,4\nGloves,GL-L,5\n',
        mapping: { name: 'Name', sku: 'SKU', cost: 'Cost' },
        mode: 'all-or-nothing',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      imported: 0,
      created: 0,
      updated: 0,
      categoriesCreated: 0,
      errors: [
        { row: 2, messages: ['2 items are named "Gloves": add a SKU column to say which one.'] },
      ],
    });
    // Another business's items are never matched: the same file makes this one's own.
    const mine = await as(stranger, {
      method: 'POST',
      url: '/api/inventory/items/import',
      payload: {
        csv: 'Name,SKU\nGloves,GL-S\n',
        mapping: { name: 'Name', sku: 'SKU' },
        mode: 'all-or-nothing',
      },
    });
    expect(mine.json()).toMatchObject({ created: 1, updated: 0 });
    const theirs = await as(other, { method: 'GET', url: '/api/inventory/items?q=gl-' });
    expect(theirs.json().total).toBe(2);
  });

  it('when rows are wrong, then each is reported with its row number and nothing is imported', async () => {
    const other = await ownerWithBusinessProfile(t.app);
    const csv = 'Name,Unit,Cost\nMop,each,3.50\n,each,1\nGloves,bottle,abc\n';
    const res = await as(other, {
      method: 'POST',
      url: '/api/inventory/items/import',
      payload: {
        csv,
        mapping: { name: 'Name', unit: 'Unit', cost: 'Cost' },
        mode: 'all-or-nothing',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      imported: 0,
      created: 0,
      updated: 0,
      categoriesCreated: 0,
      errors: [
        { row: 3, messages: ['Item name is required.'] },
        { row: 4, messages: ['Cost must be a number.'] },
      ],
    });
    const valid = await as(other, {
      method: 'POST',
      url: '/api/inventory/items/import',
      payload: { csv, mapping: { name: 'Name', unit: 'Unit', cost: 'Cost' }, mode: 'valid-only' },
    });
    expect(valid.json().imported).toBe(1);
  });
});

describe('changing and removing', () => {
  it('when a category, an item or a location is changed or deleted, then the answers say so and the rules hold', async () => {
    const category = await as(owner, {
      method: 'POST',
      url: '/api/inventory/categories',
      payload: { name: 'Paper goods' },
    });
    const renamed = await as(manager, {
      method: 'PUT',
      url: `/api/inventory/categories/${category.json().id}`,
      payload: { name: 'Paper & Towels' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Paper & Towels', slug: 'paper-towels' });
    const towels = await createItem(owner, {
      name: 'Paper towels',
      unit: 'roll',
      categoryId: category.json().id,
    });
    const deleted = await as(owner, {
      method: 'DELETE',
      url: `/api/inventory/categories/${category.json().id}`,
    });
    expect(deleted.statusCode).toBe(204);
    const orphan = await as(owner, { method: 'GET', url: `/api/inventory/items/${towels.id}` });
    expect(orphan.json().item).toMatchObject({ categoryId: null, categoryName: null });

    const changed = await as(owner, {
      method: 'PUT',
      url: `/api/inventory/items/${towels.id}`,
      payload: { name: 'Paper towels (6)', unit: 'pack', kind: 'consumable', costCents: 899 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      name: 'Paper towels (6)',
      unit: 'pack',
      costCents: 899,
    });
    const photo = await as(owner, {
      method: 'PUT',
      url: `/api/inventory/items/${towels.id}/photo`,
      headers: { 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(photo.statusCode, photo.body).toBe(200);
    const photoUrl: string = photo.json().photoUrl;
    expect(photoUrl).toMatch(new RegExp(`^/api/inventory/items/${towels.id}/photo/.+\\.jpg$`));
    const seen = await as(owner, { method: 'GET', url: photoUrl });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/jpeg');
    expect((await as(stranger, { method: 'GET', url: photoUrl })).statusCode).toBe(404);
    const notAnImage = await as(owner, {
      method: 'PUT',
      url: `/api/inventory/items/${towels.id}/photo`,
      headers: { 'content-type': 'image/png' },
      payload: Buffer.from('not a png'),
    });
    expect(notAnImage.statusCode).toBe(400);
    const removed = await as(owner, {
      method: 'DELETE',
      url: `/api/inventory/items/${towels.id}/photo`,
    });
    expect(removed.json().photoUrl).toBeNull();
    expect((await as(owner, { method: 'GET', url: photoUrl })).statusCode).toBe(404);
    await receive(towels.id, 2);
    const withStock = await as(owner, {
      method: 'DELETE',
      url: `/api/inventory/items/${towels.id}`,
    });
    expect(withStock.statusCode).toBe(409);
    await move(owner, {
      kind: 'returned',
      itemId: towels.id,
      quantity: 2,
      fromLocationId: warehouseId,
    });
    const gone = await as(owner, { method: 'DELETE', url: `/api/inventory/items/${towels.id}` });
    expect(gone.statusCode).toBe(204);
    expect(
      (await as(owner, { method: 'GET', url: `/api/inventory/items/${towels.id}` })).statusCode,
    ).toBe(404);

    const site = await as(owner, {
      method: 'POST',
      url: '/api/inventory/locations',
      payload: { name: 'Client storage', kind: 'site' },
    });
    const moved = await as(owner, {
      method: 'PUT',
      url: `/api/inventory/locations/${site.json().id}`,
      payload: { name: 'Client storage room', kind: 'site', employeeId: null },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().name).toBe('Client storage room');
    const vanNotDeleted = await as(owner, {
      method: 'DELETE',
      url: `/api/inventory/locations/${vanId}`,
    });
    expect(vanNotDeleted.statusCode).toBe(409);
    const siteDeleted = await as(owner, {
      method: 'DELETE',
      url: `/api/inventory/locations/${site.json().id}`,
    });
    expect(siteDeleted.statusCode).toBe(204);
    const notAVan = await as(owner, {
      method: 'POST',
      url: '/api/inventory/locations',
      payload: { name: 'Shelf', kind: 'site', employeeId: worker.employeeId },
    });
    expect(notAVan.statusCode).toBe(400);
  });

  it('when lists are paged, then the count and the cursor carry on', async () => {
    const first = await as(owner, { method: 'GET', url: '/api/inventory/items?limit=2' });
    const total = first.json().total;
    expect(first.json().items).toHaveLength(2);
    const past = await as(owner, {
      method: 'GET',
      url: `/api/inventory/items?limit=2&offset=${total}`,
    });
    expect(past.json()).toMatchObject({ items: [], total });
    const history = await as(owner, {
      method: 'GET',
      url: `/api/inventory/items/${solutionId}/movements?limit=2`,
    });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().items).toHaveLength(2);
    const next = await as(owner, {
      method: 'GET',
      url: `/api/inventory/items/${solutionId}/movements?limit=2&cursor=${encodeURIComponent(history.json().nextCursor)}`,
    });
    expect(next.statusCode, next.body).toBe(200);
    const ids = [...history.json().items, ...next.json().items].map((m: { id: string }) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    const bad = await as(owner, {
      method: 'GET',
      url: `/api/inventory/items/${solutionId}/movements?cursor=nonsense`,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('when a count names another business’s location or equipment is used up, then 404 and 400', async () => {
    const theirs = await as(stranger, { method: 'GET', url: '/api/inventory/locations' });
    const count = await as(owner, {
      method: 'POST',
      url: '/api/inventory/counts',
      payload: {
        clientId: randomUUID(),
        locationId: theirs.json()[0].id,
        reason: 'Counted',
        lines: [{ itemId: solutionId, counted: 1 }],
      },
    });
    expect(count.statusCode).toBe(404);
    const vacuum = await createItem(owner, { name: 'Vacuum', kind: 'equipment' });
    await receive(vacuum.id, 1);
    const used = await move(owner, {
      kind: 'used',
      itemId: vacuum.id,
      quantity: 1,
      fromLocationId: warehouseId,
    });
    expect(used.statusCode).toBe(400);
    expect(used.json().message).toBe('Equipment is checked out and back, not used up.');
    const out = await move(owner, {
      kind: 'checked_out',
      itemId: vacuum.id,
      quantity: 1,
      fromLocationId: warehouseId,
      toLocationId: vanId,
    });
    expect(out.statusCode, out.body).toBe(201);
    const back = await move(owner, {
      kind: 'checked_in',
      itemId: vacuum.id,
      quantity: 1,
      fromLocationId: vanId,
      toLocationId: warehouseId,
    });
    expect(back.statusCode, back.body).toBe(201);
    expect(await onHand(vacuum.id, warehouseId)).toBe(1);
  });
});
