import { isRoleAllowed, type Role } from '@crewdesk/domain';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError, forbidden, unauthenticated } from '../lib/app-error.ts';
import { loadActor, type Actor } from './session.ts';

/** An actor that is signed in and acts for a business account. */
export type AccountActor = Actor & { accountId: string };

/**
 * preHandler: the request must carry a live session. With `roles`, the active account's role
 * must pass the domain's generic check (owner always allowed; no role or account → denied).
 */
export function requireSession(
  options: { roles?: readonly Role[] } = {},
): preHandlerAsyncHookHandler {
  return async function checkSession(this: unknown, request: FastifyRequest, _reply: FastifyReply) {
    const actor = await loadActor(request);
    if (!actor) throw unauthenticated();
    if (options.roles && !isRoleAllowed(actor.role, actor.accountId, options.roles))
      throw forbidden();
  };
}

/** The actor set by requireSession; for handlers behind it. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthenticated();
  return request.actor;
}

/** The actor and the account every tenant query is scoped by. */
export function accountActorOf(request: FastifyRequest): AccountActor {
  const actor = actorOf(request);
  if (!actor.accountId) {
    throw new AppError(
      'FORBIDDEN',
      'Unable to determine business context. Please ensure you have a business associated with your account.',
    );
  }
  return actor as AccountActor;
}
