import { describe, expect, it } from 'vitest';
import {
  BUSINESS_ADMIN_ROLES,
  BUSINESS_MANAGER_ROLES,
  FALLBACK_ROLE,
  hasBusinessAdminRights,
  hasBusinessManagerRights,
  hasTeamManagementRights,
  isRole,
  isRoleAllowed,
  mapMemberRole,
  ROLE_LABELS,
  ROLES,
  TEAM_MANAGEMENT_ROLES,
  type Role,
} from './roles.ts';

describe('isRole', () => {
  it.each([
    ['owner', true],
    ['business_admin', true],
    ['estimate-free', true],
    ['member', true],
    ['estimate_free', false],
    ['Owner', false],
    ['', false],
    [null, false],
    [undefined, false],
    [1, false],
  ])('when given %j, then answers %s', (value, expected) => {
    expect(isRole(value)).toBe(expected);
  });

  it('when listing the roles, then there are the ten of the spec', () => {
    expect(ROLES).toEqual([
      'owner',
      'business_admin',
      'admin',
      'manager',
      'business_manager',
      'sales_person',
      'team_leader',
      'team_member',
      'estimate-free',
      'member',
    ]);
  });
});

describe('rights groups', () => {
  it('when reading the groups, then they hold exactly the spec roles', () => {
    expect([...BUSINESS_ADMIN_ROLES].sort()).toEqual(['admin', 'business_admin', 'owner']);
    expect([...BUSINESS_MANAGER_ROLES].sort()).toEqual([
      'admin',
      'business_admin',
      'business_manager',
      'manager',
      'owner',
    ]);
    expect([...TEAM_MANAGEMENT_ROLES].sort()).toEqual([
      'admin',
      'business_admin',
      'business_manager',
      'manager',
      'owner',
      'team_leader',
    ]);
  });

  // role, business admin, business manager, team management
  it.each<[Role | null | undefined, boolean, boolean, boolean]>([
    ['owner', true, true, true],
    ['business_admin', true, true, true],
    ['admin', true, true, true],
    ['manager', false, true, true],
    ['business_manager', false, true, true],
    ['team_leader', false, false, true],
    ['sales_person', false, false, false],
    ['team_member', false, false, false],
    ['estimate-free', false, false, false],
    ['member', false, false, false],
    [null, false, false, false],
    [undefined, false, false, false],
  ])('when the role is %s, then admin=%s manager=%s team=%s', (role, admin, manager, team) => {
    expect(hasBusinessAdminRights(role)).toBe(admin);
    expect(hasBusinessManagerRights(role)).toBe(manager);
    expect(hasTeamManagementRights(role)).toBe(team);
  });
});

describe('isRoleAllowed', () => {
  const sales: readonly Role[] = ['sales_person'];
  it.each<[Role | null | undefined, string | null | undefined, readonly Role[], boolean]>([
    ['sales_person', 'acc-1', sales, true],
    ['team_member', 'acc-1', sales, false],
    ['owner', 'acc-1', sales, true],
    ['owner', 'acc-1', [], true],
    ['admin', 'acc-1', [], false],
    ['sales_person', null, sales, false],
    ['sales_person', undefined, sales, false],
    ['sales_person', '', sales, false],
    ['owner', null, sales, false],
    [null, 'acc-1', sales, false],
    [undefined, 'acc-1', sales, false],
  ])('when role %s, account %j and list %j, then %s', (role, accountId, allowed, expected) => {
    expect(isRoleAllowed(role, accountId, allowed)).toBe(expected);
  });
});

describe('mapMemberRole', () => {
  it.each([
    ['owner', 'owner'],
    ['member', 'team_member'],
    ['business_admin', 'business_admin'],
    ['estimate-free', 'estimate-free'],
    ['team_member', 'team_member'],
    ['superuser', 'member'],
    ['', 'member'],
    ['OWNER', 'member'],
  ])('when the stored role is %j, then the app role is %s', (stored, expected) => {
    expect(mapMemberRole(stored)).toBe(expected);
  });

  it('when nothing is loaded, then the fallback role is member', () => {
    expect(FALLBACK_ROLE).toBe('member');
  });
});

describe('ROLE_LABELS', () => {
  it.each<[Role, string]>([
    ['owner', 'Owner'],
    ['business_admin', 'Business admin'],
    ['admin', 'Admin'],
    ['manager', 'Manager'],
    ['business_manager', 'Business manager'],
    ['sales_person', 'Sales person'],
    ['team_leader', 'Team leader'],
    ['team_member', 'Team member'],
    ['estimate-free', 'Estimate-free'],
    ['member', 'Member'],
  ])('when labelling %s, then shows %s', (role, label) => {
    expect(ROLE_LABELS[role]).toBe(label);
  });
});
