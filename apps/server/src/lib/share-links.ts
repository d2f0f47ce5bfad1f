import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

// What every page opened by a share link (an estimate, an invoice, an inspection report) answers
// alike: the link's token is the only key, so nothing it shows may be cached or indexed.

/** Share links are private to whoever holds them: kept out of caches and search engines. */
export function privateAnswer(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
}

/** Who answered through a link: kept with an acceptance as evidence of the typed signature. */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

export function clientOf(request: FastifyRequest): ClientInfo {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 500) : null };
}

// A share link's token is signed, not stored (decision 055): the database keeps only the record's
// id and a version, so a dump of it opens no client page, yet the server can write the link again
// for a reminder, the client's hub or a staff member's "Copy link". The token is the record's id
// (16 bytes) and the first 16 bytes of an HMAC over the kind, the id and the version, both in
// base64url (44 characters). Drawing a new link bumps the version; the old one then fails.

/** What a share link opens; part of what is signed, so one kind's token never opens another. */
export type ShareKind = 'estimate' | 'invoice' | 'inspection-report' | 'visit-proof';

export interface ShareSigner {
  /** The token of a record's link at a version. */
  token(kind: ShareKind, id: string, version: number): string;
  /** The record a token names, before its signature is checked; undefined when not signed. */
  idOf(token: string): string | undefined;
  /** True when the token is the record's link at that version (constant time). */
  opens(token: string, kind: ShareKind, id: string, version: number): boolean;
}

const ID_CHARS = 22;
const SIGNED_TOKEN = /^[A-Za-z0-9_-]{44}$/;
const signers = new Map<string, ShareSigner>();

/** The signer for a server secret (Config.authSecret), under its own purpose label. */
export function shareSigner(serverSecret: string): ShareSigner {
  let signer = signers.get(serverSecret);
  if (!signer) {
    signer = makeSigner(
      createHash('sha256').update('crewdesk:share-links:').update(serverSecret).digest(),
    );
    signers.set(serverSecret, signer);
  }
  return signer;
}

function makeSigner(key: Buffer): ShareSigner {
  const token = (kind: ShareKind, id: string, version: number): string =>
    Buffer.from(id.replaceAll('-', ''), 'hex').toString('base64url') +
    createHmac('sha256', key)
      .update(`${kind}:${id}:${version}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  return {
    token,
    idOf(given) {
      if (!SIGNED_TOKEN.test(given)) return undefined;
      const hex = Buffer.from(given.slice(0, ID_CHARS), 'base64url').toString('hex');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    },
    // The whole text is compared, not the decoded bytes: base64url's last character carries
    // spare bits, so several spellings decode alike and only the one written opens.
    opens(given, kind, id, version) {
      const expected = Buffer.from(token(kind, id, version));
      const presented = Buffer.from(given);
      return presented.length === expected.length && timingSafeEqual(presented, expected);
    },
  };
}

/**
 * A link sent before tokens were signed: its SHA-256, kept so that it still opens its page (the
 * migration hashed the stored tokens) until the record's links are drawn anew.
 */
export function legacyTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** How a kind of shared record is read: by id for a signed token, by hash for an older one. */
export interface SharedRecordReads<Row> {
  byId(id: string): Promise<Row | undefined>;
  byLegacyHash(hash: string): Promise<Row | undefined>;
  versionOf(row: Row): number;
}

/** The record a share link opens, or undefined (unknown, tampered, or drawn anew since). */
export async function findShared<Row>(
  signer: ShareSigner,
  kind: ShareKind,
  token: string,
  reads: SharedRecordReads<Row>,
): Promise<Row | undefined> {
  const id = signer.idOf(token);
  if (id) {
    const row = await reads.byId(id);
    if (row && signer.opens(token, kind, id, reads.versionOf(row))) return row;
  }
  return reads.byLegacyHash(legacyTokenHash(token));
}
