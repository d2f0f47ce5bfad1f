import { describe, expect, it } from 'vitest';
import {
  accountDisplayName,
  businessSlug,
  groupAccounts,
  initials,
  isPersonalAccount,
  resolveActiveAccount,
  roleOfActiveAccount,
  type BusinessAccount,
} from './accounts.ts';

function account(
  account_id: string,
  role: string,
  account_name: string | null = `Acc ${account_id}`,
): BusinessAccount {
  return { account_id, account_name, account_slug: account_id, role };
}

describe('businessSlug', () => {
  it.each([
    ['Acme Cleaning', 'acme-cleaning'],
    ['  Acme   Cleaning  ', 'acme-cleaning'],
    ["Bob's Best -- Co.", 'bob-s-best-co'],
    ['---Edge---', 'edge'],
    ['ABC123', 'abc123'],
    ['Café Crème', 'caf-cr-me'],
    ['!!!', ''],
    ['', ''],
  ])('when the name is %j, then the slug is %j', (name, slug) => {
    expect(businessSlug(name)).toBe(slug);
  });
});

describe('accountDisplayName', () => {
  it.each([
    ['Team A', 'Biz A', 'Team A'],
    [null, 'Biz A', 'Biz A'],
    ['   ', 'Biz A', 'Biz A'],
    ['', 'Biz A', 'Biz A'],
    [null, null, 'Unnamed Account'],
    [null, undefined, 'Unnamed Account'],
    [' ', '  ', 'Unnamed Account'],
    ['  Team A ', null, 'Team A'],
  ])(
    'when account_name %j and business_name %j, then shows %j',
    (account_name, business_name, expected) => {
      expect(accountDisplayName({ account_name, business_name })).toBe(expected);
    },
  );
});

describe('initials', () => {
  it.each([
    ['Jane', 'Doe', 'JD'],
    ['jane', 'doe', 'JD'],
    ['Jane', null, 'J'],
    [null, 'Doe', 'D'],
    ['', 'Doe', 'D'],
    ['  ', '  ', ''],
    [undefined, undefined, ''],
    [' émile ', 'zola', 'ÉZ'],
  ])('when first %j and last %j, then %j', (first, last, expected) => {
    expect(initials(first, last)).toBe(expected);
  });
});

describe('isPersonalAccount', () => {
  it.each([
    ['Personal Account', 'owner', true],
    ["Jane's Personal space", 'owner', true],
    ['personal', 'owner', false],
    ['Acme', 'member', true],
    ['Acme', 'team_member', false],
    ['Acme', 'owner', false],
    [null, 'owner', false],
    [null, 'member', true],
  ])('when name %j and role %s, then personal is %s', (account_name, role, expected) => {
    expect(isPersonalAccount({ account_name, role })).toBe(expected);
  });

  it('when grouping, then each account lands in exactly one group, order kept', () => {
    const list = [
      account('1', 'owner', 'Personal'),
      account('2', 'business_admin'),
      account('3', 'member'),
      account('4', 'team_leader'),
    ];
    const { personal, team } = groupAccounts(list);
    expect(personal.map((a) => a.account_id)).toEqual(['1', '3']);
    expect(team.map((a) => a.account_id)).toEqual(['2', '4']);
  });

  it('when there are no accounts, then both groups are empty', () => {
    expect(groupAccounts([])).toEqual({ personal: [], team: [] });
  });
});

describe('resolveActiveAccount', () => {
  const memberFirst = [
    account('m', 'team_member'),
    account('a', 'business_admin'),
    account('o', 'owner'),
  ];
  it.each([
    ['a stored id that exists', memberFirst, 'o', 'o'],
    ['a stored id that no longer exists', memberFirst, 'gone', 'a'],
    ['no stored id', memberFirst, null, 'a'],
    ['an empty stored id', memberFirst, '', 'a'],
    ['undefined stored id', memberFirst, undefined, 'a'],
    [
      'an owner before an admin',
      [account('m', 'member'), account('o', 'owner'), account('a', 'business_admin')],
      null,
      'o',
    ],
    [
      'neither owner nor business_admin',
      [account('x', 'admin'), account('y', 'manager')],
      null,
      'x',
    ],
    ['a stored id of a lesser role', memberFirst, 'm', 'm'],
  ])('when %s, then %s is active', (_case, accounts, storedId, expected) => {
    expect(resolveActiveAccount(accounts, storedId)?.account_id).toBe(expected);
  });

  it('when there are no accounts, then nothing is active', () => {
    expect(resolveActiveAccount([], 'x')).toBeNull();
  });
});

describe('roleOfActiveAccount', () => {
  it.each([
    [[account('1', 'owner')], null, 'owner'],
    [[account('1', 'member')], null, 'team_member'],
    [[account('1', 'member'), account('2', 'business_admin')], '1', 'team_member'],
    [[account('1', 'sales_person')], 'gone', 'sales_person'],
    [[account('1', 'nonsense')], null, 'member'],
    [[], 'x', 'member'],
  ])('when accounts %j and stored id %j, then the role is %s', (accounts, storedId, role) => {
    expect(roleOfActiveAccount(accounts, storedId)).toBe(role);
  });
});
