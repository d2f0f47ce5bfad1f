import {
  CHOOSE_OPTION_MESSAGE,
  REQUEST_ALREADY_ANSWERED_MESSAGE,
  REQUEST_EXPIRED_MESSAGE,
  SHARED_REQUEST_NOT_FOUND_MESSAGE,
  type AcceptSharedRequestInput,
  type SharedRequest,
} from '@crewdesk/domain';
import type { ShareSigner } from '../../lib/share-links.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ClientInfo } from '../../lib/share-links.ts';
import { type StoredLogo, findBrand, type BusinessBrand } from '../business-profile/index.ts';
import type { Mailer } from '../mail/index.ts';
import {
  acceptedNoticeMail,
  declinedNoticeMail,
  requestLink,
  viewedNoticeMail,
  notifyBusiness,
  requestPdf,
  requestPdfFileName,
  effectiveStatus,
  isProposal,
  optionsOf,
  requestWord,
  toSharedRequest,
  type NewRequestRow,
  type RequestRow,
  answerOpenRequest,
  findByShareToken,
  findRequest,
  insertRequestEvent,
  markViewed,
} from '../requests/index.ts';

export interface ShareDeps {
  db: Db;
  shares: ShareSigner;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** The app's clock, read once per call. */
  now: Date;
}

export const NO_OPTIONS_MESSAGE = 'This estimate has no options to choose from.';

const ANSWERED: readonly string[] = ['accepted', 'declined', 'converted'];

const linkNotFound = () => new AppError('NOT_FOUND', SHARED_REQUEST_NOT_FOUND_MESSAGE);

/** The request behind a share link and its business; a malformed or unknown token is a 404. */
async function load(
  { db, shares }: Pick<ShareDeps, 'db' | 'shares'>,
  token: string,
): Promise<{ row: RequestRow; brand: BusinessBrand }> {
  const row = await findByShareToken(db, shares, token);
  if (!row) throw linkNotFound();
  const brand = await findBrand(db, row.accountId);
  if (!brand) throw linkNotFound();
  return { row, brand };
}

/**
 * Answered before (409), else expired (410: the link still works, the offer does not). Checked
 * in this order: an accepted estimate stays accepted after its expiry date.
 */
function assertAnswerable(row: RequestRow, now: Date): void {
  if (ANSWERED.includes(row.status)) {
    throw new AppError('CONFLICT', REQUEST_ALREADY_ANSWERED_MESSAGE);
  }
  if (effectiveStatus(row, now) === 'expired') throw new AppError('GONE', REQUEST_EXPIRED_MESSAGE);
}

/**
 * Runs the conditional answer; when it changed nothing (another answer or the expiry came
 * first, e.g. a double submit), the refusal is worked out again from the row as it now is.
 */
async function answer(
  deps: ShareDeps,
  row: RequestRow,
  values: Partial<NewRequestRow>,
  event: { kind: 'accepted' | 'declined'; detail: Record<string, unknown> },
): Promise<RequestRow> {
  return deps.db.transaction(async (tx) => {
    const updated = await answerOpenRequest(tx, row.accountId, row.id, deps.now, values);
    if (!updated) {
      const current = (await findRequest(tx, row.accountId, row.id))?.row;
      if (!current) throw linkNotFound();
      assertAnswerable(current, deps.now);
      throw new AppError('CONFLICT', REQUEST_ALREADY_ANSWERED_MESSAGE);
    }
    await insertRequestEvent(tx, {
      accountId: row.accountId,
      requestId: row.id,
      kind: event.kind,
      detail: event.detail,
    });
    return updated;
  });
}

/**
 * The share page. Its first open records the view (viewed_at, unopened/sent → viewed, a
 * 'viewed' event) and tells the business; later opens change nothing.
 */
export async function openSharedRequest(
  deps: ShareDeps,
  token: string,
  /** The active business of a signed-in caller: its own people previewing the link are not the client. */
  viewerAccountId: string | null = null,
): Promise<SharedRequest> {
  const { row, brand } = await load(deps, token);
  if (row.viewedAt || viewerAccountId === row.accountId)
    return toSharedRequest(row, brand, deps.now, deps.shares);
  const viewed = await deps.db.transaction(async (tx) => {
    const updated = await markViewed(tx, row.accountId, row.id, deps.now);
    if (updated) {
      await insertRequestEvent(tx, { accountId: row.accountId, requestId: row.id, kind: 'viewed' });
    }
    return updated;
  });
  if (!viewed) {
    // Opened by someone else a moment ago: theirs was the first view.
    return toSharedRequest((await load(deps, token)).row, brand, deps.now, deps.shares);
  }
  await notifyBusiness(
    deps,
    row.accountId,
    'request-viewed',
    viewedNoticeMail({
      clientName: row.client,
      word: requestWord(row),
      title: row.title,
      url: requestLink(deps.publicUrl, row.id),
    }),
  );
  return toSharedRequest(viewed, brand, deps.now, deps.shares);
}

