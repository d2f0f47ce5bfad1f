import { describe, expect, it } from 'vitest';
import {
  canAccessRoute,
  canOpenSidebarEntry,
  INVOICES_PARENT_ROLES,
  normalizePathname,
  PICKER_ROLES,
  PROTECTED_ROUTE_PATTERNS,
  PUBLIC_ROUTE_PATTERNS,
  routeAccessFor,
  SIDEBAR_GROUPS,
  type SidebarEntry,
} from './access.ts';
import { ROLES, type Role } from './roles.ts';
import { SIDEBAR_MORE_ENTRIES } from './sidebar-more.ts';

const ID = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';

// Shorthands as the spec's route table uses them.
const A: Role[] = ['admin', 'business_admin'];
const M: Role[] = ['manager', 'business_manager'];
const EVERY: Role[] = [...ROLES];

/** pathname, the roles (besides owner) that may open it */
const PROTECTED: [string, Role[]][] = [
  ['/', EVERY],
  ['/notifications', EVERY],
  ['/help', EVERY],
  ['/ai-assistant', EVERY],
  ['/map', [...A, ...M]],
  ['/reports', [...A, ...M]],
  ['/inspections', [...A, ...M, 'team_leader', 'team_member']],
  ['/settings', [...A, ...M, 'estimate-free']],
  ['/team', [...A, ...M, 'team_leader']],
  [`/team/${ID}`, [...A, ...M, 'team_leader']],
  ['/time-tracking', [...A, ...M, 'team_leader', 'team_member']],
  ['/jobs', [...A, ...M, 'team_leader', 'team_member']],
  ['/jobs/42', [...A, ...M, 'team_leader', 'team_member']],
  ['/jobs/new', [...A, ...M, 'team_leader', 'team_member']],
  ['/tasks', [...A, ...M, 'team_leader', 'team_member']],
  ['/tasks/42', [...A, ...M, 'team_leader', 'team_member']],
  ['/schedule', [...A, ...M, 'team_leader', 'team_member']],
  ['/customers', [...A, ...M, 'sales_person']],
  [`/customers/${ID}`, [...A, ...M, 'sales_person']],
  ['/customers/new', [...A, ...M, 'sales_person']],
  ['/inventory', [...A, ...M]],
  ['/inventory/chemicals', [...A, ...M]],
  ['/inventory/items/123', [...A, ...M]],
  ['/inventory/counts/123', [...A, ...M]],
  ['/sales', [...A, ...M, 'sales_person']],
  ['/sales/7', [...A, ...M, 'sales_person']],
  ['/invoices', [...A, ...M, 'sales_person']],
  ['/invoices/payments', [...A, ...M, 'sales_person']],
  ['/invoices/history', [...A, ...M, 'sales_person']],
  [`/invoices/${ID}`, [...A, ...M, 'sales_person']],
  ['/invoices/payments/9', [...A, ...M, 'sales_person']],
  ['/invoices/new', [...A, ...M, 'sales_person']],
  [
    `/invoices/estimates/${ID}`,
    [...A, ...M, 'sales_person', 'team_leader', 'team_member', 'estimate-free'],
  ],
  ['/quotes', [...A, ...M, 'sales_person', 'team_leader', 'team_member', 'estimate-free']],
  [
    '/quotes/estimates',
    [...A, ...M, 'sales_person', 'team_leader', 'team_member', 'estimate-free'],
  ],
  ['/quotes/quotes', [...A, ...M, 'sales_person', 'team_leader', 'team_member', 'estimate-free']],
  [`/quotes/${ID}`, [...A, ...M, 'sales_person', 'team_leader', 'team_member', 'estimate-free']],
  ['/quotes/new', [...A, ...M, 'sales_person', 'team_leader', 'team_member', 'estimate-free']],
  ['/quotes/proposals', [...A, ...M, 'sales_person']],
];

const PUBLIC = [
  '/help-center',
  '/contact',
  '/terms',
  '/privacy',
  '/auth',
  '/auth/confirm',
  '/auth/reset-password',
  '/onboarding',
  '/accept-invitation',
  '/auth/accept-invitation',
  `/invoices/estimates/share/${ID}`,
  '/shared/abc',
  '/request/acme-cleaning',
  '/pay/Zq3vX9',
  '/invoices/payment-success',
];

const ROLE_CASES = PROTECTED.flatMap(([path, allowed]) =>
  ROLES.map(
    (role) =>
      [path, role, role === 'owner' || allowed.includes(role) ? 'allowed' : 'denied'] as const,
  ),
);

describe('canAccessRoute on protected routes', () => {
  it.each(ROLE_CASES)('when %s is opened by %s, then it is %s', (path, role, expected) => {
    expect(canAccessRoute(role, 'acc-1', path)).toBe(expected);
  });
});

