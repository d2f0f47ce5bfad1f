import { describe, expect, it } from 'vitest';
import { toolsFor } from '../pricing/calculator.ts';
import { CALCULATOR_TOOL_NAMES, itemInputSchema, quantitySchema } from './inventory-api.ts';
import {
  balanceAfter,
  INVENTORY_MESSAGES,
  calculatorMaterials,
  categorySlug,
  fromThousandths,
  quantityFitsUnit,
  quantityWithUnit,
  stockChangesOf,
  stockForecast,
  toThousandths,
} from './inventory-rules.ts';

describe('quantities', () => {
  it('sum in thousandths exactly', () => {
    expect(fromThousandths(toThousandths(0.1) + toThousandths(0.2))).toBe(0.3);
    expect(toThousandths(2.125)).toBe(2125);
  });

  it.each([
    [1, 'bottle', true],
    [1.5, 'bottle', false],
    [1.5, 'litre', true],
    [0.25, 'gallon', true],
    [3, 'each', true],
    [0.5, 'each', false],
  ] as const)('%d %s fits: %s', (quantity, unit, fits) => {
    expect(quantityFitsUnit(quantity, unit)).toBe(fits);
  });

  it.each([
    [0, 'Enter a quantity above zero.'],
    [-1, 'Enter a quantity above zero.'],
    [1.2345, 'Quantity can have at most three decimal places.'],
    [2_000_000, 'Quantity can be at most 1,000,000.'],
  ])('a quantity of %d is refused: %s', (quantity, message) => {
    const parsed = quantitySchema.safeParse(quantity);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it.each([
    [1, 'bottle', '1 bottle'],
    [10, 'bottle', '10 bottles'],
    [2.5, 'litre', '2.5 liters'],
    [2, 'box', '2 boxes'],
    [3, 'foot', '3 feet'],
    [3, 'each', '3'],
  ] as const)('%d %s reads "%s"', (quantity, unit, text) => {
    expect(quantityWithUnit(quantity, unit)).toBe(text);
  });

  it('accepts three places', () => {
    expect(quantitySchema.parse(1.125)).toBe(1.125);
  });
});

describe('categorySlug', () => {
  it.each([
    ['Cleaning Supplies', 'cleaning-supplies'],
    ['  Mops & Brooms!! ', 'mops-brooms'],
    ['Van #2 — Tools', 'van-2-tools'],
  ])('%s → %s', (name, slug) => {
    expect(categorySlug(name)).toBe(slug);
  });
});

describe('stockChangesOf', () => {
  const A = 'warehouse';
  const B = 'van';

  it.each([
    [{ kind: 'received', quantity: 10, toLocationId: A }, [{ locationId: A, delta: 10_000 }]],
    [{ kind: 'used', quantity: 1.5, fromLocationId: B }, [{ locationId: B, delta: -1500 }]],
    [{ kind: 'returned', quantity: 2, fromLocationId: A }, [{ locationId: A, delta: -2000 }]],
    [
      { kind: 'transferred', quantity: 4, fromLocationId: A, toLocationId: B },
      [
        { locationId: A, delta: -4000 },
        { locationId: B, delta: 4000 },
      ],
    ],
    [
      { kind: 'checked_out', quantity: 1, fromLocationId: A, toLocationId: B },
      [
        { locationId: A, delta: -1000 },
        { locationId: B, delta: 1000 },
      ],
    ],
    [
      { kind: 'adjusted', quantity: 0, toLocationId: B, signedQuantity: -0.5 },
      [{ locationId: B, delta: -500 }],
    ],
    [{ kind: 'adjusted', quantity: 0, toLocationId: B, signedQuantity: 0 }, []],
  ] as const)('%j changes %j', (movement, changes) => {
    expect(stockChangesOf(movement)).toEqual({ ok: true, changes });
  });

  it.each([
    [
      { kind: 'transferred', quantity: 1, fromLocationId: A, toLocationId: A },
      'Choose two different locations to transfer between.',
    ],
    [{ kind: 'transferred', quantity: 1, fromLocationId: A }, 'Choose both locations.'],
    [{ kind: 'received', quantity: 1 }, 'Choose where the stock arrives.'],
    [{ kind: 'used', quantity: 1 }, 'Choose where the stock is taken from.'],
    [{ kind: 'used', quantity: 0, fromLocationId: A }, 'Enter a quantity above zero.'],
    [{ kind: 'adjusted', quantity: 0, signedQuantity: 1 }, 'Choose the location that was counted.'],
  ] as const)('%j is refused: %s', (movement, message) => {
    expect(stockChangesOf(movement)).toEqual({ ok: false, message });
  });
});

describe('balanceAfter', () => {
  it.each([
    [1000, -1000, false, 0],
    [1000, -1001, false, null],
    [1000, -1001, true, -1],
    [-500, 2000, false, 1500],
    [-500, -100, false, null],
  ])('%d %d (negative allowed: %s) → %s', (onHand, delta, allow, after) => {
    expect(balanceAfter(onHand, delta, allow)).toBe(after);
  });
});

describe('calculatorMaterials', () => {
  it('takes the calculator’s tool rules: solution by started 1,000 sq ft, the bathroom kit by started two bathrooms', () => {
    expect(
      calculatorMaterials({
        propertyType: 'residential',
        squareFootage: 2500,
        numberOfRooms: 3,
        numberOfBathrooms: 3,
        frequency: 'weekly',
        additionalServices: [],
      }),
    ).toEqual([
      { toolName: 'Basic Cleaning Kit', quantity: 1 },
      { toolName: 'Vacuum Cleaner', quantity: 1 },
      { toolName: 'Cleaning Solution', quantity: 3 },
      { toolName: 'Bathroom Cleaning Kit', quantity: 2 },
    ]);
  });

  it('names only tools an item can be linked to', () => {
    const everything = toolsFor({
      propertyType: 'residential',
      squareFootage: 1000,
      numberOfRooms: 1,
      numberOfBathrooms: 1,
      frequency: 'one-time',
      additionalServices: ['deep-cleaning', 'window-cleaning', 'carpet-cleaning'],
    });
    for (const tool of everything) expect(CALCULATOR_TOOL_NAMES).toContain(tool.name);
    expect(itemInputSchema.safeParse({ calculatorTool: 'Sponge' }).success).toBe(false);
  });
});

describe('stockForecast', () => {
  const day = (n: number) => `2026-12-${String(n).padStart(2, '0')}`;

  it('plenty of stock: it lasts, nothing to order', () => {
    expect(
      stockForecast({
        today: day(1),
        onHand: 50,
        reorderPoint: 5,
        reorderQuantity: 10,
        planned: [
          { date: day(2), quantity: 2 },
          { date: day(9), quantity: 3 },
        ],
      }),
    ).toEqual({ plannedUse: 5, runsOutOn: null, reachesReorderPointOn: null, orderQuantity: 0 });
  });

  it('the schedule takes it to the reorder point, then below zero: the dates and what to order', () => {
    expect(
      stockForecast({
        today: day(1),
        onHand: 6,
        reorderPoint: 2,
        reorderQuantity: 12,
        planned: [
          { date: day(8), quantity: 2 },
          { date: day(3), quantity: 2 },
          { date: day(3), quantity: 1 },
          { date: day(10), quantity: 3 },
        ],
      }),
    ).toEqual({
      plannedUse: 8,
      // 6 → 3 on the 3rd, → 1 on the 8th (at or below 2), → -2 on the 10th.
      reachesReorderPointOn: day(8),
      runsOutOn: day(10),
      // Short by 2 + back to the reorder point 2 = 4: the usual 12 is ordered.
      orderQuantity: 12,
    });
  });

  it('when a visit uses exactly the last of it, then it runs out on that visit, not on the next', () => {
    expect(
      stockForecast({
        today: day(1),
        onHand: 4,
        reorderPoint: 1,
        reorderQuantity: 6,
        planned: [
          { date: day(3), quantity: 2 },
          { date: day(5), quantity: 2 },
          { date: day(9), quantity: 2 },
        ],
      }),
    ).toMatchObject({ runsOutOn: day(5) });
  });

  it('a shortfall larger than the reorder quantity orders the shortfall, in whole units', () => {
    expect(
      stockForecast({
        today: day(1),
        onHand: 1,
        reorderPoint: 1,
        reorderQuantity: 2,
        planned: [{ date: day(4), quantity: 7.5 }],
      }),
    ).toMatchObject({ runsOutOn: day(4), orderQuantity: 8 });
  });

  it('already at the reorder point today with nothing planned: order the reorder quantity', () => {
    expect(
      stockForecast({
        today: day(1),
        onHand: 2,
        reorderPoint: 2,
        reorderQuantity: 10,
        planned: [],
      }),
    ).toEqual({ plannedUse: 0, runsOutOn: null, reachesReorderPointOn: day(1), orderQuantity: 10 });
  });
});

describe('INVENTORY_MESSAGES.notEnough', () => {
  it.each([
    [0, 'None of Degreaser is left there: the stock cannot go below zero.'],
    [2, 'Only 2 bottles of Degreaser left there: the stock cannot go below zero.'],
  ])('when %s are left, then it reads %j', (available, text) => {
    expect(INVENTORY_MESSAGES.notEnough('Degreaser', available, 'bottle')).toBe(text);
  });
});
