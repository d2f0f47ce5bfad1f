import { z } from 'zod';
import { rolesForRoute } from '../auth/access.ts';
import type { Role } from '../auth/roles.ts';
import { emptyAsUndefined } from '../schemas/api-fields.ts';
import { FIELD_LIMITS, tooLongMessage } from '../schemas/field-limits.ts';
import { dollarsToCents } from '../pricing/calculator.ts';
import {
  importHeaderKey,
  importMappingSchemaOf,
  importModeSchema,
  importPreviewSchemaOf,
  importRowErrorSchema,
  suggestColumnMapping,
} from '../csv-import/csv-import.ts';
import {
  CALCULATOR_TOOL_NAMES,
  inventoryItemSchema,
  itemInputSchema,
  movementSchema,
  stockForecastSchema,
} from './inventory-api.ts';
import { INVENTORY_UNIT_VALUES, ITEM_KINDS, LOCATION_KINDS } from './inventory-rules.ts';

/**
 * The inventory API's lists, pages and reports (issue 21), beside the input shapes of
 * inventory-api.ts: the item list with its stock value, the item page, the reorder list, a
 * visit's materials, and the items CSV import.
 */

const T = FIELD_LIMITS.text;

/** Spec section 6: /inventory is for admins and managers. */
export const INVENTORY_ROUTE_ROLES: readonly Role[] = rolesForRoute('/inventory');

export const INVENTORY_LIST_DEFAULT_LIMIT = 50;
export const INVENTORY_LIST_MAX_LIMIT = 200;
/** A list's total is exact up to this many items (totalCapped above). */
export const INVENTORY_COUNT_CAP = 10_000;
export const MOVEMENT_PAGE_DEFAULT_LIMIT = 25;
export const MOVEMENT_PAGE_MAX_LIMIT = 100;

export const INVENTORY_ERRORS = {
  categoryTaken: 'A category with this name already exists.',
  locationHasHistory:
    'Stock has moved through this location and its history names it: rename it instead of deleting it.',
  itemHasStock: 'This item is still in stock somewhere: count it out first.',
  lastWarehouse: 'A business keeps at least one warehouse.',
  clientIdReused: 'This clientId was already used for a different change.',
} as const;

const optionalFilter = <S extends z.ZodType>(schema: S) =>
  z.preprocess(emptyAsUndefined, schema.optional());

const pageLimit = (max: number) =>
  optionalFilter(
    z.coerce
      .number('limit must be a number')
      .int('limit must be a whole number')
      .min(1, `limit must be between 1 and ${max}`)
      .max(max, `limit must be between 1 and ${max}`),
  );

/** GET /api/inventory/items */
export const inventoryItemListQuerySchema = z.object({
  /** A category's slug (the `{category}` of the route) or its id. */
  category: optionalFilter(z.string().trim().max(T.label, tooLongMessage('category', T.label))),
  /** Only items held at this location (and the stock shown is that location's). */
  locationId: optionalFilter(z.uuid('locationId must be a location id')),
  low: optionalFilter(z.enum(['true', 'false'], { error: 'low must be true or false' })),
  /** Anywhere in the name, the SKU or the supplier. */
  q: optionalFilter(
    z.string().trim().max(T.search, `Search can be at most ${T.search} characters.`),
  ),
  offset: optionalFilter(
    z.coerce
      .number('offset must be a number')
      .int('offset must be a whole number')
      .min(0, 'offset cannot be negative')
      .max(INVENTORY_COUNT_CAP, `offset can be at most ${INVENTORY_COUNT_CAP}`),
  ),
  limit: pageLimit(INVENTORY_LIST_MAX_LIMIT),
});
export type InventoryItemListQuery = z.output<typeof inventoryItemListQuerySchema>;

export const inventoryItemListSchema = z.object({
  items: z.array(inventoryItemSchema),
  total: z.number().int(),
  totalCapped: z.boolean(),
  /** The stock on hand of every matching item at its cost (not only this page's). */
  stockValueCents: z.number().int(),
});
export type InventoryItemList = z.output<typeof inventoryItemListSchema>;

/** GET /api/inventory/items/:id/movements and the item page's history. */
export const movementPageQuerySchema = z.object({
  cursor: optionalFilter(
    z.string().max(200, 'cursor is not valid; start again from the first page'),
  ),
  limit: pageLimit(MOVEMENT_PAGE_MAX_LIMIT),
});

export const movementPageSchema = z.object({
  items: z.array(movementSchema),
  nextCursor: z.string().nullable(),
});
export type MovementPage = z.output<typeof movementPageSchema>;

export const locationStockSchema = z.object({
  locationId: z.uuid(),
  locationName: z.string(),
  kind: z.enum(LOCATION_KINDS),
  onHand: z.number(),
});

/** GET /api/inventory/items/:id: the item page. */
export const inventoryItemDetailSchema = z.object({
  item: inventoryItemSchema,
  stock: z.array(locationStockSchema),
  movements: movementPageSchema,
  forecast: stockForecastSchema,
});
export type InventoryItemDetail = z.output<typeof inventoryItemDetailSchema>;

