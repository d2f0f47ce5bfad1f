import type { Role } from '@crewdesk/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface Actor {
  userId: string;
  email: string;
  sessionId: string;
  /** The business account this request acts for; null when the user has none. */
  accountId: string | null;
  role: Role;
  /**
   * The active business's time zone (UTC without one), read with the session: every wall-clock
   * time of its schedule, and its "today", is read in it.
   */
  timeZone: string;
}

/** Reads the request's session (cookie) into an actor; null when signed out. */
export type ActorResolver = (request: FastifyRequest) => Promise<Actor | null>;

declare module 'fastify' {
  interface FastifyInstance {
    resolveActor: ActorResolver;
  }
  interface FastifyContextConfig {
    /**
     * A read no personal access token may make, whatever its scopes: a whole export, a CSV, the
     * live stream, the tokens and webhooks themselves (decision 054). A session still may.
     */
    refusesTokens?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

/**
 * Session → actor, on demand. The resolver comes from the identity module (better-auth and the
 * accounts): a plugin knows no module, so the app hands it over.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance, opts: { resolveActor: ActorResolver }) => {
    app.decorate('resolveActor', opts.resolveActor);
    app.decorateRequest('actor', null);
  },
);

/** The signed-in actor of the request, read once; null when signed out. */
export async function loadActor(request: FastifyRequest): Promise<Actor | null> {
  if (request.actor) return request.actor;
  request.actor = await request.server.resolveActor(request);
  return request.actor;
}
