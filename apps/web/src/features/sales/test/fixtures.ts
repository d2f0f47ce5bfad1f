import {
  SALES_STAGE_LABELS,
  SALES_STAGES,
  type OpportunityDetail,
  type OpportunitySummary,
  type SalesBoard,
  type SalesStage,
} from '@crewdesk/domain';

export const OPP_ID = '11111111-1111-4111-8111-111111111111';
export const CONTACT_ID = '22222222-2222-4222-8222-222222222222';
export const SELLER_ID = '33333333-3333-4333-8333-333333333333';
export const REQUEST_ID = '44444444-4444-4444-8444-444444444444';

const PROBABILITY: Record<SalesStage, number> = {
  new: 10,
  contacted: 25,
  quoted: 50,
  won: 100,
  lost: 0,
};

export function opportunity(overrides: Partial<OpportunitySummary> = {}): OpportunitySummary {
  return {
    id: OPP_ID,
    title: 'Office deep clean',
    stage: 'new',
    source: 'request_form',
    contact: { id: CONTACT_ID, name: 'Ada Lovelace' },
    owner: { userId: SELLER_ID, name: 'Sam Seller' },
    valueCents: 120000,
    valueEntered: false,
    probability: 10,
    weightedCents: 12000,
    stageEnteredAt: '2026-11-20T10:00:00.000Z',
    daysInStage: 5,
    followUpOn: '2026-11-22',
    followUpOverdue: true,
    expectedCloseOn: null,
    needsNudge: false,
    lostReason: null,
    requestCount: 1,
    openedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** A board with the given cards, each column's figures summed from them. */
export function board(
  cards: OpportunitySummary[],
  overrides: Partial<Omit<SalesBoard, 'columns'>> = {},
): SalesBoard {
  return {
    columns: SALES_STAGES.map((stage) => {
      const mine = cards.filter((c) => c.stage === stage);
      return {
        stage,
        label: SALES_STAGE_LABELS[stage],
        probability: PROBABILITY[stage],
        count: mine.length,
        totalCents: mine.reduce((sum, c) => sum + c.valueCents, 0),
        weightedCents: mine.reduce((sum, c) => sum + c.weightedCents, 0),
        cards: mine,
        more: false,
      };
    }),
    scope: 'team',
    teamAllowed: true,
    nudgeDays: 3,
    ...overrides,
  };
}

export const SETTINGS = {
  teamVisible: false,
  nudgeDays: 3,
  lostReasons: ['Price too high', 'Went with a competitor'],
  probabilities: { new: 10, contacted: 25, quoted: 50, won: 100, lost: 0 },
};

export function detail(overrides: Partial<OpportunityDetail> = {}): OpportunityDetail {
  return {
    ...opportunity({ stage: 'quoted', probability: 50, weightedCents: 60000 }),
    contact: {
      id: CONTACT_ID,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '555-0100',
      company: 'Analytical Engines',
      source: 'website',
    },
    requests: [
      {
        id: REQUEST_ID,
        title: 'Deep clean, 3 floors',
        type: 'estimate',
        proposal: false,
        status: 'sent',
        amountCents: 120000,
        createdAt: '2026-11-20T10:00:00.000Z',
        viewedAt: null,
      },
    ],
    history: [],
    timeline: [
      {
        kind: 'stage',
        at: '2026-11-21T09:00:00.000Z',
        text: 'Moved from New to Quoted',
        by: null,
        requestId: REQUEST_ID,
        requestEvent: null,
      },
      {
        kind: 'note',
        at: '2026-11-20T12:00:00.000Z',
        text: 'Called, wants it before December',
        by: { userId: SELLER_ID, name: 'Sam Seller' },
        requestId: null,
        requestEvent: null,
      },
    ],
    quotedValueCents: 120000,
    lostReasons: SETTINGS.lostReasons,
    ...overrides,
  };
}
