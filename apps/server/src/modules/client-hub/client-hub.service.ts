import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { ShareSigner } from '../../lib/share-links.ts';
import {
  CLIENT_HUB_CODE_ATTEMPTS,
  CLIENT_HUB_CODE_LENGTH,
  CLIENT_HUB_CODE_MINUTES,
  CLIENT_HUB_CODE_WINDOW_MINUTES,
  CLIENT_HUB_CODES_PER_WINDOW,
  CLIENT_HUB_LINK_LIFETIME,
  CLIENT_HUB_MESSAGES as M,
  CLIENT_HUB_SESSION_MINUTES,
  maskEmail,
  maskPhone,
  type ClientHubChannel,
  type ClientHubCodeSent,
  type ClientHubLink,
} from '@crewdesk/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findBrand, type BusinessBrand } from '../business-profile/index.ts';
import { renderMail, type Mailer, type MailBrand } from '../mail/index.ts';
import { mailBrand, sharedBusinessOf } from '../requests/index.ts';
import type { TextMessenger } from '../sms/index.ts';
import { findContactCard, type ContactCard } from '../customers/index.ts';
import * as repo from './client-hub.repo.ts';

export interface HubDeps {
  db: Db;
  /** Writes and reads the documents' links (decision 055). */
  shares: ShareSigner;
  now: Date;
}

export interface CodeDeps extends HubDeps {
  mailer: Mailer;
  texter: TextMessenger;
  publicUrl: string;
  secret: string;
  log: FastifyBaseLogger;
}

/** The path the hub's own logo is served at (the business's stored logo URL is members-only). */
export const HUB_LOGO_PATH = '/api/public/hub/logo';

export const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const linkGone = () => new AppError('NOT_FOUND', M.linkNotFound);
export const signedOut = () => new AppError('UNAUTHENTICATED', M.signedOut);

function documentPath(kind: repo.LinkTarget['kind'], token: string): string {
  const t = encodeURIComponent(token);
  if (kind === 'quote') return `/shared/${t}`;
  if (kind === 'invoice') return `/pay/${t}`;
  if (kind === 'visit_proof') return `/proof/${t}`;
  return `/inspection-report/${t}`;
}

/** Hashes of what is kept at rest: a code (keyed, it has few digits), a session's token. */
function codeHash(secret: string, customerId: string, code: string): string {
  return createHmac('sha256', secret).update(`client-hub:${customerId}:${code}`).digest('hex');
}
export function sessionHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

interface ResolvedLink {
  target: repo.LinkTarget;
  contact: ContactCard;
  brand: BusinessBrand;
}

/**
 * The contact and business a link opens the hub for. Unknown, revoked and expired links answer
 * the same 404: a link counts from when it was sent, or from the contact's last revocation.
 */
export async function resolveLink(
  { db, shares, now }: HubDeps,
  token: string,
): Promise<ResolvedLink> {
  const target = token.length <= 100 ? await repo.findLinkTarget(db, shares, token) : undefined;
  if (!target) throw linkGone();
  const [contact, brand, days, revokedAt] = await Promise.all([
    findContactCard(db, target.accountId, target.customerId),
    findBrand(db, target.accountId),
    repo.linkLifetimeDays(db, target.accountId),
    repo.linksRevokedAt(db, target.accountId, target.customerId),
  ]);
  if (!contact || !brand) throw linkGone();
  const from = Math.max(target.issuedAt.getTime(), revokedAt?.getTime() ?? 0);
  const lifetime = (days ?? CLIENT_HUB_LINK_LIFETIME.default) * DAY_MS;
  if (now.getTime() - from > lifetime) throw linkGone();
  return { target, contact, brand };
}

export interface HubSession {
  accountId: string;
  customerId: string;
  expiresAt: Date;
}

/** The live session a cookie's token stands for; undefined without one. */
export async function findSession(
  deps: HubDeps,
  cookieToken: string | undefined,
): Promise<HubSession | undefined> {
  if (!cookieToken || cookieToken.length > 100) return undefined;
  return repo.findLiveSession(deps.db, sessionHash(cookieToken), deps.now);
}

export async function requireHubSession(
  deps: HubDeps,
  cookieToken: string | undefined,
): Promise<HubSession> {
  const session = await findSession(deps, cookieToken);
  if (!session) throw signedOut();
  return session;
}

/** Whether a link opens a hub (a valid link of a document with a contact); never throws 404. */
export async function linkAvailable(deps: HubDeps, token: string): Promise<{ available: boolean }> {
  try {
    await resolveLink(deps, token);
    return { available: true };
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return { available: false };
    throw error;
  }
}

/** What a link shows before the code: whose business, which document, where a code can go. */
export async function linkInfo(
  deps: HubDeps,
  token: string,
  cookieToken: string | undefined,
): Promise<ClientHubLink> {
  const { target, contact, brand } = await resolveLink(deps, token);
  const session = await findSession(deps, cookieToken);
  return {
    business: sharedBusinessOf(brand, HUB_LOGO_PATH + `?link=${encodeURIComponent(token)}`),
    document: { kind: target.kind, path: documentPath(target.kind, token) },
    emailHint: contact.email ? maskEmail(contact.email) : null,
    phoneHint: contact.phone ? maskPhone(contact.phone) : null,
    signedIn: session?.accountId === target.accountId && session.customerId === target.customerId,
  };
}

