import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  signedInUser,
  type SignedInUser,
  type TestApp,
} from '../../../test/build-app.ts';
import { addContact, ownEmployeeId } from '../../../test/customers.ts';

interface ListBody {
  items: { id: string; firstName: string; lastName: string; company: string | null }[];
  nextCursor: string | null;
  total: number;
  totalCapped: boolean;
}

describe('GET /api/customers', () => {
  let t: TestApp;
  let owner: SignedInUser;
  let employeeId: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInUser(t.app);
    employeeId = await ownEmployeeId(t.app, owner);
    const people = [
      ['Carol', 'baker', 'Summit Realty', 'residential', 'referral', true],
      ['Adam', 'Baker', null, 'residential', 'website', false],
      ['Bea', 'Zimmer', 'acme', 'commercial', 'referral', true],
      ['Dan', 'Adams', 'Acme', 'commercial', 'walk_in', false],
      ['Eve', 'Young', null, 'commercial', 'website', false],
    ] as const;
    for (const [firstName, lastName, company, customerType, source, assigned] of people) {
      await addContact(t.app, owner, {
        firstName,
        lastName,
        company: company ?? '',
        customerType,
        source,
        assignedTo: assigned ? employeeId : undefined,
      });
    }
  });
  afterAll(() => t.close());

  async function list(query: string, user = owner): Promise<ListBody> {
    const res = await asUser(t.app, user, { method: 'GET', url: `/api/customers?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  /** Every page of a query, following nextCursor. */
  async function allPages(query: string): Promise<string[]> {
    const names: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const body: ListBody = await list(
        `${query}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      names.push(...body.items.map((c) => c.firstName));
      cursor = body.nextCursor;
      if (!cursor) break;
    }
    return names;
  }

  it('when nothing is asked, then the newest 25 come with the exact total', async () => {
    const body = await list('');
    expect(body.items.map((c) => c.firstName)).toEqual(['Eve', 'Dan', 'Bea', 'Adam', 'Carol']);
    expect(body).toMatchObject({ total: 5, totalCapped: false, nextCursor: null });
  });

  it.each([
    ['newest', ['Eve', 'Dan', 'Bea', 'Adam', 'Carol']],
    ['oldest', ['Carol', 'Adam', 'Bea', 'Dan', 'Eve']],
    // last name, then first name, without regard to case
    ['name', ['Dan', 'Adam', 'Carol', 'Eve', 'Bea']],
    // companies A→Z (any case), contacts without one last
    ['company', ['Bea', 'Dan', 'Carol', 'Adam', 'Eve']],
  ])(
    'when sorted by %s and paged 2 at a time, then the pages join up in that order',
    async (sort, expected) => {
      const names = await allPages(`sort=${sort}`);
      if (sort === 'company') {
        // 'acme' and 'Acme' tie on the company: the id decides, so only the groups are fixed.
        expect(names.slice(0, 2).sort()).toEqual(['Bea', 'Dan']);
        expect(names.slice(2, 3)).toEqual(['Carol']);
        expect(names.slice(3).sort()).toEqual(['Adam', 'Eve']);
      } else {
        expect(names).toEqual(expected);
      }
    },
  );

  it.each([
    ['customerType=residential', ['Adam', 'Carol']],
    ['source=referral', ['Bea', 'Carol']],
    ['customerType=commercial&source=website', ['Eve']],
    [`assignedTo=${'EMPLOYEE'}`, ['Bea', 'Carol']],
    ['assignedTo=unassigned', ['Eve', 'Dan', 'Adam']],
    ['q=acm', ['Dan', 'Bea']],
    ['q=BA&sort=name', ['Adam', 'Carol']],
    ['q=zz', []],
  ])('when filtered by %s, then only those come, with their total', async (query, expected) => {
    const body = await list(query.replace('EMPLOYEE', employeeId));
    expect(body.items.map((c) => c.firstName)).toEqual(expected);
    expect(body.total).toBe(expected.length);
  });

  it('when one kind of filtered page is asked with other values, then each answer has its own rows', async () => {
    // Pages of one shape share a statement prepared once: only the values change.
    expect(await allPages('customerType=commercial&sort=oldest')).toEqual(['Bea', 'Dan', 'Eve']);
    expect(await allPages('customerType=residential&sort=oldest')).toEqual(['Carol', 'Adam']);
    expect(await allPages('source=website&sort=name')).toEqual(['Adam', 'Eve']);
    expect(await allPages('source=referral&sort=name')).toEqual(['Carol', 'Bea']);
  });

  it('when another business lists, then it sees only its own contacts', async () => {
    const stranger = await signedInUser(t.app, { role: 'sales_person' });
    await addContact(t.app, stranger, { firstName: 'Own' });
    const body = await list('', stranger);
    expect(body.items.map((c) => c.firstName)).toEqual(['Own']);
    expect(body.total).toBe(1);
  });

  it('when a business has more than 10,000 contacts, then the total stops at 10,000 and says so', async () => {
    const big = await signedInUser(t.app);
    await t.app.db.execute(sql`
      INSERT INTO customers (account_id, first_name, last_name)
      SELECT ${big.accountId}, 'Bulk', 'Person' || i FROM generate_series(1, 10005) AS i`);
    const body = await list('limit=100', big);
    expect(body).toMatchObject({ total: 10_000, totalCapped: true });
    expect(body.items).toHaveLength(100);
    expect(body.nextCursor).not.toBeNull();
  });

  it.each([
    ['limit=0', 'limit: limit must be between 1 and 100'],
    ['limit=101', 'limit: limit must be between 1 and 100'],
    ['sort=random', 'sort: sort must be one of newest, oldest, name, company'],
    [
      'customerType=industrial',
      'customerType: customerType must be one of commercial, residential',
    ],
    ['assignedTo=bob', "assignedTo: assignedTo must be a team member's id or 'unassigned'"],
    ['q=a', 'q: Search needs at least 2 characters.'],
    ['cursor=nonsense', 'cursor is not valid; start again from the first page'],
  ])('when the query is %s, then it answers 400 with %j', async (query, message) => {
    const res = await asUser(t.app, owner, { method: 'GET', url: `/api/customers?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('when a cursor of one sort is used with another, or is forged, then it answers 400', async () => {
    const first = await list('sort=name&limit=1');
    const res = await asUser(t.app, owner, {
      method: 'GET',
      url: `/api/customers?sort=newest&cursor=${encodeURIComponent(first.nextCursor!)}`,
    });
    expect(res.statusCode).toBe(400);
    const forged = Buffer.from(JSON.stringify({ s: 'newest', k: ['yesterday', 'x'] })).toString(
      'base64url',
    );
    const bad = await asUser(t.app, owner, {
      method: 'GET',
      url: `/api/customers?cursor=${forged}`,
    });
    expect(bad.statusCode).toBe(400);
  });
});
