import { z } from 'zod';
import { PROPERTY_TYPES } from '../pricing/options.ts';
import { FIELD_LIMITS, tooLargeMessage } from '../schemas/field-limits.ts';

/**
 * What this business's similar visits actually took (issue 19, job costing "beyond"): visits of
 * the same property type and size band, their timed hours against the calculator's estimate.
 * The calculator shows it next to its estimated hours; the spec's formula stays the default and
 * the owner decides whether to plan with the correction.
 */

export interface SizeBand {
  /** Square feet, inclusive. */
  min: number;
  /** Square feet, inclusive; null for the open-ended largest band. */
  max: number | null;
  label: string;
}

/** Bands wide enough to gather visits, narrow enough that they are alike. */
export const SIZE_BANDS: readonly SizeBand[] = [
  { min: 0, max: 999, label: 'under 1,000 sq ft' },
  { min: 1000, max: 1999, label: '1,000–1,999 sq ft' },
  { min: 2000, max: 2999, label: '2,000–2,999 sq ft' },
  { min: 3000, max: 4999, label: '3,000–4,999 sq ft' },
  { min: 5000, max: null, label: '5,000 sq ft or more' },
];

/** Fewer completed visits than this say too little to correct an estimate. */
export const SIMILAR_VISITS_NEEDED = 5;

export function sizeBandOf(squareFootage: number): SizeBand {
  return (
    SIZE_BANDS.find((band) => band.max === null || squareFootage <= band.max) ??
    SIZE_BANDS[SIZE_BANDS.length - 1]!
  );
}

/** One completed visit: its estimate and the crew's timed minutes on it, all together. */
export interface VisitSample {
  estimatedMinutes: number;
  actualMinutes: number;
}

export interface SimilarVisitsFinding {
  /** Visits with both an estimate and timed work. */
  visits: number;
  needed: number;
  /** Actual over estimated, the middle visit's (one odd visit does not swing it); null below `needed`. */
  medianRatio: number | null;
  averageEstimatedHours: number | null;
  averageActualHours: number | null;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function similarVisitsFinding(samples: readonly VisitSample[]): SimilarVisitsFinding {
  const usable = samples.filter((s) => s.estimatedMinutes > 0 && s.actualMinutes > 0);
  if (usable.length < SIMILAR_VISITS_NEEDED) {
    return {
      visits: usable.length,
      needed: SIMILAR_VISITS_NEEDED,
      medianRatio: null,
      averageEstimatedHours: null,
      averageActualHours: null,
    };
  }
  const hours = (pick: (s: VisitSample) => number) =>
    round2(usable.reduce((sum, s) => sum + pick(s), 0) / usable.length / 60);
  return {
    visits: usable.length,
    needed: SIMILAR_VISITS_NEEDED,
    medianRatio: round2(median(usable.map((s) => s.actualMinutes / s.estimatedMinutes))),
    averageEstimatedHours: hours((s) => s.estimatedMinutes),
    averageActualHours: hours((s) => s.actualMinutes),
  };
}

/** The estimate corrected by the ratio, to the half hour (never below half an hour). */
export function correctedHoursOf(estimatedHours: number, ratio: number): number {
  return Math.max(0.5, Math.round(estimatedHours * ratio * 2) / 2);
}

// ---------------------------------------------------------------------------------------------
// API

export const similarVisitsQuerySchema = z.object({
  propertyType: z.enum(PROPERTY_TYPES, {
    error: "propertyType must be 'residential' or 'commercial'",
  }),
  squareFootage: z.coerce
    .number('squareFootage must be a number')
    .positive('squareFootage must be more than 0')
    .max(FIELD_LIMITS.range.squareFootage.max, {
      error: tooLargeMessage('squareFootage', FIELD_LIMITS.range.squareFootage.max),
    }),
});

export const similarVisitsSchema = z.object({
  propertyType: z.enum(PROPERTY_TYPES),
  band: z.object({ min: z.number(), max: z.number().nullable(), label: z.string() }),
  visits: z.number().int(),
  needed: z.number().int(),
  medianRatio: z.number().nullable(),
  averageEstimatedHours: z.number().nullable(),
  averageActualHours: z.number().nullable(),
});
export type SimilarVisits = z.output<typeof similarVisitsSchema>;

