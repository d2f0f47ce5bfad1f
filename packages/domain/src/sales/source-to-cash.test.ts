import { describe, expect, it } from 'vitest';
import { median, sourceToCash, type SourceToCashInput } from './source-to-cash.ts';

const day = (d: string) => new Date(`${d}T09:00:00Z`);

/** A fixed data set: three sources, every stage, visits and payments. */
const DATA: SourceToCashInput[] = [
  // The request form: 4 opportunities, 2 won, 1 lost, 1 open.
  {
    source: 'request_form',
    stage: 'won',
    openedAt: day('2026-03-01'),
    firstVisitAt: day('2026-03-04'),
    collectedCents: 30_000,
  },
  {
    source: 'request_form',
    stage: 'won',
    openedAt: day('2026-03-02'),
    firstVisitAt: day('2026-03-12'),
    collectedCents: 12_500,
  },
  {
    source: 'request_form',
    stage: 'lost',
    openedAt: day('2026-03-03'),
    firstVisitAt: null,
    collectedCents: 0,
  },
  // Open: a visit booked already (counts in the median), money not counted until won.
  {
    source: 'request_form',
    stage: 'quoted',
    openedAt: day('2026-03-05'),
    firstVisitAt: day('2026-03-11'),
    collectedCents: 9_999,
  },
  // Referrals: 2 won, nothing collected yet on one.
  {
    source: 'referral',
    stage: 'won',
    openedAt: day('2026-03-01'),
    firstVisitAt: day('2026-03-02'),
    collectedCents: 50_000,
  },
  {
    source: 'referral',
    stage: 'won',
    openedAt: day('2026-03-10'),
    firstVisitAt: null,
    collectedCents: 0,
  },
  // Cold calls: only open or lost.
  {
    source: 'cold_call',
    stage: 'new',
    openedAt: day('2026-03-01'),
    firstVisitAt: null,
    collectedCents: 0,
  },
];

describe('sourceToCash on a fixed data set', () => {
  it('when the figures are made, then each source has its opportunities, win rate, median days and money collected', () => {
    const { rows, total } = sourceToCash(DATA);
    expect(rows).toEqual([
      {
        source: 'request_form',
        opportunities: 4,
        won: 2,
        lost: 1,
        winRatePercent: 67,
        // 3, 10 and 6 days: the middle one.
        medianDaysToFirstVisit: 6,
        collectedCents: 42_500,
      },
      {
        source: 'referral',
        opportunities: 2,
        won: 2,
        lost: 0,
        winRatePercent: 100,
        medianDaysToFirstVisit: 1,
        collectedCents: 50_000,
      },
      {
        source: 'cold_call',
        opportunities: 1,
        won: 0,
        lost: 0,
        winRatePercent: null,
        medianDaysToFirstVisit: null,
        collectedCents: 0,
      },
    ]);
    expect(total).toEqual({
      opportunities: 7,
      won: 4,
      lost: 1,
      winRatePercent: 80,
      // 1, 3, 6, 10: the mean of the middle two.
      medianDaysToFirstVisit: 4.5,
      collectedCents: 92_500,
    });
  });

  it('when there are no opportunities, then there are no rows and the total is empty', () => {
    expect(sourceToCash([])).toEqual({
      rows: [],
      total: {
        opportunities: 0,
        won: 0,
        lost: 0,
        winRatePercent: null,
        medianDaysToFirstVisit: null,
        collectedCents: 0,
      },
    });
  });

  it.each([
    [[], null],
    [[5], 5],
    [[9, 1, 5], 5],
    [[1, 2], 1.5],
    [[1, 2, 4, 100], 3],
  ])('when the values are %j, then the median is %s', (values, m) => {
    expect(median(values)).toBe(m);
  });
});
