import { describe, expect, it } from 'vitest';
import {
  BASE_HOURLY_RATE,
  CALCULATOR_DEFAULTS,
  calculateEstimate,
  centsToDollars,
  dollarsToCents,
  formatUsd,
  LABOUR_COST_PER_HOUR,
  marginBand,
  SQUARE_FOOTAGE_RANGE,
  type EstimateInput,
} from './calculator.ts';
import type { CleaningFrequency } from './options.ts';

const DEFAULTS: EstimateInput = {
  propertyType: CALCULATOR_DEFAULTS.propertyType,
  squareFootage: CALCULATOR_DEFAULTS.squareFootage,
  numberOfRooms: CALCULATOR_DEFAULTS.numberOfRooms,
  numberOfBathrooms: CALCULATOR_DEFAULTS.numberOfBathrooms,
  frequency: CALCULATOR_DEFAULTS.frequency,
  additionalServices: CALCULATOR_DEFAULTS.additionalServices,
};

function estimate(overrides: Partial<EstimateInput> = {}) {
  return calculateEstimate({ ...DEFAULTS, ...overrides });
}

function toolQuantity(overrides: Partial<EstimateInput>, name: string): number {
  return estimate(overrides).tools.find((t) => t.name === name)?.quantity ?? 0;
}

describe('constants', () => {
  it('when reading the rates and defaults, then they are the spec values', () => {
    expect(BASE_HOURLY_RATE).toBe(35);
    expect(LABOUR_COST_PER_HOUR).toBe(17.5);
    expect(SQUARE_FOOTAGE_RANGE).toEqual({ min: 500, max: 10000, step: 100 });
    expect(CALCULATOR_DEFAULTS).toEqual({
      propertyType: 'residential',
      squareFootage: 1000,
      frequency: 'one-time',
      numberOfRooms: 1,
      numberOfBathrooms: 1,
      additionalServices: [],
      specificAreas: [],
      accessibility: [],
      clientPreferences: [],
      condition: undefined,
      hourlyRate: 35,
    });
  });
});

describe('calculateEstimate with the spec defaults', () => {
  // Worked by hand (residential, 1,000 sq ft, one-time, 1 room, 1 bathroom, no services):
  //   price   = 0.05 × 1000 + 25 × 1 + 20 × 1 = 50 + 25 + 20 = $95.00 (× 1 for one-time)
  //   hours   = round(95 / 35 = 2.71) = 3 (above the minimum of 2)
  //   labour  = 3 × 17.50 = $52.50
  //   tools   = Basic Cleaning Kit 15 + Vacuum Cleaner 8 (residential)
  //             + Cleaning Solution ceil(1000/1000)=1 × 5 + Bathroom Cleaning Kit ceil(1/2)=1 × 10 = $38.00
  //   cost    = 52.50 + 38.00 = $90.50
  //   profit  = 95.00 − 90.50 = $4.50
  //   margin  = round(4.50 / 95.00 × 100 = 4.74) = 5 → below 10 → red
  it('when nothing is changed, then every figure matches the hand calculation', () => {
    expect(estimate()).toEqual({
      priceCents: 9500,
      estimatedHours: 3,
      formulaHours: 3,
      labourCostCents: 5250,
      tools: [
        {
          name: 'Basic Cleaning Kit',
          quantity: 1,
          costPerUnitCents: 1500,
          sellingPriceCents: 0,
          required: true,
        },
        {
          name: 'Vacuum Cleaner',
          quantity: 1,
          costPerUnitCents: 800,
          sellingPriceCents: 0,
          required: true,
        },
        {
          name: 'Cleaning Solution',
          quantity: 1,
          costPerUnitCents: 500,
          sellingPriceCents: 0,
          required: true,
        },
        {
          name: 'Bathroom Cleaning Kit',
          quantity: 1,
          costPerUnitCents: 1000,
          sellingPriceCents: 0,
          required: true,
        },
      ],
      toolsCostCents: 3800,
      totalCostCents: 9050,
      profitCents: 450,
      profitMarginPercent: 5,
      marginBand: 'red',
    });
  });
});