describe('canAccessRoute on public routes', () => {
  it.each(PUBLIC)('when anyone opens %s, then it is public', (path) => {
    expect(canAccessRoute(null, null, path)).toBe('public');
    expect(canAccessRoute('team_member', 'acc-1', path)).toBe('public');
  });
});

describe('canAccessRoute edge cases', () => {
  it.each<[Role | null, string | null, string, string]>([
    ['sales_person', null, '/customers', 'denied'],
    ['owner', null, '/customers', 'denied'],
    [null, 'acc-1', '/customers', 'denied'],
    // member is the role of a user without any account; home must not bounce them.
    ['member', null, '/', 'allowed'],
    ['member', null, '/notifications', 'allowed'],
    ['member', null, '/help', 'allowed'],
    ['member', 'acc-1', '/jobs', 'denied'],
    ['owner', 'acc-1', '/nowhere', 'not-found'],
    ['owner', 'acc-1', '/shared', 'not-found'],
    ['owner', 'acc-1', '/jobs/1/extra', 'not-found'],
    ['owner', 'acc-1', '/Jobs', 'not-found'],
    ['team_member', 'acc-1', '/jobs/', 'allowed'],
    ['team_member', 'acc-1', '/jobs?tab=open', 'allowed'],
    ['team_member', 'acc-1', '/jobs/#top', 'allowed'],
    ['team_member', 'acc-1', '//jobs//42', 'allowed'],
    ['estimate-free', 'acc-1', '/invoices', 'denied'],
    ['estimate-free', 'acc-1', '/invoices/estimates/5', 'allowed'],
  ])('when %s with account %j opens %s, then %s', (role, accountId, path, expected) => {
    expect(canAccessRoute(role, accountId, path)).toBe(expected);
  });
});

describe('routeAccessFor', () => {
  it.each([
    // Literal routes must beat the `:id` pattern next to them.
    ['/invoices/new', false],
    ['/invoices/history', false],
    ['/invoices/payments', false],
    ['/quotes/new', true],
    ['/customers/new', false],
    ['/jobs/new', true],
  ])('when resolving %s, then team_member access is %s', (path, teamMember) => {
    const rule = routeAccessFor(path);
    expect(rule).not.toBeNull();
    expect(rule && 'roles' in rule && rule.roles.includes('team_member')).toBe(teamMember);
  });

  it.each([
    ['/invoices/estimates/share/abc', true],
    ['/invoices/estimates/abc', false],
    ['/auth/confirm', true],
    ['/quotes/proposals', false],
  ])('when resolving %s, then public is %s', (path, isPublic) => {
    expect(routeAccessFor(path)).toEqual(
      isPublic ? { public: true } : { roles: expect.any(Array) },
    );
  });

  it('when resolving an unknown path, then it is null', () => {
    expect(routeAccessFor('/does-not-exist')).toBeNull();
  });

  it('when resolving /quotes/proposals, then sales_person is in and team_leader is out', () => {
    const rule = routeAccessFor('/quotes/proposals');
    expect(rule && 'roles' in rule ? [...rule.roles].sort() : null).toEqual(
      ['admin', 'business_admin', 'business_manager', 'manager', 'owner', 'sales_person'].sort(),
    );
  });
});

describe('normalizePathname', () => {
  it.each([
    ['', '/'],
    ['/', '/'],
    ['/jobs/', '/jobs'],
    ['/jobs?x=1', '/jobs'],
    ['/jobs#a', '/jobs'],
    ['//a//b/', '/a/b'],
    ['/?x=/jobs', '/'],
  ])('when given %j, then gives %j', (input, expected) => {
    expect(normalizePathname(input)).toBe(expected);
  });
});

describe('route pattern lists', () => {
  it('when the web app registers them, then every spec route appears once', () => {
    const all = [...PUBLIC_ROUTE_PATTERNS, ...PROTECTED_ROUTE_PATTERNS].map((r) => r.pattern);
    expect(new Set(all).size).toBe(all.length);
    // The spec's 11, /auth/reset-password, /request/:slug, /pay/:token, and payment-success
    // moved here from the protected list (decision 014), the shared inspection report and the
    // client's hub (decision 041).
    expect(PUBLIC_ROUTE_PATTERNS).toHaveLength(17);
    // /inspections/:id (issue 20), the inventory item page and stock-take (issue 21), and one
    // report of /reports (issue 23) and /ai-assistant (issue 24) beside the spec's list.
    expect(PROTECTED_ROUTE_PATTERNS).toHaveLength(41);
  });

  it.each(PROTECTED_ROUTE_PATTERNS.map((r) => [r.pattern, r.roles] as const))(
    'when %s lists its roles, then the owner is among them',
    (_pattern, roles) => {
      expect(roles).toContain('owner');
    },
  );

  it.each(PROTECTED_ROUTE_PATTERNS.map((r) => [r.pattern] as const))(
    'when a concrete path is made from %s, then it resolves to that pattern',
    (pattern) => {
      const path = pattern.replace(/:[a-z]+/g, '123');
      const rule = routeAccessFor(path);
      const own = PROTECTED_ROUTE_PATTERNS.find((r) => r.pattern === pattern);
      expect(rule).toEqual({ roles: own?.roles });
    },
  );

  it('when a report of /reports is opened, then it takes the roles of /reports', () => {
    expect(routeAccessFor('/reports/revenue')).toEqual(routeAccessFor('/reports'));
    expect(canAccessRoute('team_member', 'account-1', '/reports/revenue')).toBe('denied');
  });

  it('when reading the invoices parent roles, then team_leader, team_member and estimate-free are added', () => {
    expect([...INVOICES_PARENT_ROLES].sort()).toEqual(
      [
        'owner',
        'admin',
        'business_admin',
        'manager',
        'business_manager',
        'sales_person',
        'team_leader',
        'team_member',
        'estimate-free',
      ].sort(),
    );
  });
});

