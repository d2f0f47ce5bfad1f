import { describe, expect, it } from 'vitest';
import { calculateEstimate } from '../pricing/calculator.ts';
import {
  correctedHoursOf,
  SIMILAR_VISITS_NEEDED,
  similarVisitsFinding,
  sizeBandOf,
} from './similar-visits.ts';

describe('sizeBandOf', () => {
  it.each([
    [1, 0, 999],
    [999, 0, 999],
    [1000, 1000, 1999],
    [1999.5, 2000, 2999],
    [2999, 2000, 2999],
    [3000, 3000, 4999],
    [4999, 3000, 4999],
    [5000, 5000, null],
    [1_000_000, 5000, null],
  ])('%d sq ft is in the band %d–%s', (footage, min, max) => {
    expect(sizeBandOf(footage)).toMatchObject({ min, max });
  });
});

const visit = (estimatedMinutes: number, actualMinutes: number) => ({
  estimatedMinutes,
  actualMinutes,
});

describe('similarVisitsFinding', () => {
  it('offers no ratio below the visits needed, and counts only visits with both figures', () => {
    const four = [visit(120, 150), visit(120, 130), visit(120, 0), visit(0, 90), visit(120, 100)];
    expect(similarVisitsFinding(four)).toEqual({
      visits: 3,
      needed: SIMILAR_VISITS_NEEDED,
      medianRatio: null,
      averageEstimatedHours: null,
      averageActualHours: null,
    });
  });

  it('takes the middle ratio of an odd count, so one very long visit does not swing it', () => {
    const finding = similarVisitsFinding([
      visit(120, 120),
      visit(120, 132),
      visit(120, 144),
      visit(120, 150),
      visit(120, 1200),
    ]);
    expect(finding.medianRatio).toBe(1.2);
    expect(finding.averageEstimatedHours).toBe(2);
    expect(finding.averageActualHours).toBe(5.82);
  });

  it('takes the mean of the two middle ratios of an even count', () => {
    const finding = similarVisitsFinding([
      visit(60, 30),
      visit(60, 54),
      visit(60, 66),
      visit(60, 90),
      visit(60, 120),
      visit(60, 60),
    ]);
    // Ratios 0.5, 0.9, 1, 1.1, 1.5, 2: the middle two are 1 and 1.1.
    expect(finding.medianRatio).toBe(1.05);
  });
});

describe('correctedHoursOf', () => {
  it.each([
    [3, 1.17, 3.5],
    [3, 1.05, 3],
    [2, 0.8, 1.5],
    [2, 0.01, 0.5],
    [10, 1.26, 12.5],
  ])('%d h × %d is %d h (to the half hour)', (hours, ratio, corrected) => {
    expect(correctedHoursOf(hours, ratio)).toBe(corrected);
  });
});

describe('calculateEstimate with corrected hours', () => {
  const home = {
    propertyType: 'residential' as const,
    squareFootage: 1000,
    numberOfRooms: 1,
    numberOfBathrooms: 1,
    frequency: 'one-time' as const,
    additionalServices: [],
  };

  it('counts labour on the corrected hours and keeps the price and the formula’s hours', () => {
    const formula = calculateEstimate(home);
    const corrected = calculateEstimate(home, { correctedHours: 3.5 });
    expect(formula).toMatchObject({ estimatedHours: 3, formulaHours: 3, labourCostCents: 5250 });
    expect(corrected).toMatchObject({
      priceCents: formula.priceCents,
      estimatedHours: 3.5,
      formulaHours: 3,
      labourCostCents: 6125,
      totalCostCents: 6125 + formula.toolsCostCents,
    });
    expect(corrected.profitCents).toBe(formula.profitCents - 875);
  });
});
