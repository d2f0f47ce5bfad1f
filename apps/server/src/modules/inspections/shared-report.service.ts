import type { ShareSigner } from '../../lib/share-links.ts';
import {
  FINDINGS_ALREADY_ACCEPTED_MESSAGE,
  type AcceptFindingsInput,
  type SharedInspection,
} from '@crewdesk/domain';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound, orNotFound } from '../../lib/app-error.ts';
import type { ImageStore } from '../../lib/image-store.ts';
import type { ClientInfo } from '../../lib/share-links.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { findBrand, type BusinessBrand, type StoredLogo } from '../business-profile/index.ts';
import { recordEvent } from '../events/index.ts';
import {
  acceptedNoticeMail,
  answerOpenRequest,
  findRequest,
  insertRequestEvent,
  notifyBusiness,
  requestLink,
} from '../requests/index.ts';
import { inspectionPdf, inspectionPdfFileName } from './inspection-pdf.ts';
import { loadParts, partsOf } from './inspections.service.ts';
import {
  sharedReportPath,
  staffPhotoUrl,
  toSharedInspection,
  type FindingsAcceptance,
  type InspectionParts,
} from './inspection-view.ts';
import * as repo from './inspections.repo.ts';
import {
  type SharingDeps,
  choose,
  insertFindingsQuote,
  linkNotFound,
} from './inspection-sharing.service.ts';

// ---------------------------------------------------------------------------------------------
// The client: the shared report, its PDF and photos, accepting findings
// ---------------------------------------------------------------------------------------------

async function loadShared(
  { db, shares }: { db: DbOrTx; shares: ShareSigner },
  token: string,
): Promise<{ parts: InspectionParts; brand: BusinessBrand }> {
  const found = token.length <= 100 ? await repo.findByShareToken(db, shares, token) : undefined;
  if (!found) throw linkNotFound();
  const brand = await findBrand(db, found.inspection.accountId);
  if (!brand) throw linkNotFound();
  return { parts: await partsOf(db, found.inspection), brand };
}

async function acceptanceOf(
  db: DbOrTx,
  parts: InspectionParts,
): Promise<FindingsAcceptance | null> {
  const link = parts.quotes.find((q) => q.source === 'client');
  if (!link) return null;
  const found = await findRequest(db, parts.row.accountId, link.requestId);
  const request = found?.row;
  if (!request?.acceptedAt) return null;
  return {
    name: request.acceptedName ?? '',
    acceptedAt: request.acceptedAt,
    findingIds: link.findingIds,
    amountCents: request.amountCents,
  };
}

async function sharedView(
  deps: { db: DbOrTx; shares: ShareSigner },
  token: string,
): Promise<{ view: SharedInspection; parts: InspectionParts; brand: BusinessBrand }> {
  const { parts, brand } = await loadShared(deps, token);
  const base = sharedReportPath(token);
  const view = toSharedInspection(
    parts,
    brand,
    {
      logoPath: `${base}/logo`,
      photoUrl: (photoId) => `${base}/photos/${photoId}`,
      pdfUrl: `${base}/pdf`,
    },
    await acceptanceOf(deps.db, parts),
  );
  return { view, parts, brand };
}

export async function openSharedReport(
  deps: Pick<SharingDeps, 'db' | 'shares'>,
  token: string,
): Promise<SharedInspection> {
  return (await sharedView(deps, token)).view;
}

/** The photos of a report as JPEG bytes by id (for its PDF). */
async function photoBytes(
  photos: ImageStore,
  parts: InspectionParts,
): Promise<Map<string, Buffer>> {
  const bytes = new Map<string, Buffer>();
  for (const p of parts.photos) {
    const file = await photos.read(p.fileName);
    if (file) bytes.set(p.id, file);
  }
  return bytes;
}

function signatureBytes(dataUrl: string | null): Buffer | null {
  const base64 = dataUrl?.split(',')[1];
  return base64 ? Buffer.from(base64, 'base64') : null;
}

async function renderPdf(
  deps: Pick<SharingDeps, 'photos' | 'readLogo'>,
  view: SharedInspection,
  parts: InspectionParts,
  brand: BusinessBrand,
): Promise<{ pdf: Buffer; fileName: string }> {
  const logo = await deps.readLogo(brand.logo);
  const pdf = await inspectionPdf(view, {
    timeZone: brand.timeZone,
    logo: logo?.bytes ?? null,
    photos: await photoBytes(deps.photos, parts),
    signatureImage: signatureBytes(parts.row.signatureImage),
  });
  return { pdf, fileName: inspectionPdfFileName(view) };
}

