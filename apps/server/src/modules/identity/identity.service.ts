import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/session.ts';
import { listBusinessAccountsWithDetails } from '../accounts/index.ts';
import { onboardingStatus } from '../onboarding/index.ts';
import * as repo from './identity.repo.ts';

/** GET /api/me: the signed-in user, where onboarding stands, their accounts and active role. */
export async function describeActor(db: Db, actor: Actor) {
  const user = await repo.findUser(db, actor.userId);
  const accounts = await listBusinessAccountsWithDetails(db, actor.userId);
  return {
    user: {
      id: actor.userId,
      email: user?.email ?? actor.email,
      name: user?.name ?? '',
      firstName: user?.firstName ?? null,
      lastName: user?.lastName ?? null,
      avatarUrl: user?.image ?? null,
      emailVerified: user?.emailVerified ?? false,
      phoneNumber: user?.phoneNumber ?? null,
      phoneNumberVerified: user?.phoneNumberVerified ?? false,
    },
    onboarding: await onboardingStatus(db, actor.userId),
    accounts,
    activeAccountId: actor.accountId,
    role: actor.role,
  };
}
