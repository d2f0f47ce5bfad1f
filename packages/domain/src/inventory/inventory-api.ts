import { z } from 'zod';
import { FIELD_LIMITS, groupThousands, tooLongMessage } from '../schemas/field-limits.ts';
import {
  INVENTORY_MESSAGES,
  INVENTORY_UNIT_VALUES,
  ITEM_KINDS,
  LOCATION_KINDS,
  MOVEMENT_KINDS,
} from './inventory-rules.ts';

const T = FIELD_LIMITS.text;
const MONEY = FIELD_LIMITS.range.moneyCents;

/** The tool names of the calculator (spec section 9) an item can stand for. */
export const CALCULATOR_TOOL_NAMES = [
  'Basic Cleaning Kit',
  'Vacuum Cleaner',
  'Steam Cleaner',
  'Window Cleaning Kit',
  'Carpet Cleaner',
  'Cleaning Solution',
  'Bathroom Cleaning Kit',
] as const;
export type CalculatorToolName = (typeof CALCULATOR_TOOL_NAMES)[number];

/** The most of one item a business counts anywhere: a million units. */
const QUANTITY_MAX = 1_000_000;

const text = (label: string, max: number) =>
  z
    .string(`${label} must be text`)
    .trim()
    .max(max, { error: tooLongMessage(label, max) });
const requiredText = (label: string, max: number) =>
  text(label, max).min(1, { error: `${label} is required.` });
const optionalText = (label: string, max: number) =>
  text(label, max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .default(null);

function hasAtMostThreePlaces(quantity: number): boolean {
  return Math.abs(quantity * 1000 - Math.round(quantity * 1000)) < 1e-6;
}

/** A decimal quantity: above zero, at most three places. */
export const quantitySchema = z
  .number('Quantity must be a number')
  .positive(INVENTORY_MESSAGES.quantityPositive)
  .max(QUANTITY_MAX, `Quantity can be at most ${groupThousands(QUANTITY_MAX)}.`)
  .refine(hasAtMostThreePlaces, { message: 'Quantity can have at most three decimal places.' });

/** A count or a reorder level: zero or more, at most three places. */
const levelSchema = (label: string) =>
  z
    .number(`${label} must be a number`)
    .min(0, `${label} cannot be negative.`)
    .max(QUANTITY_MAX, `${label} can be at most ${groupThousands(QUANTITY_MAX)}.`)
    .refine(hasAtMostThreePlaces, { message: `${label} can have at most three decimal places.` });

const cents = (label: string) =>
  z
    .number(`${label} must be an amount in cents`)
    .int(`${label} must be a whole number of cents.`)
    .min(MONEY.min, `${label} cannot be negative.`)
    .max(MONEY.max, `${label} is too large.`);

const id = (label: string) => z.uuid(`${label} must be an id`);

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

export const categoryInputSchema = z.object({ name: requiredText('Category name', T.label) });

export const itemInputSchema = z.object({
  name: requiredText('Item name', T.label),
  sku: optionalText('SKU', T.reference),
  categoryId: id('categoryId').nullable().default(null),
  unit: z.enum(INVENTORY_UNIT_VALUES, {
    error: `unit must be one of ${INVENTORY_UNIT_VALUES.join(', ')}`,
  }),
  kind: z.enum(ITEM_KINDS, { error: "kind must be 'consumable' or 'equipment'" }),
  costCents: cents('Cost'),
  salePriceCents: cents('Sale price').nullable().default(null),
  reorderPoint: levelSchema('Reorder point').default(0),
  reorderQuantity: levelSchema('Reorder quantity').default(0),
  supplier: optionalText('Supplier', T.company),
  /** The calculator's tool or consumable this item stands for (its visits' materials). */
  calculatorTool: z
    .enum(CALCULATOR_TOOL_NAMES, { error: 'calculatorTool must be one of the calculator’s tools' })
    .nullable()
    .default(null),
});
export type ItemInput = z.input<typeof itemInputSchema>;

export const locationInputSchema = z.object({
  name: requiredText('Location name', T.label),
  kind: z.enum(LOCATION_KINDS, { error: "kind must be 'warehouse', 'van' or 'site'" }),
  /** A van's team member. */
  employeeId: id('employeeId').nullable().default(null),
});

const movementBase = {
  /** Made by the client: a retried request records the movement once. */
  clientId: z.uuid('clientId must be a uuid'),
  itemId: id('itemId'),
  note: optionalText('Note', T.longText),
};

/** POST /api/inventory/movements: one change of stock (a count's adjustments go through counts). */
export const movementInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      ...movementBase,
      kind: z.literal('received'),
      quantity: quantitySchema,
      toLocationId: id('toLocationId'),
      unitCostCents: cents('Unit cost').nullable().default(null),
      supplier: optionalText('Supplier', T.company),
    }),
    z.object({
      ...movementBase,
      kind: z.literal('used'),
      quantity: quantitySchema,
      fromLocationId: id('fromLocationId'),
      jobId: id('jobId').nullable().default(null),
    }),
    z.object({
      ...movementBase,
      kind: z.enum(['transferred', 'checked_out', 'checked_in']),
      quantity: quantitySchema,
      fromLocationId: id('fromLocationId'),
      toLocationId: id('toLocationId'),
      jobId: id('jobId').nullable().default(null),
    }),
    z.object({
      ...movementBase,
      kind: z.literal('returned'),
      quantity: quantitySchema,
      fromLocationId: id('fromLocationId'),
    }),
  ],
  {
    error: `kind must be one of ${MOVEMENT_KINDS.filter((k) => k !== 'adjusted').join(', ')}`,
  },
);
export type MovementInputBody = z.input<typeof movementInputSchema>;