describe('SIDEBAR_GROUPS', () => {
  it('when rendering, then groups and entries follow the spec table order', () => {
    expect(
      SIDEBAR_GROUPS.map((g) => [g.label, g.entries.map((e) => `${e.title} ${e.path}`)]),
    ).toEqual([
      [null, ['Home /', 'Reports /reports', 'Schedule /schedule']],
      ['OPERATE', ['Sales /sales', 'Requests /quotes', 'Jobs /jobs', 'Invoices /invoices']],
      ['MANAGE', ['Contacts /customers', 'Team /team', 'Inventory /inventory']],
    ]);
  });

  const entries = SIDEBAR_GROUPS.flatMap((g) => g.entries);
  const entry = (key: string): SidebarEntry => {
    const found = entries.find((e) => e.key === key);
    if (!found) throw new Error(`no sidebar entry ${key}`);
    return found;
  };

  const ALL_SIX = [
    'business_admin',
    'business_manager',
    'sales_person',
    'team_leader',
    'team_member',
    'estimate-free',
  ];
  it.each([
    ['home', ALL_SIX],
    ['reports', ['business_admin', 'business_manager']],
    ['schedule', ['business_admin', 'business_manager', 'team_leader', 'team_member']],
    ['sales', ['business_admin', 'business_manager', 'sales_person']],
    ['requests', ALL_SIX],
    ['jobs', ['business_admin', 'business_manager', 'team_leader', 'team_member']],
    ['invoices', ['business_admin', 'business_manager', 'estimate-free']],
    ['contacts', ['business_admin', 'business_manager', 'sales_person']],
    ['team', ['business_admin', 'business_manager', 'team_leader']],
    ['inventory', ['business_admin', 'business_manager']],
  ])('when the entry is %s, then exactly %j (and owner) may open it', (key, allowed) => {
    const openers = ROLES.filter((role) => canOpenSidebarEntry(role, 'acc-1', entry(key)));
    expect(openers).toEqual(ROLES.filter((role) => role === 'owner' || allowed.includes(role)));
  });

  it.each([
    ['owner', null],
    [null, 'acc-1'],
  ] as const)('when role %s and account %s, then no entry opens', (role, accountId) => {
    expect(entries.filter((e) => canOpenSidebarEntry(role, accountId, e))).toEqual([]);
  });
});

describe('PICKER_ROLES', () => {
  it('when listing who may create contacts, estimates or jobs, then every role but the account-less member is in', () => {
    expect([...PICKER_ROLES].sort()).toEqual(
      [
        'owner',
        'business_admin',
        'admin',
        'manager',
        'business_manager',
        'sales_person',
        'team_leader',
        'team_member',
        'estimate-free',
      ].sort(),
    );
  });
});

describe('SIDEBAR_MORE_ENTRIES', () => {
  it('when read, then time tracking, inspections, notifications and the assistant follow the spec table, each with the roles of its route', () => {
    expect(SIDEBAR_MORE_ENTRIES.map((e) => `${e.title} ${e.path}`)).toEqual([
      'Time tracking /time-tracking',
      'Inspections /inspections',
      'Notifications /notifications',
      'AI assistant /ai-assistant',
    ]);
    for (const entry of SIDEBAR_MORE_ENTRIES) {
      for (const role of ROLES) {
        expect(canOpenSidebarEntry(role, 'account-1', entry), `${role} on ${entry.path}`).toBe(
          canAccessRoute(role, 'account-1', entry.path) === 'allowed',
        );
      }
    }
  });

  it('when a sales person is asked about, then notifications and the assistant are theirs to open', () => {
    expect(
      SIDEBAR_MORE_ENTRIES.filter((e) => canOpenSidebarEntry('sales_person', 'account-1', e)).map(
        (e) => e.key,
      ),
    ).toEqual(['notifications', 'ai-assistant']);
  });
});
