import type { ShareSigner } from '../../lib/share-links.ts';
import {
  chosenFindings,
  findingsOf,
  formatMoney,
  INSPECTION_NOT_FINISHED_MESSAGE,
  localDateOf,
  quoteTotalOfFindings,
  SHARED_INSPECTION_NOT_FOUND_MESSAGE,
  type InspectionFinding,
} from '@crewdesk/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound, orNotFound } from '../../lib/app-error.ts';
import type { ImageStore } from '../../lib/image-store.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import {
  accountFormats,
  findBrand,
  type BusinessBrand,
  type StoredLogo,
} from '../business-profile/index.ts';
import { recordEvent } from '../events/index.ts';
import { renderMail, type Mailer } from '../mail/index.ts';
import { insertNewRequest, longDate, mailBrand, type RequestRow } from '../requests/index.ts';
import { loadParts, partsOf } from './inspections.service.ts';
import {
  givenAnswers,
  reportShareToken,
  sharedReportPath,
  sharedReportUrl,
  type InspectionParts,
} from './inspection-view.ts';
import { findContactCard } from '../customers/index.ts';
import * as repo from './inspections.repo.ts';

export interface SharingDeps {
  db: Db;
  now: () => Date;
  publicUrl: string;
  shares: ShareSigner;
  mailer: Mailer;
  log: FastifyBaseLogger;
  photos: ImageStore;
  readLogo: (logoUrl: string | null) => Promise<StoredLogo | null>;
}

export const linkNotFound = () => new AppError('NOT_FOUND', SHARED_INSPECTION_NOT_FOUND_MESSAGE);

function assertFinished(row: repo.InspectionRow): void {
  if (row.status !== 'finished') throw new AppError('CONFLICT', INSPECTION_NOT_FINISHED_MESSAGE);
}

// ---------------------------------------------------------------------------------------------
// Staff: the link, the e-mail, a draft quote
// ---------------------------------------------------------------------------------------------

/** The live link of a finished inspection, made now if there is none (asking twice gives the same). */
async function ensureShareLink(
  tx: DbOrTx,
  actor: AccountActor,
  row: repo.InspectionRow,
  now: Date,
): Promise<repo.ShareLinkRow> {
  const live = await repo.liveShareLink(tx, actor.accountId, row.id);
  if (live) return live;
  const link = await repo.insertShareLink(tx, {
    accountId: actor.accountId,
    inspectionId: row.id,
    createdBy: actor.userId,
    createdAt: now,
  });
  await recordEvent(tx, {
    accountId: actor.accountId,
    type: 'inspection.report_shared',
    subjectId: row.id,
    actorUserId: actor.userId,
  });
  return link;
}

export async function shareReport(
  deps: Pick<SharingDeps, 'db' | 'now' | 'publicUrl' | 'shares'>,
  actor: AccountActor,
  id: string,
): Promise<{ url: string; createdAt: string }> {
  const link = await deps.db.transaction(async (tx) => {
    const row = orNotFound(await repo.lockInspection(tx, actor.accountId, id), 'Inspection');
    assertFinished(row);
    return ensureShareLink(tx, actor, row, deps.now());
  });
  return {
    url: sharedReportUrl(deps.publicUrl, reportShareToken(deps.shares, link)),
    createdAt: link.createdAt.toISOString(),
  };
}

/** Revokes the live link: it answers 404 from now on. A new link can be made later. */
export async function revokeReport(
  deps: Pick<SharingDeps, 'db' | 'now'>,
  actor: AccountActor,
  id: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    orNotFound(await repo.lockInspection(tx, actor.accountId, id), 'Inspection');
    const revoked = await repo.revokeShareLink(tx, actor.accountId, id, deps.now());
    if (!revoked) throw notFound('Share link');
    await recordEvent(tx, {
      accountId: actor.accountId,
      type: 'inspection.share_revoked',
      subjectId: id,
      actorUserId: actor.userId,
    });
  });
}

function reportMail(input: {
  brand: BusinessBrand;
  logoUrl: string | null;
  templateName: string;
  date: string;
  message: string;
  findingsCount: number;
  url: string;
}) {
  const name = input.brand.name;
  return renderMail({
    subject: `Your ${input.templateName.toLowerCase()} report from ${name}`,
    heading: `${input.templateName} — ${input.date}`,
    paragraphs: [
      `${name} sent you the report of the ${input.templateName.toLowerCase()} on ${input.date}.`,
      ...(input.message ? [input.message] : []),
      input.findingsCount > 0
        ? `It recommends ${input.findingsCount === 1 ? 'one repair' : `${input.findingsCount} repairs`}: open the report to tick the ones you want done and accept them.`
        : 'Open it to see each section, the photos and the score, or download it as a PDF.',
    ],
    action: { label: 'View report', url: input.url },
    footer: `You received this e-mail because ${name} inspected a property for you.`,
    brand: mailBrand(input.brand, input.logoUrl),
  });
}

/**
 * E-mails the report's link (made if there is none) through the mail pipeline, now and once:
 * only a delivered mail writes its event; a failure leaves the mail in the outbox to resend.
 */
