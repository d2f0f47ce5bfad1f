import { describe, expect, it } from 'vitest';
import { calculateEstimate } from '../pricing/calculator.ts';
import {
  calculateFromForm,
  canSeeBusinessSummary,
  defaultRequestTitle,
  estimateInputFromForm,
  formWithServerFigures,
  listCategoryOf,
  PROPOSALS_ROUTE_ROLES,
  proposalTypeColumn,
  publicDetails,
  REQUESTS_ROUTE_ROLES,
  requestInputSchema,
} from './request-api.ts';

describe('request rights', () => {
  it.each([
    ['owner', true],
    ['admin', true],
    ['business_admin', true],
    ['manager', true],
    ['business_manager', true],
    ['sales_person', false],
    ['team_leader', false],
    ['team_member', false],
    ['estimate-free', false],
    ['member', false],
  ] as const)('when the role is %s, then the Business Summary is %s', (role, allowed) => {
    expect(canSeeBusinessSummary(role)).toBe(allowed);
  });

  it('when comparing the route roles, then proposals are the narrower list', () => {
    expect(REQUESTS_ROUTE_ROLES).toContain('estimate-free');
    expect(PROPOSALS_ROUTE_ROLES).toContain('sales_person');
    expect(PROPOSALS_ROUTE_ROLES).not.toContain('team_member');
  });
});

describe('categories and columns', () => {
  it.each([
    [{ type: 'estimate', proposal_type: null }, 'estimates'],
    [{ type: 'inquiry', proposal_type: 'x' }, 'estimates'],
    [{ type: null, proposal_type: null }, 'estimates'],
    [{ type: 'quote', proposal_type: null }, 'quotes'],
    [{ type: 'quote', proposal_type: 'deep' }, 'proposals'],
  ])('when %o, then the tab is %s', (r, tab) => {
    expect(listCategoryOf(r)).toBe(tab);
  });

  it.each([
    [false, null],
    [null, null],
    [undefined, null],
    ['  ', null],
    [true, 'proposal'],
    [' deep ', 'deep'],
  ] as const)('when proposal_type is %o, then it is stored as %o', (value, stored) => {
    expect(proposalTypeColumn(value)).toBe(stored);
  });

  it('when titling, then the category word leads', () => {
    expect(defaultRequestTitle('quote', 'Ann Lee')).toBe('Quote for Ann Lee');
  });
});

describe('server figures', () => {
  const form = {
    propertyType: 'residential' as const,
    squareFootage: 1000,
    frequency: 'one-time' as const,
    numberOfRooms: 1,
    numberOfBathrooms: 1,
  };

  it('when Basic Info is incomplete, then there is no calculation', () => {
    expect(estimateInputFromForm({ ...form, squareFootage: undefined })).toBeNull();
    expect(calculateFromForm({ frequency: 'weekly' })).toBeNull();
  });

  it('when counters are missing, then they count as 0 (Any)', () => {
    expect(estimateInputFromForm({ ...form, numberOfRooms: undefined })).toMatchObject({
      numberOfRooms: 0,
      additionalServices: [],
    });
  });

  it('when the client sent totals, then the stored form carries the calculator’s instead', () => {
    const result = calculateFromForm(form)!;
    expect(result).toEqual(
      calculateEstimate({ ...form, additionalServices: [], specificAreas: [] }),
    );
    const stored = formWithServerFigures({ ...form, totalAmount: 1, profit: 5000 }, result);
    expect(stored).toMatchObject({ totalAmount: 95, profit: result.profitCents / 100 });
    expect(stored.toolRequirements?.[0]).toEqual({
      name: 'Basic Cleaning Kit',
      quantity: 1,
      costPerUnit: 15,
      sellingPrice: 0,
      required: true,
    });
  });

  it('when details go to a role without the summary, then the internal figures are dropped', () => {
    const details = {
      clientName: 'A',
      totalAmount: 95,
      totalCost: 50,
      profit: 45,
      profitMargin: 47,
      toolRequirements: [],
    };
    expect(publicDetails(details)).toEqual({ clientName: 'A', totalAmount: 95 });
  });

  it('when the e-mail has spaces around it, then it is trimmed before the check', () => {
    expect(requestInputSchema.parse({ email: ' a@b.co ' }).email).toBe('a@b.co');
    expect(requestInputSchema.safeParse({ email: 'nope' }).success).toBe(false);
  });
});