function codeMail(brand: MailBrand, code: string) {
  return renderMail({
    subject: `Your code for ${brand.name}: ${code}`,
    heading: 'Your one-time code',
    paragraphs: [
      `Use this code to see your quotes, visits and invoices with ${brand.name}. It works once, for ${CLIENT_HUB_CODE_MINUTES} minutes.`,
      'If you did not ask for it, you can ignore this message.',
    ],
    code,
    footer: `Sent by ${brand.name} because someone opened a link sent to you.`,
    brand,
  });
}

/**
 * Sends a one-time code to the contact's e-mail (or phone) on file: never to an address the
 * caller gives. At most CLIENT_HUB_CODES_PER_WINDOW per contact in a window; a new code makes
 * the older ones useless.
 */
export async function sendCode(
  deps: CodeDeps,
  token: string,
  channel: ClientHubChannel,
): Promise<ClientHubCodeSent> {
  const { target, contact, brand } = await resolveLink(deps, token);
  const to = channel === 'email' ? contact.email : contact.phone;
  if (!to) throw new AppError('BAD_REQUEST', channel === 'email' ? M.noEmail : M.noPhone);
  // Codes older than the rate window count for nothing: they go (used, expired or burned).
  const since = new Date(deps.now.getTime() - CLIENT_HUB_CODE_WINDOW_MINUTES * MINUTE_MS);
  await repo.deleteCodesBefore(deps.db, target.accountId, target.customerId, since);
  const recent = await repo.countCodesSince(deps.db, target.accountId, target.customerId, since);
  if (recent >= CLIENT_HUB_CODES_PER_WINDOW) throw new AppError('RATE_LIMITED', M.tooManyCodes);
  const code = String(randomInt(0, 10 ** CLIENT_HUB_CODE_LENGTH)).padStart(
    CLIENT_HUB_CODE_LENGTH,
    '0',
  );
  await repo.insertCode(deps.db, {
    accountId: target.accountId,
    customerId: target.customerId,
    codeHash: codeHash(deps.secret, target.customerId, code),
    channel,
    expiresAt: new Date(deps.now.getTime() + CLIENT_HUB_CODE_MINUTES * MINUTE_MS),
    createdAt: deps.now,
  });
  if (channel === 'email') {
    const logoUrl = brand.logo
      ? `${deps.publicUrl.replace(/\/+$/, '')}${HUB_LOGO_PATH}?link=${encodeURIComponent(token)}`
      : null;
    await deps.mailer.queue({
      ...codeMail(mailBrand(brand, logoUrl), code),
      accountId: target.accountId,
      kind: 'client-hub-code',
      to,
      fromName: brand.name,
    });
  } else {
    await deps.texter.send({
      kind: 'client-hub-code',
      to,
      body: `${brand.name}: your code is ${code}. It works once, for ${CLIENT_HUB_CODE_MINUTES} minutes.`,
    });
  }
  return {
    channel,
    sentTo: channel === 'email' ? maskEmail(to) : maskPhone(to),
    expiresInMinutes: CLIENT_HUB_CODE_MINUTES,
  };
}

/**
 * Checks a code: right, it is used up and a session starts (its token goes to the cookie, its
 * hash to the database); wrong, it counts an attempt, and the last allowed one burns the code.
 */
export async function verifyCode(
  deps: Pick<CodeDeps, 'db' | 'now' | 'secret' | 'shares'>,
  token: string,
  code: string,
): Promise<{ cookieToken: string; expiresAt: Date }> {
  const { target } = await resolveLink(deps, token);
  const { accountId, customerId } = target;
  const stored = await repo.latestCode(deps.db, accountId, customerId);
  if (!stored) throw new AppError('BAD_REQUEST', M.wrongCode);
  if (stored.attempts >= CLIENT_HUB_CODE_ATTEMPTS) {
    throw new AppError('RATE_LIMITED', M.tooManyAttempts);
  }
  if (stored.expiresAt.getTime() <= deps.now.getTime()) {
    throw new AppError('BAD_REQUEST', M.expiredCode);
  }
  const expected = Buffer.from(stored.codeHash, 'hex');
  const given = Buffer.from(codeHash(deps.secret, customerId, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    const attempts = await repo.addAttempt(deps.db, accountId, stored.id);
    throw attempts >= CLIENT_HUB_CODE_ATTEMPTS
      ? new AppError('RATE_LIMITED', M.tooManyAttempts)
      : new AppError('BAD_REQUEST', M.wrongCode);
  }
  const cookieToken = randomBytes(32).toString('base64url');
  const expiresAt = new Date(deps.now.getTime() + CLIENT_HUB_SESSION_MINUTES * MINUTE_MS);
  await deps.db.transaction(async (tx) => {
    if (!(await repo.useCode(tx, accountId, stored.id, deps.now))) {
      throw new AppError('BAD_REQUEST', M.wrongCode);
    }
    await repo.insertSession(tx, {
      accountId,
      customerId,
      tokenHash: sessionHash(cookieToken),
      expiresAt,
      createdAt: deps.now,
    });
  });
  return { cookieToken, expiresAt };
}

export async function signOut(deps: HubDeps, cookieToken: string | undefined): Promise<void> {
  if (cookieToken && cookieToken.length <= 100) {
    await repo.deleteSession(deps.db, sessionHash(cookieToken), deps.now);
  }
}
