import { describe, expect, it } from 'vitest';
import {
  AUTOMATIC_LOST_REASONS,
  automaticMove,
  daysInStage,
  DEFAULT_STAGE_PROBABILITIES,
  followUpOverdue,
  needsNudge,
  quotedValueCents,
  stageOfRequests,
  stageTotals,
  weightedCents,
  type SalesStage,
} from './sales-rules.ts';

describe('automaticMove: the stage a ledger event asks for', () => {
  const cases: [string, SalesStage, number, ReturnType<typeof automaticMove>][] = [
    ['request.sent', 'new', 0, { to: 'quoted', lostReason: null }],
    ['request.sent', 'contacted', 0, { to: 'quoted', lostReason: null }],
    ['request.sent', 'quoted', 0, null],
    ['request.sent', 'won', 0, null],
    ['request.sent', 'lost', 0, null],
    ['request.accepted', 'quoted', 0, { to: 'won', lostReason: null }],
    ['request.accepted', 'new', 2, { to: 'won', lostReason: null }],
    ['request.accepted', 'lost', 0, { to: 'won', lostReason: null }],
    ['request.accepted', 'won', 0, null],
    ['request.declined', 'quoted', 0, { to: 'lost', lostReason: AUTOMATIC_LOST_REASONS.declined }],
    ['request.declined', 'quoted', 1, null],
    ['request.declined', 'won', 0, null],
    ['request.declined', 'lost', 0, null],
    ['request.expired', 'quoted', 0, { to: 'lost', lostReason: AUTOMATIC_LOST_REASONS.expired }],
    ['request.expired', 'new', 0, { to: 'lost', lostReason: AUTOMATIC_LOST_REASONS.expired }],
    ['request.expired', 'quoted', 1, null],
    ['request.viewed', 'quoted', 0, null],
    ['request.created', 'new', 0, null],
    ['request.edited', 'quoted', 0, null],
    ['invoice.paid', 'won', 0, null],
  ];
  it.each(cases)(
    'when %s reaches an opportunity in %s (%i other open), then %j',
    (type, stage, others, move) => {
      expect(automaticMove(type, { stage, otherOpenRequests: others })).toEqual(move);
    },
  );
});

describe('stageOfRequests: the backfill of requests made before the pipeline', () => {
  it.each([
    [[], 'new', null],
    [['unopened'], 'new', null],
    [['unopened', 'sent'], 'quoted', null],
    [['viewed', 'declined'], 'quoted', null],
    [['declined', 'accepted'], 'won', null],
    [['declined', 'expired'], 'lost', AUTOMATIC_LOST_REASONS.declined],
    [['expired'], 'lost', AUTOMATIC_LOST_REASONS.expired],
    [['expired', 'unopened'], 'new', null],
  ] as const)('when the statuses are %j, then %s', (statuses, stage, lostReason) => {
    expect(stageOfRequests(statuses)).toEqual({ stage, lostReason });
  });
});

describe('quotedValueCents', () => {
  it.each([
    [[], 0],
    [[{ amountCents: 10_000, status: 'sent' }], 10_000],
    [
      [
        { amountCents: 10_000, status: 'sent' },
        { amountCents: 25_000, status: 'viewed' },
      ],
      25_000,
    ],
    [
      [
        { amountCents: 90_000, status: 'declined' },
        { amountCents: 25_000, status: 'unopened' },
      ],
      25_000,
    ],
    [
      [
        { amountCents: 90_000, status: 'sent' },
        { amountCents: 20_000, status: 'accepted' },
        { amountCents: 5_000, status: 'accepted' },
      ],
      25_000,
    ],
    [[{ amountCents: 40_000, status: 'expired' }], 0],
  ] as const)('when the requests are %j, then the value is %i', (requests, value) => {
    expect(quotedValueCents(requests)).toBe(value);
  });
});

describe('weighted totals', () => {
  it('when a value is weighted, then it rounds to whole cents', () => {
    expect(weightedCents(333, 50)).toBe(167);
    expect(weightedCents(100_000, 25)).toBe(25_000);
    expect(weightedCents(100_000, 0)).toBe(0);
  });

  it('when the board sums its columns, then each has its count, total and weighted total', () => {
    const totals = stageTotals(
      [
        { stage: 'new', valueCents: 10_000 },
        { stage: 'new', valueCents: 5_005 },
        { stage: 'quoted', valueCents: 40_000 },
        { stage: 'won', valueCents: 12_000 },
        { stage: 'lost', valueCents: 8_000 },
      ],
      DEFAULT_STAGE_PROBABILITIES,
    );
    expect(totals).toEqual([
      // 10% of 10,000 = 1,000; of 5,005 = 500.5 → 501: rounded per opportunity.
      { stage: 'new', count: 2, totalCents: 15_005, weightedCents: 1_501 },
      { stage: 'contacted', count: 0, totalCents: 0, weightedCents: 0 },
      { stage: 'quoted', count: 1, totalCents: 40_000, weightedCents: 20_000 },
      { stage: 'won', count: 1, totalCents: 12_000, weightedCents: 12_000 },
      { stage: 'lost', count: 1, totalCents: 8_000, weightedCents: 0 },
    ]);
  });
});

describe('time in stage, follow-ups and nudges', () => {
  const now = new Date('2026-06-10T12:00:00Z');

  it('when a card moved 2.9 days ago, then it has spent 2 whole days in its stage', () => {
    expect(daysInStage(new Date('2026-06-07T14:00:00Z'), now)).toBe(2);
    expect(daysInStage(new Date('2026-06-10T11:00:00Z'), now)).toBe(0);
  });

  it.each([
    ['quoted', '2026-06-07T12:00:00Z', 3, true],
    ['quoted', '2026-06-07T12:00:01Z', 3, false],
    ['quoted', null, 3, false],
    ['new', '2026-06-01T00:00:00Z', 3, false],
    ['quoted', '2026-06-01T00:00:00Z', 10, false],
  ] as const)(
    'when in %s with a quote viewed at %s and N = %i, then nudge is %s',
    (stage, viewed, days, nudge) => {
      expect(needsNudge(stage, viewed ? new Date(viewed) : null, now, days)).toBe(nudge);
    },
  );

  it.each([
    ['new', '2026-06-09', true],
    ['quoted', '2026-06-10', false],
    ['contacted', null, false],
    ['won', '2026-06-01', false],
    ['lost', '2026-06-01', false],
  ] as const)('when in %s with a follow-up on %s, then overdue is %s', (stage, on, overdue) => {
    expect(followUpOverdue(stage, on, '2026-06-10')).toBe(overdue);
  });
});
