import {
  calculatorMaterials,
  categorySlug,
  estimateInputFromForm,
  fromThousandths,
  toThousandths,
  type CalculatorFormValues,
  type CalculatorToolName,
  type InventoryUnit,
  type ItemKind,
  type MovementKind,
} from '@crewdesk/domain';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../src/db/client.ts';
import {
  employees,
  inventoryBalances,
  inventoryCategories,
  inventoryItems,
  inventoryLocations,
  inventoryMovements,
  jobAssignees,
  jobs,
  requests,
} from '../src/db/schema/index.ts';
import { recordEvent } from '../src/modules/events/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

interface DemoItem {
  name: string;
  sku: string;
  category: 'Equipment' | 'Cleaning supplies';
  unit: InventoryUnit;
  kind: ItemKind;
  costCents: number;
  reorderPoint: number;
  reorderQuantity: number;
  supplier: string;
  tool: CalculatorToolName | null;
  /** What the warehouse received five weeks ago. */
  received: number;
  /** What each van holds after the first transfer (equipment: checked out). */
  perVan: number;
}

/** The calculator's tools and consumables (spec section 9) and two everyday supplies. */
const ITEMS: DemoItem[] = [
  {
    name: 'Basic cleaning kit',
    sku: 'EQ-KIT',
    category: 'Equipment',
    unit: 'kit',
    kind: 'equipment',
    costCents: 6500,
    reorderPoint: 0,
    reorderQuantity: 0,
    supplier: 'Austin Janitorial Supply',
    tool: 'Basic Cleaning Kit',
    received: 4,
    perVan: 1,
  },
  {
    name: 'Vacuum cleaner',
    sku: 'EQ-VAC',
    category: 'Equipment',
    unit: 'each',
    kind: 'equipment',
    costCents: 24900,
    reorderPoint: 0,
    reorderQuantity: 0,
    supplier: 'Austin Janitorial Supply',
    tool: 'Vacuum Cleaner',
    received: 3,
    perVan: 1,
  },
  {
    name: 'Steam cleaner',
    sku: 'EQ-STM',
    category: 'Equipment',
    unit: 'each',
    kind: 'equipment',
    costCents: 39900,
    reorderPoint: 0,
    reorderQuantity: 0,
    supplier: 'Austin Janitorial Supply',
    tool: 'Steam Cleaner',
    received: 1,
    perVan: 0,
  },
  {
    name: 'Window cleaning kit',
    sku: 'EQ-WIN',
    category: 'Equipment',
    unit: 'kit',
    kind: 'equipment',
    costCents: 4500,
    reorderPoint: 0,
    reorderQuantity: 0,
    supplier: 'Austin Janitorial Supply',
    tool: 'Window Cleaning Kit',
    received: 2,
    perVan: 0,
  },
  {
    name: 'Carpet cleaner',
    sku: 'EQ-CRP',
    category: 'Equipment',
    unit: 'each',
    kind: 'equipment',
    costCents: 59900,
    reorderPoint: 0,
    reorderQuantity: 0,
    supplier: 'Austin Janitorial Supply',
    tool: 'Carpet Cleaner',
    received: 1,
    perVan: 0,
  },
  {
    name: 'Cleaning solution (1 gal)',
    sku: 'SUP-SOL',
    category: 'Cleaning supplies',
    unit: 'bottle',
    kind: 'consumable',
    costCents: 500,
    reorderPoint: 12,
    reorderQuantity: 36,
    supplier: 'Lone Star Chemicals',
    tool: 'Cleaning Solution',
    received: 80,
    perVan: 10,
  },
  {
    name: 'Bathroom cleaning kit refill',
    sku: 'SUP-BTH',
    category: 'Cleaning supplies',
    unit: 'kit',
    kind: 'consumable',
    costCents: 1000,
    reorderPoint: 10,
    reorderQuantity: 24,
    supplier: 'Lone Star Chemicals',
    tool: 'Bathroom Cleaning Kit',
    received: 30,
    perVan: 4,
  },
  {
    name: 'Microfiber cloths (12)',
    sku: 'SUP-MFC',
    category: 'Cleaning supplies',
    unit: 'pack',
    kind: 'consumable',
    costCents: 1200,
    reorderPoint: 4,
    reorderQuantity: 10,
    supplier: 'Austin Janitorial Supply',
    tool: null,
    received: 20,
    perVan: 2,
  },
  {
    name: 'Floor polish',
    sku: 'SUP-POL',
    category: 'Cleaning supplies',
    unit: 'litre',
    kind: 'consumable',
    costCents: 850,
    reorderPoint: 5,
    reorderQuantity: 20,
    supplier: 'Lone Star Chemicals',
    tool: null,
    received: 25.5,
    perVan: 0,
  },
];