describe('price', () => {
  // Base $95.00 = 9500 cents; each multiplier applied, then rounded to the cent.
  it.each<[CleaningFrequency, number]>([
    ['one-time', 9500], // 95 × 1
    ['weekly', 8075], // 95 × 0.85 = 80.75
    ['bi-weekly', 8550], // 95 × 0.9 = 85.50
    ['monthly', 9025], // 95 × 0.95 = 90.25
  ])('when the frequency is %s, then the price is %i cents', (frequency, priceCents) => {
    expect(estimate({ frequency }).priceCents).toBe(priceCents);
  });

  it.each([
    // Each input on its own, from a zero base.
    [{ squareFootage: 1, numberOfRooms: 0, numberOfBathrooms: 0 }, 5], // 0.05 per sq ft
    [{ squareFootage: 0, numberOfRooms: 0, numberOfBathrooms: 1 }, 2500], // 25 per bathroom
    [{ squareFootage: 0, numberOfRooms: 1, numberOfBathrooms: 0 }, 2000], // 20 per room
    [{ squareFootage: 0, numberOfRooms: 0, numberOfBathrooms: 0 }, 0],
    [{ squareFootage: 2500, numberOfRooms: 4, numberOfBathrooms: 3 }, 12500 + 7500 + 8000],
  ])('when the inputs are %j, then the price is %i cents', (overrides, priceCents) => {
    expect(estimate(overrides).priceCents).toBe(priceCents);
  });

  it.each([
    ['deep-cleaning', 9500 + 5000],
    ['window-cleaning', 9500 + 3500],
    ['carpet-cleaning', 9500 + 4500],
    ['appliance-cleaning', 9500 + 3000],
    ['move-in-out', 9500 + 7500],
    ['unknown-service', 9500],
  ])('when the service %s is added, then the price is %i cents', (service, priceCents) => {
    expect(estimate({ additionalServices: [service] }).priceCents).toBe(priceCents);
  });

  it.each<[string, Partial<EstimateInput>, number]>([
    [
      '(95 + 50 + 35) × 0.85 = 153.00',
      { additionalServices: ['deep-cleaning', 'window-cleaning'], frequency: 'weekly' },
      15300,
    ],
    [
      'a service picked twice counts once: (95 + 50) × 1',
      { additionalServices: ['deep-cleaning', 'deep-cleaning'] },
      14500,
    ],
    [
      '10 sq ft only: 0.50 × 0.85 = 0.425 → 0.43',
      { squareFootage: 10, numberOfRooms: 0, numberOfBathrooms: 0, frequency: 'weekly' },
      43,
    ],
  ])('when %s, then the price is %i cents', (_why, overrides, priceCents) => {
    expect(estimate(overrides).priceCents).toBe(priceCents);
  });

  it.each([
    // 90 sq ft × 5 = 450 cents × 0.85 = 382.5 → 383; × 0.9 = 405; × 0.95 = 427.5 → 428
    ['weekly', 383],
    ['bi-weekly', 405],
    ['monthly', 428],
  ] as const)(
    'when a half cent comes out under %s, then it rounds up to %i',
    (frequency, priceCents) => {
      expect(
        estimate({ squareFootage: 90, numberOfRooms: 0, numberOfBathrooms: 0, frequency })
          .priceCents,
      ).toBe(priceCents);
    },
  );
});

describe('estimated hours and labour', () => {
  it.each([
    // price cents, hours: round(price / 35), never below 2
    [0, 2], // no work still books the minimum
    [3500, 2], // 1 hour → minimum 2
    [8749, 2], // 2.4997 → 2
    [8750, 3], // 2.5 → 3
    [10500, 3], // exactly 3
    [12250, 4], // 3.5 → 4
    [35000, 10],
  ])('when the price is %i cents, then %i hours are booked', (priceCents, hours) => {
    // squareFootage alone sets the price: 5 cents each, no rooms or bathrooms.
    const result = estimate({
      squareFootage: priceCents / 5,
      numberOfRooms: 0,
      numberOfBathrooms: 0,
    });
    expect(result.priceCents).toBe(priceCents);
    expect(result.estimatedHours).toBe(hours);
    expect(result.labourCostCents).toBe(hours * 1750);
  });
});

