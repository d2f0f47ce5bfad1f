import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { ACCESS_TOKEN_PREFIX, type AccessTokenScope } from '@crewdesk/domain';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Actor, ActorResolver } from '../../plugins/session.ts';
import { resolveSessionAccount, roleOf } from '../accounts/index.ts';
import { accountTimeZone, DEFAULT_TIME_ZONE } from '../business-profile/index.ts';
import type { ActorCache } from './actor-cache.ts';
import type { Auth } from './auth.ts';
import { findAccessTokenActor, findSessionActor, type SessionActorRow } from './identity.repo.ts';

/** What the fast path needs of better-auth's settings, read once. */
interface SessionSettings {
  cookieName: string;
  secret: string;
  /** Seconds: how long a session lives, and how old it gets before it is extended. */
  expiresIn: number;
  updateAge: number;
}

/**
 * Reads the session cookie into an actor: from this process's cache when it holds the session,
 * otherwise in one statement (session, user, and the membership it acts through;
 * `findSessionActor`). The cache forgets a session when the database notifies a change to it
 * (`ActorCache`), so a sign-out, a revoked session, a deactivation or a role change holds on the
 * very next request, in every server process.
 *
 * better-auth's own `getSession` still answers when it has work to do: a session due to be
 * extended (once a day), or one that has expired (it deletes it).
 */
export function actorResolver(
  auth: Auth,
  db: Db,
  cache: ActorCache,
  isInternalCall: (request: FastifyRequest) => boolean,
): ActorResolver {
  let settings: Promise<SessionSettings> | undefined;
  const sessionSettings = () =>
    (settings ??= auth.$context.then((context) => ({
      cookieName: context.authCookies.sessionToken.name,
      secret: context.secret,
      expiresIn: context.sessionConfig.expiresIn,
      updateAge: context.sessionConfig.updateAge,
    })));

  const signedCookies = new SignedCookieMemo();
  return async (request) => {
    const current = await sessionSettings();
    const token = signedCookies.tokenOf(request.cookies[current.cookieName], current.secret);
    if (token === null) return readOnlyTokenActor(db, request, isInternalCall(request));
    const cached = cache.get(token);
    const generation = cache.generation;
    const row = cached ?? (await findSessionActor(db, token));
    if (!row) return null;
    if (isDueForBetterAuth(row, current)) return actorFromBetterAuth(auth, db, request);
    if (!cached) cache.set(token, row, generation);
    return {
      userId: row.userId,
      email: row.email,
      sessionId: row.sessionId,
      accountId: row.accountId,
      role: row.storedRole === null ? 'member' : roleOf(row.storedRole),
      timeZone: row.timeZone ?? DEFAULT_TIME_ZONE,
    };
  };
}

/**
 * The session token of a cookie better-auth signed (`token.signature`, an HMAC-SHA256 in
 * base64); null when there is no cookie or the signature does not hold, as better-auth reads it.
 */
export function verifiedToken(cookie: string | undefined, secret: string): string | null {
  if (!cookie) return null;
  const dot = cookie.lastIndexOf('.');
  if (dot < 1) return null;
  const token = cookie.slice(0, dot);
  const signature = cookie.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * The cookies whose signature held, with their token: a browser sends the same cookie on every
 * request, and checking its HMAC again was ~2 % of a list request's server CPU. Only cookies that
 * verified are kept (forging one needs the secret), at most MAX of them; a full memo starts over.
 * The memo belongs to one resolver, so to one secret.
 */
export class SignedCookieMemo {
  static readonly MAX = 10_000;
  private readonly tokens = new Map<string, string>();

  tokenOf(cookie: string | undefined, secret: string): string | null {
    if (!cookie) return null;
    const known = this.tokens.get(cookie);
    if (known !== undefined) return known;
    const token = verifiedToken(cookie, secret);
    if (token === null) return null;
    if (this.tokens.size >= SignedCookieMemo.MAX) this.tokens.clear();
    this.tokens.set(cookie, token);
    return token;
  }

  get size(): number {
    return this.tokens.size;
  }
}

/** Expired (better-auth deletes it), or old enough that better-auth extends it (its `updateAge`). */
function isDueForBetterAuth(row: SessionActorRow, settings: SessionSettings): boolean {
  const expiresAt = row.expiresAt.getTime();
  const now = Date.now();
  return (
    expiresAt <= now || expiresAt - settings.expiresIn * 1000 + settings.updateAge * 1000 <= now
  );
}

async function actorFromBetterAuth(
  auth: Auth,
  db: Db,
  request: FastifyRequest,
): Promise<Actor | null> {
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
    timeZone: active.accountId ? await accountTimeZone(db, active.accountId) : DEFAULT_TIME_ZONE,
  };
}

/**
 * A personal access token (`Authorization: Bearer cdk_…`, Settings) reads as its person in its
 * business: GET requests only, so a token can look and propose but never change anything.
 */
async function readOnlyTokenActor(
  db: Db,
  request: FastifyRequest,
  internal: boolean,
): Promise<Actor | null> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  // Exports, CSVs, the live stream, tokens and webhooks never answer a token (decision 054).
  if (request.routeOptions.config.refusesTokens) return null;
  const header = request.headers.authorization;
  if (!header?.startsWith(`Bearer ${ACCESS_TOKEN_PREFIX}`)) return null;
  const actor = await actorForAccessToken(db, header.slice('Bearer '.length));
  // The assistant's tools read through the API inside the server; anything else needs `read`.
  const needed: AccessTokenScope = internal ? 'assistant' : 'read';
  return actor?.scopes.includes(needed) ? actor : null;
}

/** The actor of a personal access token; null when it is unknown, revoked or its member left. */
export async function actorForAccessToken(
  db: Db,
  token: string,
): Promise<(Actor & { scopes: readonly AccessTokenScope[] }) | null> {
  if (!token.startsWith(ACCESS_TOKEN_PREFIX) || token.length > 200) return null;
  const row = await findAccessTokenActor(db, accessTokenHash(token));
  if (!row) return null;
  return {
    scopes: row.scopes,
    userId: row.userId,
    email: row.email,
    sessionId: `token:${row.tokenId}`,
    accountId: row.accountId,
    role: roleOf(row.storedRole),
    timeZone: row.timeZone ?? DEFAULT_TIME_ZONE,
  };
}

/** Only this hash of a token is stored: a leaked table opens nothing. */
export function accessTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