/** The item that ends the month below its reorder point (the bell and the reorder list). */
const LOW_ITEM = 'Bathroom cleaning kit refill';
/** The vans' drivers (demo staff by first name). */
const DRIVERS = ['Hannah', 'Tom'];

interface Ledger {
  accountId: string;
  userId: string;
  balances: Map<string, number>;
  rows: (typeof inventoryMovements.$inferInsert)[];
}

function record(
  ledger: Ledger,
  at: Date,
  m: {
    kind: MovementKind;
    itemId: string;
    from?: string | null;
    to?: string | null;
    /** Thousandths; an adjustment's is signed. */
    quantity: number;
    unitCostCents?: number | null;
    supplier?: string | null;
    jobId?: string | null;
    note?: string | null;
  },
) {
  const change = (location: string, delta: number) => {
    const key = `${m.itemId}:${location}`;
    ledger.balances.set(key, (ledger.balances.get(key) ?? 0) + delta);
  };
  if (m.from) change(m.from, -m.quantity);
  if (m.to) change(m.to, m.quantity);
  ledger.rows.push({
    accountId: ledger.accountId,
    clientId: randomUUID(),
    line: 0,
    kind: m.kind,
    itemId: m.itemId,
    fromLocationId: m.from ?? null,
    toLocationId: m.to ?? null,
    quantity: fromThousandths(m.quantity).toFixed(3),
    unitCostCents: m.unitCostCents ?? null,
    supplier: m.supplier ?? null,
    jobId: m.jobId ?? null,
    note: m.note ?? null,
    createdBy: ledger.userId,
    createdAt: at,
  });
}

const stock = (ledger: Ledger, itemId: string, location: string) =>
  ledger.balances.get(`${itemId}:${location}`) ?? 0;

/**
 * Inventory for the demo (issue 21): the calculator's tools and consumables as items linked by
 * their tool, a warehouse and Hannah's and Tom's vans, and a month of movements: deliveries,
 * the vans stocked and their equipment checked out, each completed visit of the last month using
 * what its calculator (or a usual clean) takes from its driver's van or the warehouse, weekly
 * top-ups, and a count that leaves the bathroom kits below their reorder point (the managers are
 * told). Once: any item of the business means it is there. Balances are the ledger's sums.
 */