/** GET /api/inventory/reorder: items at or below their reorder point, or heading there. */
export const reorderListSchema = z.object({
  items: z.array(
    z.object({
      item: inventoryItemSchema,
      forecast: stockForecastSchema,
    }),
  ),
});
export type ReorderList = z.output<typeof reorderListSchema>;

/** POST /api/inventory/counts: the adjustments the count made (none when it matched). */
export const countResultSchema = z.object({ adjustments: z.array(movementSchema) });

export const inventorySettingsSchema = z.object({ allowNegativeStock: z.boolean() });
export type InventorySettings = z.output<typeof inventorySettingsSchema>;

/** The most items a visit's materials offer to add. */
export const VISIT_MATERIAL_ITEMS_MAX = 1000;

/** A team member recording a visit's materials from a location that is not theirs to use. */
export const MATERIALS_SOURCE_NOT_ALLOWED =
  'Take the materials from your van or a warehouse: choose one of those.';

/** GET/PUT /api/jobs/:id/materials */
export const visitMaterialsSchema = z.object({
  jobId: z.uuid(),
  /** Where the visit's materials come from by default: the first assignee's van, or a warehouse. */
  defaultLocationId: z.uuid().nullable(),
  /** What the visit's request calculator says it needs, matched to items by their tool. */
  suggested: z.array(
    z.object({
      toolName: z.enum(CALCULATOR_TOOL_NAMES),
      itemId: z.uuid().nullable(),
      itemName: z.string().nullable(),
      unit: z.enum(INVENTORY_UNIT_VALUES).nullable(),
      kind: z.enum(ITEM_KINDS).nullable(),
      quantity: z.number(),
      fromLocationId: z.uuid().nullable(),
      fromLocationName: z.string().nullable(),
    }),
  ),
  /**
   * Where this person may take the visit's materials from: the warehouses and the vans of the
   * visit's team (every location for those who manage stock).
   */
  sources: z.array(z.object({ id: z.uuid(), name: z.string(), kind: z.enum(LOCATION_KINDS) })),
  /**
   * The items that may be added to the visit (the first VISIT_MATERIAL_ITEMS_MAX by name), with
   * their stock at those sources; no costs.
   */
  items: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      unit: z.enum(INVENTORY_UNIT_VALUES),
      kind: z.enum(ITEM_KINDS),
      stock: z.array(z.object({ locationId: z.uuid(), onHand: z.number() })),
    }),
  ),
  /** What was recorded for the visit (consumables used, equipment checked out). */
  recorded: z.array(
    z.object({
      itemId: z.uuid(),
      itemName: z.string(),
      unit: z.enum(INVENTORY_UNIT_VALUES),
      kind: z.enum(ITEM_KINDS),
      quantity: z.number(),
      fromLocationId: z.uuid(),
      fromLocationName: z.string(),
    }),
  ),
  recordedAt: z.string().nullable(),
  /** The consumables' cost at the items' cost: only for the roles that see costs. */
  materialCostCents: z.number().int().optional(),
});
export type VisitMaterials = z.output<typeof visitMaterialsSchema>;

// ---------------------------------------------------------------------------------------------
// Items CSV (export and import with a mapping, like the contacts import)
// ---------------------------------------------------------------------------------------------

export const ITEM_IMPORT_FIELDS = [
  'name',
  'sku',
  'category',
  'unit',
  'kind',
  'cost',
  'salePrice',
  'reorderPoint',
  'reorderQuantity',
  'supplier',
  'calculatorTool',
] as const;
export type ItemImportField = (typeof ITEM_IMPORT_FIELDS)[number];

export const ITEM_FIELD_HEADERS: Readonly<Record<ItemImportField, string>> = {
  name: 'Name',
  sku: 'SKU',
  category: 'Category',
  unit: 'Unit',
  kind: 'Kind',
  cost: 'Cost',
  salePrice: 'Sale Price',
  reorderPoint: 'Reorder Point',
  reorderQuantity: 'Reorder Quantity',
  supplier: 'Supplier',
  calculatorTool: 'Calculator Tool',
};

/** Columns the export adds after the fields: for the record, never imported (stock moves by movements). */
export const ITEM_EXPORT_EXTRA_HEADERS = ['On Hand', 'ID'] as const;

export const ITEM_IMPORT_MAX_ROWS = 5_000;
export const ITEM_IMPORT_MAX_BYTES = 2 * 1024 * 1024;

