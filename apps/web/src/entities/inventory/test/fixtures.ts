import type {
  InventoryCategory,
  InventoryItem,
  InventoryItemDetail,
  InventoryItemList,
  InventoryLocation,
  VisitMaterials,
} from '@crewdesk/domain';

export const ITEM_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const CATEGORY_ID = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
export const WAREHOUSE_ID = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
export const VAN_ID = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';
export const JOB_ID = 'ffffffff-ffff-4fff-8fff-ffffffffffff';
/** An item a visit's materials offer to add (not suggested). */
export const MATERIAL_CLOTHS_ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

export function category(overrides: Partial<InventoryCategory> = {}): InventoryCategory {
  return { id: CATEGORY_ID, name: 'Chemicals', slug: 'chemicals', itemCount: 1, ...overrides };
}

export function locations(): InventoryLocation[] {
  return [
    {
      id: WAREHOUSE_ID,
      name: 'Warehouse',
      kind: 'warehouse',
      employeeId: null,
      employeeName: null,
    },
    { id: VAN_ID, name: 'Van 1', kind: 'van', employeeId: null, employeeName: 'Sam Diaz' },
  ];
}

export function item(overrides: Partial<InventoryItem> = {}): InventoryItem {
  return {
    id: ITEM_ID,
    name: 'Cleaning Solution',
    sku: 'CS-1',
    categoryId: CATEGORY_ID,
    categoryName: 'Chemicals',
    unit: 'bottle',
    kind: 'consumable',
    costCents: 450,
    salePriceCents: null,
    reorderPoint: 5,
    reorderQuantity: 12,
    supplier: 'Acme Supply',
    calculatorTool: 'Cleaning Solution',
    photoUrl: null,
    onHand: 8,
    low: false,
    ...overrides,
  };
}

export function itemList(items = [item()], stockValueCents = 3600): InventoryItemList {
  return { items, total: items.length, totalCapped: false, stockValueCents };
}

export function itemDetail(overrides: Partial<InventoryItemDetail> = {}): InventoryItemDetail {
  return {
    item: item(),
    stock: [
      { locationId: WAREHOUSE_ID, locationName: 'Warehouse', kind: 'warehouse', onHand: 6 },
      { locationId: VAN_ID, locationName: 'Van 1', kind: 'van', onHand: 2 },
    ],
    movements: {
      items: [
        {
          id: '99999999-9999-4999-8999-999999999999',
          itemId: ITEM_ID,
          kind: 'received',
          quantity: 8,
          fromLocationName: null,
          toLocationName: 'Warehouse',
          jobId: null,
          jobTitle: null,
          unitCostCents: 450,
          supplier: 'Acme Supply',
          note: null,
          byName: 'Ada Lovelace',
          at: '2026-11-20T10:00:00.000Z',
        },
      ],
      nextCursor: null,
    },
    forecast: {
      plannedUse: 10,
      runsOutOn: '2026-12-04',
      reachesReorderPointOn: '2026-11-30',
      orderQuantity: 12,
    },
    ...overrides,
  };
}

export function visitMaterials(overrides: Partial<VisitMaterials> = {}): VisitMaterials {
  return {
    jobId: JOB_ID,
    defaultLocationId: VAN_ID,
    suggested: [
      {
        toolName: 'Cleaning Solution',
        itemId: ITEM_ID,
        itemName: 'Cleaning Solution',
        unit: 'bottle',
        kind: 'consumable',
        quantity: 2,
        fromLocationId: VAN_ID,
        fromLocationName: 'Van 1',
      },
      {
        toolName: 'Steam Cleaner',
        itemId: null,
        itemName: null,
        unit: null,
        kind: null,
        quantity: 1,
        fromLocationId: null,
        fromLocationName: null,
      },
    ],
    sources: [
      { id: WAREHOUSE_ID, name: 'Warehouse', kind: 'warehouse' },
      { id: VAN_ID, name: 'Van 1', kind: 'van' },
    ],
    items: [
      {
        id: ITEM_ID,
        name: 'Cleaning Solution',
        unit: 'bottle',
        kind: 'consumable',
        stock: [
          { locationId: WAREHOUSE_ID, onHand: 10 },
          { locationId: VAN_ID, onHand: 4 },
        ],
      },
      {
        id: MATERIAL_CLOTHS_ID,
        name: 'Microfiber cloths',
        unit: 'pack',
        kind: 'consumable',
        stock: [{ locationId: WAREHOUSE_ID, onHand: 6 }],
      },
    ],
    recorded: [],
    recordedAt: null,
    ...overrides,
  };
}