export async function ensureDemoInventory(
  db: Db,
  owner: { accountId: string; userId: string },
): Promise<number> {
  const { accountId } = owner;
  const [existing] = await db
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(eq(inventoryItems.accountId, accountId))
    .limit(1);
  if (existing) return 0;
  return db.transaction(async (tx) => {
    const start = new Date(Date.now() - 35 * DAY_MS);
    const locations = await demoLocations(tx, accountId);
    const items = await demoItems(tx, accountId);
    const ledger: Ledger = { accountId, userId: owner.userId, balances: new Map(), rows: [] };
    const { warehouse, vans } = locations;

    for (const item of ITEMS) {
      const id = items.get(item.name)!;
      record(ledger, start, {
        kind: 'received',
        itemId: id,
        to: warehouse,
        quantity: toThousandths(item.received),
        unitCostCents: item.costCents,
        supplier: item.supplier,
        note: 'Opening stock',
      });
      for (const van of vans.values()) {
        if (item.perVan === 0) continue;
        record(ledger, new Date(start.getTime() + 2 * 3_600_000), {
          kind: item.kind === 'equipment' ? 'checked_out' : 'transferred',
          itemId: id,
          from: warehouse,
          to: van,
          quantity: toThousandths(item.perVan),
        });
      }
    }

    const byTool = new Map(
      ITEMS.filter((i) => i.tool).map((i) => [i.tool!, { ...i, id: items.get(i.name)! }]),
    );
    const visits = await completedVisits(tx, accountId, new Date(Date.now() - 30 * DAY_MS));
    let lastTopUp = start.getTime();
    for (const visit of visits) {
      const at = visit.startsAt!;
      // Every Monday-ish (each week), the vans are topped up from the warehouse.
      if (at.getTime() - lastTopUp > 7 * DAY_MS) {
        lastTopUp = at.getTime();
        topUp(ledger, new Date(at.getTime() - 3_600_000), warehouse, vans, items);
      }
      const van = visit.driver ? vans.get(visit.driver) : undefined;
      const from = van ?? warehouse;
      const input = visit.details
        ? estimateInputFromForm(visit.details as CalculatorFormValues)
        : null;
      // A visit without a calculator takes what a usual home clean takes.
      const materials = input
        ? calculatorMaterials(input)
        : [
            { toolName: 'Cleaning Solution', quantity: 2 },
            { toolName: 'Bathroom Cleaning Kit', quantity: 1 },
          ];
      for (const material of materials) {
        const item = byTool.get(material.toolName as CalculatorToolName);
        if (!item || item.kind !== 'consumable') continue;
        const quantity = toThousandths(material.quantity);
        let source = from;
        if (stock(ledger, item.id, source) < quantity) source = warehouse;
        if (stock(ledger, item.id, source) < quantity) {
          record(ledger, new Date(at.getTime() - 2 * 3_600_000), {
            kind: 'received',
            itemId: item.id,
            to: warehouse,
            quantity: toThousandths(item.reorderQuantity),
            unitCostCents: item.costCents,
            supplier: item.supplier,
          });
        }
        record(ledger, at, {
          kind: 'used',
          itemId: item.id,
          from: source,
          quantity,
          unitCostCents: item.costCents,
          jobId: visit.id,
        });
      }
    }

    // Yesterday's count: damaged refills leave the bathroom kits below their reorder point.
    const low = ITEMS.find((i) => i.name === LOW_ITEM)!;
    const lowId = items.get(LOW_ITEM)!;
    const total = [warehouse, ...vans.values()].reduce((s, l) => s + stock(ledger, lowId, l), 0);
    const target = toThousandths(low.reorderPoint) - 4000;
    const inWarehouse = stock(ledger, lowId, warehouse);
    const cut = Math.min(inWarehouse, Math.max(0, total - target));
    if (cut > 0) {
      record(ledger, new Date(Date.now() - DAY_MS), {
        kind: 'adjusted',
        itemId: lowId,
        to: warehouse,
        quantity: -cut,
        note: 'Counted on the shelf: a box of refills was damaged by a leak.',
      });
    }

    for (let i = 0; i < ledger.rows.length; i += 500) {
      await tx.insert(inventoryMovements).values(ledger.rows.slice(i, i + 500));
    }
    const balances = [...ledger.balances].map(([key, onHand]) => {
      const [itemId, locationId] = key.split(':') as [string, string];
      return { accountId, itemId, locationId, onHand: fromThousandths(onHand).toFixed(3) };
    });
    if (balances.length > 0) await tx.insert(inventoryBalances).values(balances);
    const after = [warehouse, ...vans.values()].reduce((s, l) => s + stock(ledger, lowId, l), 0);
    await recordEvent(tx, {
      accountId,
      type: 'inventory_item.low_stock',
      subjectId: lowId,
      actorUserId: owner.userId,
      payload: { onHand: fromThousandths(after), reorderPoint: low.reorderPoint },
    });
    return ledger.rows.length;
  });
}

