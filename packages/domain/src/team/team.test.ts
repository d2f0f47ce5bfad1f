import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../auth/roles.ts';
import {
  ASSIGNABLE_ROLES,
  canAssignRole,
  INVITATION_DAYS,
  invitationExpiresAt,
  invitationStatus,
  ROLE_CHOICES,
} from './team.ts';

describe('team rules', () => {
  it('when inviting, then every role but owner may be given; pickers leave out member too', () => {
    expect(ASSIGNABLE_ROLES).toEqual(ROLES.filter((r) => r !== 'owner'));
    expect(ROLE_CHOICES).not.toContain('member');
    expect(ROLE_CHOICES).not.toContain('owner');
    expect(ROLE_CHOICES).toContain('team_member');
  });

  it('when an invitation is made, then it expires in 7 days', () => {
    const from = new Date('2026-03-01T10:00:00Z');
    expect(INVITATION_DAYS).toBe(7);
    expect(invitationExpiresAt(from).toISOString()).toBe('2026-03-08T10:00:00.000Z');
  });

  it.each([
    ['pending', '2026-03-02T00:00:00Z', 'pending'],
    ['pending', '2026-02-28T00:00:00Z', 'expired'],
    ['accepted', '2026-02-28T00:00:00Z', 'accepted'],
    ['canceled', '2026-03-02T00:00:00Z', 'canceled'],
    ['rejected', '2026-03-02T00:00:00Z', 'canceled'],
  ] as const)('when stored %s expiring %s, then the status is %s', (stored, expires, status) => {
    expect(invitationStatus(stored, new Date(expires), new Date('2026-03-01T00:00:00Z'))).toBe(
      status,
    );
  });

  const cases: [Role, Role, boolean][] = [
    ['owner', 'business_admin', true],
    ['owner', 'owner', false],
    ['admin', 'admin', true],
    ['business_admin', 'team_member', true],
    ['manager', 'admin', false],
    ['business_manager', 'business_admin', false],
    ['business_manager', 'manager', true],
    ['team_leader', 'team_member', true],
    ['team_leader', 'sales_person', true],
    ['team_leader', 'manager', false],
    ['team_leader', 'admin', false],
    ['team_member', 'team_member', false],
    ['sales_person', 'team_member', false],
  ];
  it.each(cases)('when %s gives the role %s, then allowed is %s', (actor, target, allowed) => {
    expect(canAssignRole(actor, target)).toBe(allowed);
  });
});