export async function sharedReportPdf(deps: SharingDeps, token: string) {
  const { view, parts, brand } = await sharedView(deps, token);
  return renderPdf(deps, view, parts, brand);
}

/** Staff: the same PDF the client gets (never the internal notes, whoever asks). */
export async function reportPdf(deps: SharingDeps, actor: AccountActor, id: string) {
  const parts = await loadParts(deps.db, actor, id);
  const brand = orNotFound(await findBrand(deps.db, actor.accountId), 'Business');
  const view = toSharedInspection(
    parts,
    brand,
    {
      logoPath: null,
      photoUrl: (photoId) => staffPhotoUrl(id, photoId),
      pdfUrl: `/api/inspections/${id}/report.pdf`,
    },
    await acceptanceOf(deps.db, parts),
  );
  return renderPdf(deps, view, parts, brand);
}

export async function sharedPhoto(deps: SharingDeps, token: string, photoId: string) {
  const { parts } = await loadShared(deps, token);
  const photo = parts.photos.find((p) => p.id === photoId);
  const bytes = photo ? await deps.photos.read(photo.fileName) : null;
  if (!photo || !bytes) throw notFound('Photo');
  return { bytes, contentType: photo.contentType };
}

export async function sharedLogo(deps: SharingDeps, token: string): Promise<StoredLogo> {
  const { brand } = await loadShared(deps, token);
  const logo = await deps.readLogo(brand.logo);
  if (!logo) throw new AppError('NOT_FOUND', 'Logo not found.');
  return logo;
}

/**
 * The client ticks findings and types their name: an accepted quote with exactly those lines,
 * priced from the snapshot, once per report (a second acceptance is a 409).
 */
export async function acceptFindings(
  deps: SharingDeps,
  token: string,
  input: Required<AcceptFindingsInput>,
  client: ClientInfo,
): Promise<SharedInspection> {
  const now = deps.now();
  const accepted = await deps.db.transaction(async (tx) => {
    const found = await repo.findByShareToken(tx, deps.shares, token);
    if (!found) throw linkNotFound();
    const row = orNotFound(
      await repo.lockInspection(tx, found.inspection.accountId, found.inspection.id),
      'Inspection',
    );
    const parts = await partsOf(tx, row);
    if (parts.quotes.some((q) => q.source === 'client')) {
      throw new AppError('CONFLICT', FINDINGS_ALREADY_ACCEPTED_MESSAGE);
    }
    const brand = await findBrand(tx, row.accountId);
    if (!brand) throw linkNotFound();
    const chosen = choose(parts, input.findingIds);
    const quote = await insertFindingsQuote(
      tx,
      parts,
      chosen,
      { userId: null, clientName: input.name, source: 'client' },
      now,
      brand,
    );
    const answered = await answerOpenRequest(tx, row.accountId, quote.id, now, {
      status: 'accepted',
      acceptedAt: now,
      acceptedName: input.name,
      acceptedIp: client.ip,
      acceptedUserAgent: client.userAgent,
    });
    if (!answered) throw new Error('a new quote could not be accepted');
    await insertRequestEvent(tx, {
      accountId: row.accountId,
      requestId: quote.id,
      kind: 'accepted',
      detail: { name: input.name, amountCents: quote.amountCents, inspectionId: row.id },
    });
    await recordEvent(tx, {
      accountId: row.accountId,
      type: 'inspection.findings_accepted',
      subjectId: row.id,
      actorUserId: null,
      payload: { requestId: quote.id, amountCents: quote.amountCents },
    });
    return {
      accountId: row.accountId,
      quote,
      templateName: row.snapshot.name,
      currency: brand.currency,
    };
  });
  await notifyBusiness(
    deps,
    accepted.accountId,
    'request-accepted',
    acceptedNoticeMail({
      clientName: accepted.quote.client,
      signedName: input.name,
      word: 'quote',
      title: accepted.quote.title,
      amountCents: accepted.quote.amountCents,
      currency: accepted.currency,
      optionName: null,
      url: requestLink(deps.publicUrl, accepted.quote.id),
    }),
  );
  return openSharedReport(deps, token);
}