export async function sendReport(
  deps: SharingDeps,
  actor: AccountActor,
  id: string,
  input: { recipientEmail: string; message: string },
): Promise<{ sent: boolean; message: string | null; url: string }> {
  const parts = await loadParts(deps.db, actor, id);
  assertFinished(parts.row);
  const link = await deps.db.transaction(async (tx) =>
    ensureShareLink(tx, actor, parts.row, deps.now()),
  );
  const brand = orNotFound(await findBrand(deps.db, actor.accountId), 'Business');
  const token = reportShareToken(deps.shares, link);
  const url = sharedReportUrl(deps.publicUrl, token);
  const { status } = await deps.mailer.sendNow({
    accountId: actor.accountId,
    kind: 'inspection-report',
    to: input.recipientEmail,
    fromName: brand.name,
    ...reportMail({
      brand,
      logoUrl: `${deps.publicUrl}${sharedReportPath(token)}/logo`,
      templateName: parts.row.snapshot.name,
      date: longDate(parts.row.finishedAt ?? parts.row.startedAt, brand.timeZone, brand.locale),
      message: input.message,
      findingsCount: findingsOf(parts.row.snapshot, givenAnswers(parts)).length,
      url,
    }),
  });
  if (status !== 'sent') {
    return {
      sent: false,
      message: 'The e-mail could not be sent now; it is kept in the outbox.',
      url,
    };
  }
  await deps.db.transaction((tx) =>
    recordEvent(tx, {
      accountId: actor.accountId,
      type: 'inspection.report_sent',
      subjectId: id,
      actorUserId: actor.userId,
    }),
  );
  return { sent: true, message: null, url };
}

/** The quote's description: one line per finding, and where it came from. */
function quoteDescription(
  row: repo.InspectionRow,
  findings: readonly InspectionFinding[],
  business: { timeZone: string; currency: string; locale: string },
) {
  const date = longDate(row.finishedAt ?? row.startedAt, business.timeZone, business.locale);
  return [
    `From the ${row.snapshot.name.toLowerCase()} of ${date}:`,
    ...findings.map(
      (f) =>
        `- ${f.itemLabel}: ${f.description} — ${formatMoney(f.priceCents, business.currency, business.locale)}`,
    ),
  ].join('\n');
}

/**
 * A quote (a request in the Requests module) with exactly the chosen findings, priced from the
 * snapshot: the caller names findings, never lines or prices.
 */
export async function insertFindingsQuote(
  tx: DbOrTx,
  parts: InspectionParts,
  chosen: readonly InspectionFinding[],
  by: { userId: string | null; clientName: string | null; source: 'client' | 'staff' },
  now: Date,
  business: { timeZone: string; currency: string; locale: string },
): Promise<RequestRow> {
  const { row } = parts;
  const customer = row.customerId
    ? await findContactCard(tx, row.accountId, row.customerId)
    : undefined;
  const contactName = customer ? `${customer.firstName} ${customer.lastName}`.trim() : null;
  const clientName = contactName || by.clientName || 'Client';
  const amountCents = quoteTotalOfFindings(chosen);
  const request = await insertNewRequest(
    tx,
    {
      accountId: row.accountId,
      userId: by.userId,
      customerId: customer?.id ?? null,
      title: `Repairs from ${row.snapshot.name}`.slice(0, 200),
      description: quoteDescription(row, chosen, business),
      client: clientName,
      clientEmail: customer?.email ?? null,
      clientPhone: customer?.phone ?? null,
      amountCents,
      // The business's day, as every request's date.
      date: localDateOf(now, business.timeZone),
      type: 'quote',
      source: 'inspection',
      details: {
        clientName,
        email: customer?.email ?? '',
        phone: customer?.phone ?? '',
        ...(customer ? { customer_id: customer.id } : {}),
        ...(row.siteAddress ? { address: row.siteAddress } : {}),
        inspectionId: row.id,
        findings: chosen.map((f) => ({
          id: f.id,
          description: f.description,
          priceCents: f.priceCents,
        })),
      },
    },
    now,
    // The history says where it came from: which inspection, and who chose its findings.
    {
      source: 'inspection',
      inspectionId: row.id,
      inspectionName: row.snapshot.name,
      chosenBy: by.source,
      findingIds: chosen.map((f) => f.id),
    },
  );
  await repo.insertQuoteLink(tx, {
    accountId: row.accountId,
    inspectionId: row.id,
    requestId: request.id,
    source: by.source,
    findingIds: chosen.map((f) => f.id),
    createdAt: now,
  });
  return request;
}

export function choose(parts: InspectionParts, ids: readonly string[]): InspectionFinding[] {
  const chosen = chosenFindings(findingsOf(parts.row.snapshot, givenAnswers(parts)), ids);
  if (!chosen.ok) throw new AppError('BAD_REQUEST', chosen.message);
  return chosen.findings;
}

/** Staff: the chosen findings as a draft quote, to send like any other. */
export async function draftQuoteFromFindings(
  deps: Pick<SharingDeps, 'db' | 'now'>,
  actor: AccountActor,
  id: string,
  findingIds: readonly string[],
) {
  const now = deps.now();
  const request = await deps.db.transaction(async (tx) => {
    const row = orNotFound(await repo.lockInspection(tx, actor.accountId, id), 'Inspection');
    assertFinished(row);
    const parts = await partsOf(tx, row);
    const chosen = choose(parts, findingIds);
    const quote = await insertFindingsQuote(
      tx,
      parts,
      chosen,
      { userId: actor.userId, clientName: null, source: 'staff' },
      now,
      { timeZone: actor.timeZone, ...(await accountFormats(tx, actor.accountId)) },
    );
    await recordEvent(tx, {
      accountId: actor.accountId,
      type: 'inspection.quote_drafted',
      subjectId: id,
      actorUserId: actor.userId,
      payload: { requestId: quote.id, amountCents: quote.amountCents },
    });
    return quote;
  });
  return {
    requestId: request.id,
    status: request.status,
    amountCents: request.amountCents,
    findingIds: (request.details.findings as { id: string }[]).map((f) => f.id),
  };
}
