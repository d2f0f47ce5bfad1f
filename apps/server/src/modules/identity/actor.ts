import { fromNodeHeaders } from 'better-auth/node';
import type { Db } from '../../db/client.ts';
import type { ActorResolver } from '../../plugins/session.ts';
import { resolveSessionAccount } from '../accounts/index.ts';
import type { Auth } from './auth.ts';

/** Reads the session cookie through better-auth, then the business account it acts for. */
export function actorResolver(auth: Auth, db: Db): ActorResolver {
  return async (request) => {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) return null;
    const sessionAccountId = (session.session as { activeOrganizationId?: string | null })
      .activeOrganizationId;
    const active = await resolveSessionAccount(db, session.user.id, sessionAccountId);
    return {
      userId: session.user.id,
      email: session.user.email,
      sessionId: session.session.id,
      accountId: active.accountId,
      role: active.role,
    };
  };
}
