import type { JobDetail, JobInputBody, Role } from '@crewdesk/domain';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { asUser, memberActingFor, type SignedInUser } from './build-app.ts';
import { ownEmployeeId } from './customers.ts';

/** A valid job schedule dialog body (a one-time cleaning job); each field overridable. */
export function jobBody(overrides: Partial<JobInputBody> = {}): JobInputBody {
  return {
    title: 'Office cleaning',
    location: '100 Main St, Austin, TX 78701',
    startsAt: '2026-12-01T09:00:00',
    priceCents: 15000,
    ...overrides,
  };
}

/** Creates a job through the API as `user`; returns the answer's body. */
export async function createJobAs(
  app: FastifyInstance,
  user: SignedInUser,
  overrides: Partial<JobInputBody> = {},
): Promise<JobDetail> {
  const res = await asUser(app, user, {
    method: 'POST',
    url: '/api/jobs',
    payload: jobBody(overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export interface Colleague extends SignedInUser {
  employeeId: string;
}

/**
 * Another user who works in `owner`'s business with `role` (an employee record linked to their
 * login), signed in and acting for that business.
 */
export async function colleagueOf(
  app: FastifyInstance,
  owner: SignedInUser,
  role: Role = 'team_member',
): Promise<Colleague> {
  const user = await memberActingFor(app, owner, role);
  const member = { ...user, accountId: owner.accountId };
  return { ...member, employeeId: await ownEmployeeId(app, member) };
}