/**
 * The client accepts: the typed name is the signature, kept with the time, IP and browser. A
 * proposal needs one of its options, whose price becomes the request's amount.
 */
export async function acceptSharedRequest(
  deps: ShareDeps,
  token: string,
  input: AcceptSharedRequestInput,
  client: ClientInfo,
): Promise<SharedRequest> {
  const { row, brand } = await load(deps, token);
  assertAnswerable(row, deps.now);
  let option = null;
  if (isProposal(row)) {
    option = optionsOf(row)?.find((o) => o.id === input.optionId) ?? null;
    if (!option) throw new AppError('BAD_REQUEST', CHOOSE_OPTION_MESSAGE);
  } else if (input.optionId !== undefined) {
    throw new AppError('BAD_REQUEST', NO_OPTIONS_MESSAGE);
  }
  const amountCents = option?.priceCents ?? row.amountCents;
  const updated = await answer(
    deps,
    row,
    {
      status: 'accepted',
      acceptedAt: deps.now,
      acceptedName: input.name,
      acceptedIp: client.ip,
      acceptedUserAgent: client.userAgent,
      acceptedOption: option?.id ?? null,
      amountCents,
    },
    {
      kind: 'accepted',
      detail: {
        name: input.name,
        ...(option ? { optionId: option.id, fromAmountCents: row.amountCents } : {}),
        amountCents,
      },
    },
  );
  await notifyBusiness(
    deps,
    row.accountId,
    'request-accepted',
    acceptedNoticeMail({
      clientName: row.client,
      signedName: input.name,
      word: requestWord(row),
      title: row.title,
      amountCents,
      currency: brand.currency,
      optionName: option?.name ?? null,
      url: requestLink(deps.publicUrl, row.id),
    }),
  );
  return toSharedRequest(updated, brand, deps.now, deps.shares);
}

/** The client declines, with a reason for the business. */
export async function declineSharedRequest(
  deps: ShareDeps,
  token: string,
  input: { reason: string },
): Promise<SharedRequest> {
  const { row, brand } = await load(deps, token);
  assertAnswerable(row, deps.now);
  const updated = await answer(
    deps,
    row,
    { status: 'declined', declinedAt: deps.now, declinedReason: input.reason },
    { kind: 'declined', detail: { reason: input.reason } },
  );
  await notifyBusiness(
    deps,
    row.accountId,
    'request-declined',
    declinedNoticeMail({
      clientName: row.client,
      word: requestWord(row),
      title: row.title,
      reason: input.reason,
      url: requestLink(deps.publicUrl, row.id),
    }),
  );
  return toSharedRequest(updated, brand, deps.now, deps.shares);
}

/** The PDF of a shared request (opening it is not a view: the page records that). */
export async function sharedRequestPdf(
  deps: {
    db: Db;
    shares: ShareSigner;
    now: Date;
    readLogo: (logoUrl: string | null) => Promise<StoredLogo | null>;
  },
  token: string,
): Promise<{ pdf: Buffer; fileName: string }> {
  const { row, brand } = await load(deps, token);
  const view = toSharedRequest(row, brand, deps.now, deps.shares);
  const logo = await deps.readLogo(brand.logo);
  const pdf = await requestPdf(view, { timeZone: brand.timeZone, logo: logo?.bytes ?? null });
  return { pdf, fileName: requestPdfFileName(view) };
}

/** The business logo for the share page and the client's e-mail (its own URL is members-only). */
export async function sharedLogo(
  deps: {
    db: Db;
    shares: ShareSigner;
    readLogo: (logoUrl: string | null) => Promise<StoredLogo | null>;
  },
  token: string,
): Promise<StoredLogo> {
  const { brand } = await load(deps, token);
  const logo = await deps.readLogo(brand.logo);
  if (!logo) throw new AppError('NOT_FOUND', 'Logo not found.');
  return logo;
}
