import { isRoleAllowed, mapMemberRole, ROLES, type Role } from '@crewdesk/domain';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { it } from 'vitest';
import { asUser, signedInUser, type SignedInUser } from './build-app.ts';

export interface GuardedEndpoint {
  name: string;
  /** Who may call it (the domain's rights groups or route tables); owner is always allowed. */
  roles: readonly Role[] | 'any-signed-in';
  /** Builds the request for a user acting in their own account. */
  request: (user: SignedInUser) => InjectOptions | Promise<InjectOptions>;
  /**
   * One user per role serves every case of the endpoints marked so (signing a user up is most of
   * a case's time). Only for endpoints that leave the user's session, role and account as they
   * were; the others get a user of their own.
   */
  sharedUser?: boolean;
}

/**
 * The roles × endpoints matrix: for every role of the spec, a user holding it calls each
 * endpoint; a role without access must get 403 (with nothing of the record in the body), a role
 * with access must not. Declare an endpoint once and every role is covered.
 */
export function describeRoleMatrix(
  getApp: () => FastifyInstance,
  endpoints: readonly GuardedEndpoint[],
): void {
  const cases = endpoints.flatMap((endpoint) =>
    ROLES.map((role) => [endpoint.name, role, endpoint] as const),
  );
  // Each case has its own user and account, so cases run side by side: their password hashing
  // (scrypt, off the main thread) overlaps, which halves the matrix's time on two cores.
  const sharedUsers = new Map<Role, Promise<SignedInUser>>();
  const userFor = (app: FastifyInstance, role: Role, shared: boolean) => {
    if (!shared) return signedInUser(app, { role });
    let user = sharedUsers.get(role);
    if (!user) {
      user = signedInUser(app, { role });
      sharedUsers.set(role, user);
    }
    return user;
  };
  it.concurrent.for(cases)('%s as %s', async ([, role, endpoint], { expect }) => {
    const app = getApp();
    const user = await userFor(app, role, endpoint.sharedUser === true);
    const res = await asUser(app, user, await endpoint.request(user));
    // The stored role 'member' acts as team_member (spec section 4), as on the server.
    const allowed =
      endpoint.roles === 'any-signed-in' ||
      isRoleAllowed(mapMemberRole(role), user.accountId, endpoint.roles);
    if (allowed) {
      expect(res.statusCode, res.body).not.toBe(403);
      expect(res.statusCode, res.body).toBeLessThan(500);
    } else {
      expect(res.statusCode).toBe(403);
      expect(Object.keys(res.json()).sort()).toEqual(['code', 'message']);
    }
  });
}