describe('tools', () => {
  it.each([
    ['residential', [], 1],
    ['commercial', [], 0],
    ['commercial', ['carpets'], 1],
    ['commercial', ['office_carpet'], 1],
    ['commercial', ['offices', 'lobby'], 0],
  ] as const)(
    'when %s with areas %j, then the vacuum quantity is %i',
    (propertyType, specificAreas, qty) => {
      expect(
        toolQuantity({ propertyType, specificAreas: [...specificAreas] }, 'Vacuum Cleaner'),
      ).toBe(qty);
    },
  );

  it.each([
    ['Steam Cleaner', 'deep-cleaning', 2500],
    ['Window Cleaning Kit', 'window-cleaning', 1200],
    ['Carpet Cleaner', 'carpet-cleaning', 3000],
  ])(
    'when %s is needed for %s, then one is listed at %i cents',
    (name, service, costPerUnitCents) => {
      expect(estimate().tools.find((t) => t.name === name)).toBeUndefined();
      expect(
        estimate({ additionalServices: [service] }).tools.find((t) => t.name === name),
      ).toEqual({
        name,
        quantity: 1,
        costPerUnitCents,
        sellingPriceCents: 0,
        required: true,
      });
    },
  );

  it.each([['appliance-cleaning'], ['move-in-out']])(
    'when %s is added, then no extra tool is listed',
    (service) => {
      expect(estimate({ additionalServices: [service] }).tools.map((t) => t.name)).toEqual(
        estimate().tools.map((t) => t.name),
      );
    },
  );

  it.each([
    [0, 0],
    [1, 1],
    [999, 1],
    [1000, 1],
    [1001, 2],
    [2000, 2],
    [2001, 3],
    [10000, 10],
  ])('when the area is %i sq ft, then %i cleaning solutions', (squareFootage, qty) => {
    expect(toolQuantity({ squareFootage }, 'Cleaning Solution')).toBe(qty);
  });

  it.each([
    [0, 0],
    [1, 1],
    [2, 1],
    [3, 2],
    [4, 2],
    [5, 3],
  ])('when there are %i bathrooms, then %i bathroom kits', (numberOfBathrooms, qty) => {
    expect(toolQuantity({ numberOfBathrooms }, 'Bathroom Cleaning Kit')).toBe(qty);
  });

  it('when a quantity is 0, then that tool is left out of the list', () => {
    const names = estimate({
      propertyType: 'commercial',
      squareFootage: 0,
      numberOfBathrooms: 0,
    }).tools.map((t) => t.name);
    expect(names).toEqual(['Basic Cleaning Kit']);
  });

  it('when every tool applies, then the tools cost is their quantity times unit cost', () => {
    // 15 + 8 + 25 + 12 + 30 + 3 × 5 + 2 × 10 = 125
    const result = estimate({
      squareFootage: 2500,
      numberOfBathrooms: 3,
      additionalServices: ['deep-cleaning', 'window-cleaning', 'carpet-cleaning'],
    });
    expect(result.toolsCostCents).toBe(12500);
    expect(result.totalCostCents).toBe(result.labourCostCents + 12500);
    expect(result.tools.every((t) => t.sellingPriceCents === 0)).toBe(true);
  });
});

describe('profit and margin', () => {
  it.each([
    // Commercial, 0 rooms and bathrooms, only sq ft: price = 5 × sqft cents.
    // sqft, price, hours, labour, tools (kit 15 + solution 5 each), profit, margin, band
    [10000, 50000, 14, 24500, 1500 + 5000, 19000, 38, 'green'], // 190/500 = 38%
    [4000, 20000, 6, 10500, 1500 + 2000, 6000, 30, 'green'], // 60/200 = 30%
    [1000, 5000, 2, 3500, 1500 + 500, -500, -10, 'red'], // −5/50 = −10%
    [0, 0, 2, 3500, 1500, -5000, 0, 'red'], // no price: margin is 0, not a division by zero
  ])(
    'when commercial %i sq ft, then price %i, hours %i, labour %i, tools %i, profit %i, margin %i (%s)',
    (squareFootage, price, hours, labour, tools, profit, margin, band) => {
      const result = estimate({
        propertyType: 'commercial',
        squareFootage,
        numberOfRooms: 0,
        numberOfBathrooms: 0,
      });
      expect(result).toMatchObject({
        priceCents: price,
        estimatedHours: hours,
        labourCostCents: labour,
        toolsCostCents: tools,
        totalCostCents: labour + tools,
        profitCents: profit,
        profitMarginPercent: margin,
        marginBand: band,
      });
    },
  );
});

describe('marginBand', () => {
  it.each([
    [100, 'green'],
    [20, 'green'],
    [19.99, 'amber'],
    [19, 'amber'],
    [10, 'amber'],
    [9.99, 'red'],
    [9, 'red'],
    [0, 'red'],
    [-15, 'red'],
  ])('when the margin is %d%, then the band is %s', (percent, band) => {
    expect(marginBand(percent)).toBe(band);
  });
});

describe('money helpers', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [9500, '$95.00'],
    [123450, '$1,234.50'],
    [100000000, '$1,000,000.00'],
    [-450, '-$4.50'],
  ])('when formatting %i cents, then %s', (cents, text) => {
    expect(formatUsd(cents)).toBe(text);
  });

  it.each([
    [0, 0],
    [1, 0.01],
    [9500, 95],
    [-450, -4.5],
  ])('when converting %i cents, then %d dollars', (cents, dollars) => {
    expect(centsToDollars(cents)).toBe(dollars);
  });

  it.each([
    [0, 0],
    [95, 9500],
    [0.05, 5],
    [17.5, 1750],
    [1.005, 101], // naive 1.005 × 100 = 100.4999…
    [0.1 + 0.2, 30],
    [1.004, 100],
    [-4.5, -450],
    [-1.005, -101],
    [1e-7, 0],
    [1e21, 1e23],
  ])('when converting %d dollars, then %i cents', (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBe(cents);
  });
});