const ITEM_FIELD_ALIASES: Readonly<Record<ItemImportField, readonly string[]>> = {
  name: ['name', 'item', 'itemname', 'product', 'description'],
  sku: ['sku', 'code', 'itemcode', 'partnumber', 'ref'],
  category: ['category', 'group', 'categoryname'],
  unit: ['unit', 'uom', 'unitofmeasure'],
  kind: ['kind', 'type', 'itemtype'],
  cost: ['cost', 'unitcost', 'costprice', 'purchaseprice'],
  salePrice: ['saleprice', 'price', 'sellingprice'],
  reorderPoint: ['reorderpoint', 'minimum', 'minstock', 'reorderlevel'],
  reorderQuantity: ['reorderquantity', 'reorderqty', 'orderquantity'],
  supplier: ['supplier', 'vendor'],
  calculatorTool: ['calculatortool', 'tool'],
};

/** For each field, the first header that names it (or null); each header serves one field. */
export function suggestItemImportMapping(
  headers: readonly string[],
): Record<ItemImportField, string | null> {
  return suggestColumnMapping(ITEM_IMPORT_FIELDS, headers, ITEM_FIELD_HEADERS, ITEM_FIELD_ALIASES);
}

const itemCsvText = z
  .string({ error: 'csv must be the text of the file' })
  .max(2 * ITEM_IMPORT_MAX_BYTES, {
    error: 'The file is too large: an import can be at most 2 MB.',
  });

/** POST /api/inventory/items/import/preview */
export const itemImportPreviewBodySchema = z.object({ csv: itemCsvText });

/** POST /api/inventory/items/import */
export const itemImportBodySchema = z.object({
  csv: itemCsvText,
  mapping: importMappingSchemaOf(ITEM_IMPORT_FIELDS, 'item').refine((m) => Boolean(m.name), {
    error: 'Map a column to the item’s name.',
  }),
  mode: importModeSchema,
  dryRun: z.boolean().optional().default(false),
});
export type ItemImportBody = z.output<typeof itemImportBodySchema>;

export const itemImportPreviewSchema = importPreviewSchemaOf(ITEM_IMPORT_FIELDS);
export type ItemImportPreview = z.output<typeof itemImportPreviewSchema>;

export const itemImportResultSchema = z.object({
  /** Rows imported: items made plus items updated. */
  imported: z.number().int(),
  /** New items. */
  created: z.number().int(),
  /** Existing items the file's rows matched (by SKU, else by exact name) and updated. */
  updated: z.number().int(),
  /** Categories the import made (named in the file, not yet in the business). */
  categoriesCreated: z.number().int(),
  errors: z.array(importRowErrorSchema),
});
export type ItemImportResult = z.output<typeof itemImportResultSchema>;

export type CsvItemRow =
  | { ok: true; values: z.output<typeof itemInputSchema>; categoryName: string | null }
  | { ok: false; messages: string[] };

function csvNumber(raw: string | undefined, label: string, messages: string[]): number | undefined {
  const text = (raw ?? '').trim().replace(/^\$/, '').replace(/,/g, '');
  if (text === '') return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) {
    messages.push(`${label} must be a number.`);
    return undefined;
  }
  return value;
}

/**
 * One CSV row (the cells of the mapped columns by field) checked with the item dialog's schema,
 * so the messages are the dialog's. Money columns are dollars (12.50); unit and kind accept any
 * case; a blank unit is 'each' and a blank kind 'consumable'. The category stays a name here: the
 * server finds it or makes it.
 */
export function itemFromCsvRow(cells: Partial<Record<ItemImportField, string>>): CsvItemRow {
  const messages: string[] = [];
  const cell = (field: ItemImportField) => (cells[field] ?? '').trim();
  const cost = csvNumber(cells.cost, 'Cost', messages);
  const salePrice = csvNumber(cells.salePrice, 'Sale price', messages);
  const reorderPoint = csvNumber(cells.reorderPoint, 'Reorder point', messages);
  const reorderQuantity = csvNumber(cells.reorderQuantity, 'Reorder quantity', messages);
  const tool = cell('calculatorTool');
  const candidate = {
    name: cell('name'),
    sku: cell('sku'),
    unit: cell('unit').toLowerCase() || 'each',
    kind: cell('kind').toLowerCase() || 'consumable',
    costCents: cost === undefined ? 0 : dollarsToCents(cost),
    salePriceCents: salePrice === undefined ? null : dollarsToCents(salePrice),
    ...(reorderPoint === undefined ? {} : { reorderPoint }),
    ...(reorderQuantity === undefined ? {} : { reorderQuantity }),
    supplier: cell('supplier'),
    calculatorTool:
      tool === ''
        ? null
        : (CALCULATOR_TOOL_NAMES.find((n) => importHeaderKey(n) === importHeaderKey(tool)) ?? tool),
  };
  const parsed = itemInputSchema.safeParse(candidate);
  if (!parsed.success) messages.push(...parsed.error.issues.map((i) => i.message));
  if (messages.length > 0 || !parsed.success) return { ok: false, messages };
  const category = cell('category');
  if (category.length > T.label)
    return { ok: false, messages: [tooLongMessage('Category name', T.label)] };
  return { ok: true, values: parsed.data, categoryName: category === '' ? null : category };
}
