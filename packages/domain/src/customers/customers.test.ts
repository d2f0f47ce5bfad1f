import { describe, expect, it } from 'vitest';
import {
  CUSTOMERS_ROUTE_ROLES,
  customerInputSchema,
  customerListQuerySchema,
  customerSearchQuerySchema,
  normalizeSearchTerm,
} from './customers.ts';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

describe('customerSearchQuerySchema', () => {
  it.each([
    ['ab', 'ab'],
    ['  ab  ', 'ab'],
    ['Ann Lee', 'Ann Lee'],
    ['a\u0000b', 'ab'],
    ['x'.repeat(100), 'x'.repeat(100)],
  ])('when q is %j, then the term is %j', (q, term) => {
    expect(customerSearchQuerySchema.parse({ q })).toEqual({ q: term });
  });

  it.each([
    [{}, 'Search needs at least 2 characters.'],
    [{ q: '' }, 'Search needs at least 2 characters.'],
    [{ q: 'a' }, 'Search needs at least 2 characters.'],
    [{ q: ' a  ' }, 'Search needs at least 2 characters.'],
    [{ q: 'x'.repeat(101) }, 'Search can be at most 100 characters.'],
  ])('when the query is %j, then it is refused with %j', (query, message) => {
    expect(firstMessage(customerSearchQuerySchema.safeParse(query))).toBe(message);
  });
});

describe('customerListQuerySchema', () => {
  it('when nothing is given, then the newest 25 live contacts are asked for', () => {
    expect(customerListQuerySchema.parse({})).toEqual({
      q: undefined,
      customerType: undefined,
      source: undefined,
      assignedTo: undefined,
      sort: 'newest',
      archived: 'exclude',
      limit: 25,
      cursor: undefined,
    });
  });

  it('when empty values come from cleared selects, then they mean no filter', () => {
    expect(
      customerListQuerySchema.parse({
        q: ' ',
        customerType: '',
        source: '',
        assignedTo: '',
        sort: '',
        limit: '',
        cursor: '',
      }),
    ).toMatchObject({ q: undefined, customerType: undefined, sort: 'newest', limit: 25 });
  });

  it.each([
    [{ q: 'an' }, { q: 'an' }],
    [{ customerType: 'residential' }, { customerType: 'residential' }],
    [{ source: 'walk_in' }, { source: 'walk_in' }],
    [{ assignedTo: 'unassigned' }, { assignedTo: 'unassigned' }],
    [
      { assignedTo: '0b7f4a52-3f7e-4f0e-9d0a-8d8f1d1c2b3a' },
      { assignedTo: '0b7f4a52-3f7e-4f0e-9d0a-8d8f1d1c2b3a' },
    ],
    [{ sort: 'company' }, { sort: 'company' }],
    [{ archived: 'only' }, { archived: 'only' }],
    [{ limit: '100' }, { limit: 100 }],
    [{ limit: '1' }, { limit: 1 }],
  ])('when the query is %j, then it parses to include %j', (query, expected) => {
    expect(customerListQuerySchema.parse(query)).toMatchObject(expected);
  });

  it.each([
    [{ q: 'a' }, 'Search needs at least 2 characters.'],
    [{ customerType: 'industrial' }, 'customerType must be one of commercial, residential'],
    [
      { source: 'billboard' },
      'source must be one of website, referral, social_media, advertising, cold_call, walk_in, other',
    ],
    [{ assignedTo: 'bob' }, "assignedTo must be a team member's id or 'unassigned'"],
    [{ sort: 'random' }, 'sort must be one of newest, oldest, name, company'],
    [{ archived: 'yes' }, 'archived must be one of exclude, only, include'],
    [{ limit: '0' }, 'limit must be between 1 and 100'],
    [{ limit: '101' }, 'limit must be between 1 and 100'],
    [{ limit: '2.5' }, 'limit must be a whole number'],
    [{ limit: 'ten' }, 'limit must be a number'],
  ])('when the query is %j, then it is refused with %j', (query, message) => {
    expect(firstMessage(customerListQuerySchema.safeParse(query))).toBe(message);
  });
});

describe('customerInputSchema', () => {
  const valid = { firstName: 'Jo', lastName: 'Li', email: 'jo@example.com', phone: '5551234567' };

  it('when notes are given, empty or null, then they pass beside the contact form fields', () => {
    expect(customerInputSchema.parse({ ...valid, notes: 'Gate code 1234' }).notes).toBe(
      'Gate code 1234',
    );
    expect(customerInputSchema.parse({ ...valid, notes: null }).notes).toBeNull();
    expect(customerInputSchema.parse(valid)).toMatchObject({
      customerType: 'commercial',
      source: 'website',
    });
  });

  it.each([
    [{ firstName: 'J' }, 'First name must be at least 2 characters.'],
    [{ email: 'nope' }, 'Please enter a valid email address.'],
    [{ phone: '123' }, 'Please enter a valid phone number.'],
    [{ notes: 'x'.repeat(10_001) }, 'Notes must be 10,000 characters or fewer.'],
  ])('when %#, then the message is %j', (patch, message) => {
    expect(firstMessage(customerInputSchema.safeParse({ ...valid, ...patch }))).toBe(message);
  });
});

describe('normalizeSearchTerm', () => {
  it('when the term has control characters or outer spaces, then they go and inner spaces stay', () => {
    expect(normalizeSearchTerm(' \tAnn\n  Lee ')).toBe('Ann  Lee');
  });
});

describe('CUSTOMERS_ROUTE_ROLES', () => {
  it('when taken from the /customers route, then they are admin, manager and sales_person with owner', () => {
    expect([...CUSTOMERS_ROUTE_ROLES].sort()).toEqual(
      ['admin', 'business_admin', 'business_manager', 'manager', 'owner', 'sales_person'].sort(),
    );
  });
});
