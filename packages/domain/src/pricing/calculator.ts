import {
  ADDITIONAL_SERVICES,
  FREQUENCY_MULTIPLIERS,
  type CleaningFrequency,
  type Condition,
  type PropertyType,
} from './options.ts';

/** Dollars per hour (spec section 9). */
export const BASE_HOURLY_RATE = 35;
/** Dollars per hour: half of the base rate goes to the worker. */
export const LABOUR_COST_PER_HOUR = 17.5;
export const MINIMUM_ESTIMATED_HOURS = 2;

// Price components in cents, so every sum below is exact integer arithmetic.
const CENTS_PER_SQUARE_FOOT = 5;
const CENTS_PER_BATHROOM = 2500;
const CENTS_PER_ROOM = 2000;
const BASE_HOURLY_RATE_CENTS = BASE_HOURLY_RATE * 100;
const LABOUR_COST_PER_HOUR_CENTS = LABOUR_COST_PER_HOUR * 100;

export const SQUARE_FOOTAGE_RANGE = { min: 500, max: 10000, step: 100 } as const;

export interface CalculatorDefaults {
  propertyType: PropertyType;
  squareFootage: number;
  frequency: CleaningFrequency;
  numberOfRooms: number;
  numberOfBathrooms: number;
  additionalServices: string[];
  specificAreas: string[];
  accessibility: string[];
  clientPreferences: string[];
  condition: Condition | undefined;
  hourlyRate: number;
}

/** Frozen because forms share it; copy the arrays before mutating them. */
export const CALCULATOR_DEFAULTS: Readonly<CalculatorDefaults> = Object.freeze({
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
  hourlyRate: BASE_HOURLY_RATE,
});

export interface EstimateInput {
  propertyType: PropertyType;
  squareFootage: number;
  numberOfRooms: number;
  numberOfBathrooms: number;
  frequency: CleaningFrequency;
  additionalServices: readonly string[];
  specificAreas?: readonly string[];
}

export interface ToolRequirement {
  name: string;
  quantity: number;
  costPerUnitCents: number;
  /** Tools are internal cost only; the client is never billed for them. */
  sellingPriceCents: 0;
  required: boolean;
}

export type MarginBand = 'green' | 'amber' | 'red';

export interface EstimateResult {
  priceCents: number;
  /** The hours the labour cost is counted on: the formula's, or the owner's correction. */
  estimatedHours: number;
  /** Spec section 9's estimated hours (price ÷ 35, rounded, at least 2). */
  formulaHours: number;
  labourCostCents: number;
  tools: ToolRequirement[];
  toolsCostCents: number;
  totalCostCents: number;
  profitCents: number;
  profitMarginPercent: number;
  marginBand: MarginBand;
}

export function marginBand(percent: number): MarginBand {
  if (percent >= 20) return 'green';
  if (percent >= 10) return 'amber';
  return 'red';
}

function tool(name: string, quantity: number, costPerUnitCents: number): ToolRequirement {
  // Every listed tool is needed for the job it was added for; none is an optional extra.
  return { name, quantity, costPerUnitCents, sellingPriceCents: 0, required: true };
}

/** Spec section 9's tool list; a tool whose quantity works out to 0 is left out. */
export function toolsFor(input: EstimateInput): ToolRequirement[] {
  const services = new Set(input.additionalServices);
  const hasCarpetArea = (input.specificAreas ?? []).some((area) => area.includes('carpet'));
  const candidates = [
    tool('Basic Cleaning Kit', 1, 1500),
    tool('Vacuum Cleaner', input.propertyType === 'residential' || hasCarpetArea ? 1 : 0, 800),
    tool('Steam Cleaner', services.has('deep-cleaning') ? 1 : 0, 2500),
    tool('Window Cleaning Kit', services.has('window-cleaning') ? 1 : 0, 1200),
    tool('Carpet Cleaner', services.has('carpet-cleaning') ? 1 : 0, 3000),
    tool('Cleaning Solution', Math.max(0, Math.ceil(input.squareFootage / 1000)), 500),
    tool('Bathroom Cleaning Kit', Math.max(0, Math.ceil(input.numberOfBathrooms / 2)), 1000),
  ];
  return candidates.filter((t) => t.quantity > 0);
}

export function calculatePriceCents(input: EstimateInput): number {
  // A service picked twice is still one service.
  const selected = new Set(input.additionalServices);
  const servicesCents = ADDITIONAL_SERVICES.filter((s) => selected.has(s.id)).reduce(
    (sum, s) => sum + s.rateCents,
    0,
  );
  const baseCents =
    CENTS_PER_SQUARE_FOOT * input.squareFootage +
    CENTS_PER_BATHROOM * input.numberOfBathrooms +
    CENTS_PER_ROOM * input.numberOfRooms +
    servicesCents;
  // Multiply by a whole percent and divide once so a half cent is an exact .5
  // (0.85 itself is not exact in binary and could round 8.5 down to 8).
  const percent = Math.round(FREQUENCY_MULTIPLIERS[input.frequency] * 100);
  return roundHalfUp((baseCents * percent) / 100);
}

function roundHalfUp(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

export interface EstimateOptions {
  /**
   * Hours the owner chose to plan with instead of the formula's, from what similar visits took
   * (time tracking). Only the labour cost follows it: the price stays the spec's.
   */
  correctedHours?: number;
}

export function calculateEstimate(
  input: EstimateInput,
  options: EstimateOptions = {},
): EstimateResult {
  const priceCents = calculatePriceCents(input);
  const formulaHours = Math.max(
    MINIMUM_ESTIMATED_HOURS,
    Math.round(priceCents / BASE_HOURLY_RATE_CENTS),
  );
  const estimatedHours = options.correctedHours ?? formulaHours;
  const labourCostCents = Math.round(estimatedHours * LABOUR_COST_PER_HOUR_CENTS);
  const tools = toolsFor(input);
  const toolsCostCents = tools.reduce((sum, t) => sum + t.quantity * t.costPerUnitCents, 0);
  const totalCostCents = labourCostCents + toolsCostCents;
  const profitCents = priceCents - totalCostCents;
  const profitMarginPercent = priceCents === 0 ? 0 : Math.round((profitCents / priceCents) * 100);
  return {
    priceCents,
    estimatedHours,
    formulaHours,
    labourCostCents,
    tools,
    toolsCostCents,
    totalCostCents,
    profitCents,
    profitMarginPercent,
    marginBand: marginBand(profitMarginPercent),
  };
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

/**
 * Shifts the decimal point in the number's text rather than multiplying, so
 * 1.005 becomes 101 cents (1.005 * 100 is 100.49999... in binary).
 */
export function dollarsToCents(dollars: number): number {
  const text = String(Math.abs(dollars));
  const shifted = text.includes('e') ? Math.abs(dollars) * 100 : Number(`${text}e2`);
  const cents = Math.round(shifted);
  return dollars < 0 && cents !== 0 ? -cents : cents;
}

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 123450 → '$1,234.50'; negative amounts get a leading minus: '-$4.50'. */
export function formatUsd(cents: number): string {
  return USD.format(cents / 100);
}