/** Tops each van's consumables back up to its usual stock from the warehouse. */
function topUp(
  ledger: Ledger,
  at: Date,
  warehouse: string,
  vans: Map<string, string>,
  items: Map<string, string>,
) {
  for (const item of ITEMS) {
    if (item.kind !== 'consumable' || item.perVan === 0) continue;
    const id = items.get(item.name)!;
    for (const van of vans.values()) {
      const missing = toThousandths(item.perVan) - stock(ledger, id, van);
      const available = stock(ledger, id, warehouse);
      const quantity = Math.min(missing, available);
      if (quantity <= 0) continue;
      record(ledger, at, { kind: 'transferred', itemId: id, from: warehouse, to: van, quantity });
    }
  }
}

async function demoLocations(tx: Tx, accountId: string) {
  const [warehouse] = await tx
    .insert(inventoryLocations)
    .values({ accountId, name: 'Warehouse', kind: 'warehouse' })
    .returning({ id: inventoryLocations.id });
  const vans = new Map<string, string>();
  for (const first of DRIVERS) {
    const [driver] = await tx
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.accountId, accountId), eq(employees.firstName, first)))
      .limit(1);
    if (!driver) continue;
    const [van] = await tx
      .insert(inventoryLocations)
      .values({ accountId, name: `${first}'s van`, kind: 'van', employeeId: driver.id })
      .returning({ id: inventoryLocations.id });
    vans.set(driver.id, van!.id);
  }
  return { warehouse: warehouse!.id, vans };
}

async function demoItems(tx: Tx, accountId: string) {
  const categories = new Map<string, string>();
  for (const name of new Set(ITEMS.map((i) => i.category))) {
    const [row] = await tx
      .insert(inventoryCategories)
      .values({ accountId, name, slug: categorySlug(name) })
      .onConflictDoUpdate({
        target: [inventoryCategories.accountId, inventoryCategories.slug],
        set: { name },
      })
      .returning({ id: inventoryCategories.id });
    categories.set(name, row!.id);
  }
  const rows = await tx
    .insert(inventoryItems)
    .values(
      ITEMS.map((i) => ({
        accountId,
        name: i.name,
        sku: i.sku,
        categoryId: categories.get(i.category)!,
        unit: i.unit,
        kind: i.kind,
        costCents: i.costCents,
        reorderPoint: i.reorderPoint.toFixed(3),
        reorderQuantity: i.reorderQuantity.toFixed(3),
        supplier: i.supplier,
        calculatorTool: i.tool,
      })),
    )
    .returning({ id: inventoryItems.id, name: inventoryItems.name });
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** The completed visits since `from`, oldest first, with their first assignee and calculator. */
async function completedVisits(tx: Tx, accountId: string, from: Date) {
  return tx
    .select({
      id: jobs.id,
      startsAt: jobs.startsAt,
      details: requests.details,
      driver: sql<string | null>`(select ja.employee_id from ${jobAssignees} ja
        join ${employees} e on e.id = ja.employee_id
        where ja.job_id = ${jobs.id} and ja.account_id = ${jobs.accountId}
        order by e.first_name, e.id limit 1)`,
    })
    .from(jobs)
    .leftJoin(
      requests,
      and(eq(requests.id, jobs.requestId), eq(requests.accountId, jobs.accountId)),
    )
    .where(
      and(eq(jobs.accountId, accountId), eq(jobs.status, 'completed'), gte(jobs.startsAt, from)),
    )
    .orderBy(asc(jobs.startsAt))
    .limit(1000);
}
