import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees } from '../../db/schema/index.ts';
import { addMember } from '../identity/index.ts';
import { asUser, createTestApp, signedInUser, type TestApp } from '../../../test/build-app.ts';

describe('GET /api/team/employees/options', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('when a sales person opens the picker, then only the active employees of their business come, by first name, with id and names only', async () => {
    const owner = await signedInUser(t.app, {
      firstName: 'Olga',
      lastName: 'Owner',
      accountName: 'Picker Co',
    });
    const seller = await signedInUser(t.app, { firstName: 'Sam', lastName: 'Seller' });
    await addMember(t.app.db, {
      accountId: owner.accountId,
      userId: seller.userId,
      role: 'sales_person',
    });
    await t.app.db.insert(employees).values([
      { accountId: owner.accountId, firstName: 'Zed', lastName: 'Active' },
      { accountId: owner.accountId, firstName: 'Abby', lastName: 'Active' },
      {
        accountId: owner.accountId,
        firstName: 'Ina',
        lastName: 'Gone',
        employmentStatus: 'inactive',
      },
    ]);
    const other = await signedInUser(t.app, { firstName: 'Otto', accountName: 'Other Co' });
    await t.app.db
      .insert(employees)
      .values({ accountId: other.accountId, firstName: 'Alien', lastName: 'Staff' });

    // The seller's session still acts in their own account: switch to the owner's.
    const switched = await asUser(t.app, seller, {
      method: 'PUT',
      url: '/api/me/active-account',
      payload: { accountId: owner.accountId },
    });
    expect(switched.statusCode).toBe(200);

    const res = await asUser(t.app, seller, { method: 'GET', url: '/api/team/employees/options' });

    expect(res.statusCode).toBe(200);
    const body = res.json() as { id: string; firstName: string; lastName: string }[];
    expect(body.map((e) => `${e.firstName} ${e.lastName}`)).toEqual([
      'Abby Active',
      'Olga Owner',
      'Sam Seller',
      'Zed Active',
    ]);
    expect(Object.keys(body[0] ?? {}).sort()).toEqual(['firstName', 'id', 'lastName']);
  });

  it('when the caller is signed out, then 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/team/employees/options' });
    expect(res.statusCode).toBe(401);
  });

  it('when an employee id is asked for, then the profile route still answers it (options is not taken for an id)', async () => {
    const owner = await signedInUser(t.app, { firstName: 'Pia', accountName: 'Route Co' });
    const res = await asUser(t.app, owner, {
      method: 'GET',
      url: `/api/team/employees/${crypto.randomUUID()}`,
    });
    expect(res.statusCode).toBe(404);
  });
});