/** POST /api/inventory/counts: a stock-take of one location; differences become adjustments. */
export const countInputSchema = z.object({
  clientId: z.uuid('clientId must be a uuid'),
  locationId: id('locationId'),
  reason: text('Reason', T.longText).min(1, INVENTORY_MESSAGES.reasonRequired),
  lines: z
    .array(z.object({ itemId: id('itemId'), counted: levelSchema('Counted quantity') }))
    .min(1, 'Count at least one item.')
    .max(1000, 'At most 1,000 items in one count.'),
});

/** PUT /api/jobs/:id/materials: what the visit used, from which location. */
export const materialsUsedInputSchema = z.object({
  clientId: z.uuid('clientId must be a uuid'),
  lines: z
    .array(
      z.object({
        itemId: id('itemId'),
        fromLocationId: id('fromLocationId'),
        quantity: quantitySchema,
      }),
    )
    .max(100, 'At most 100 materials on one visit.'),
});

export const inventorySettingsInputSchema = z.object({
  /** Let stock go below zero (a count catches up later) instead of refusing the movement. */
  allowNegativeStock: z.boolean('allowNegativeStock must be true or false'),
});

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const inventoryCategorySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  itemCount: z.number().int(),
});
export type InventoryCategory = z.output<typeof inventoryCategorySchema>;

export const inventoryLocationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(LOCATION_KINDS),
  employeeId: z.uuid().nullable(),
  employeeName: z.string().nullable(),
});
export type InventoryLocation = z.output<typeof inventoryLocationSchema>;

export const stockForecastSchema = z.object({
  plannedUse: z.number(),
  runsOutOn: z.string().nullable(),
  reachesReorderPointOn: z.string().nullable(),
  orderQuantity: z.number(),
});

export const inventoryItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  sku: z.string().nullable(),
  categoryId: z.uuid().nullable(),
  categoryName: z.string().nullable(),
  unit: z.enum(INVENTORY_UNIT_VALUES),
  kind: z.enum(ITEM_KINDS),
  costCents: z.number().int(),
  salePriceCents: z.number().int().nullable(),
  reorderPoint: z.number(),
  reorderQuantity: z.number(),
  supplier: z.string().nullable(),
  calculatorTool: z.enum(CALCULATOR_TOOL_NAMES).nullable(),
  photoUrl: z.string().nullable(),
  /** Every location together. */
  onHand: z.number(),
  /** At or below the reorder point. */
  low: z.boolean(),
});
export type InventoryItem = z.output<typeof inventoryItemSchema>;

export const movementSchema = z.object({
  id: z.uuid(),
  itemId: z.uuid(),
  kind: z.enum(MOVEMENT_KINDS),
  quantity: z.number(),
  fromLocationName: z.string().nullable(),
  toLocationName: z.string().nullable(),
  jobId: z.uuid().nullable(),
  jobTitle: z.string().nullable(),
  unitCostCents: z.number().int().nullable(),
  supplier: z.string().nullable(),
  note: z.string().nullable(),
  byName: z.string().nullable(),
  at: z.string(),
});
export type Movement = z.output<typeof movementSchema>;
