import {
  findingsOf,
  inspectionScore,
  isFailed,
  missingRequired,
  type GivenAnswer,
  type InspectionAnswer,
  type InspectionAnswerValue,
  type InspectionDetail,
  type InspectionListItem,
  type SharedInspection,
} from '@crewdesk/domain';
import type { ShareSigner } from '../../lib/share-links.ts';
import type { BusinessBrand } from '../business-profile/index.ts';
import { sharedBusinessOf } from '../requests/index.ts';
import type * as repo from './inspections.repo.ts';

/** Everything the screens, the shared page and the PDF are built from, read once. */
export interface InspectionParts {
  row: repo.InspectionRow;
  listed: repo.ListedInspection;
  answers: repo.AnswerRow[];
  photos: repo.PhotoRow[];
  share: repo.ShareLinkRow | undefined;
  quotes: repo.QuoteLinkRow[];
}

export function staffPhotoUrl(inspectionId: string, photoId: string): string {
  return `/api/inspections/${inspectionId}/photos/${photoId}`;
}

export function sharedReportPath(token: string): string {
  return `/api/public/inspection-reports/${encodeURIComponent(token)}`;
}

/** The client's page of a shared report (the web app's /inspection-report/{token}). */
/** The token of the client's link to a report (decision 055): a link is never drawn anew. */
export function reportShareToken(shares: ShareSigner, link: Pick<repo.ShareLinkRow, 'id'>): string {
  return shares.token('inspection-report', link.id, 1);
}

export function sharedReportUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/inspection-report/${encodeURIComponent(token)}`;
}

/** The answers as the rules read them: by item key, with their photo counts. */
export function givenAnswers(
  parts: Pick<InspectionParts, 'answers' | 'photos'>,
): Map<string, GivenAnswer> {
  const given = new Map<string, GivenAnswer>();
  const photoCount = new Map<string, number>();
  for (const p of parts.photos) photoCount.set(p.itemKey, (photoCount.get(p.itemKey) ?? 0) + 1);
  for (const a of parts.answers)
    given.set(a.itemKey, { value: a.value, photoCount: photoCount.get(a.itemKey) ?? 0 });
  // Photos alone answer a photo item, and count for an item answered later.
  for (const [key, count] of photoCount) {
    if (!given.has(key)) given.set(key, { value: { kind: 'photo' }, photoCount: count });
  }
  return given;
}

function valueOf(value: InspectionAnswerValue): {
  value: string | number | null;
  name: string | null;
} {
  switch (value.kind) {
    case 'photo':
      return { value: null, name: null };
    case 'signature':
      return { value: null, name: value.name };
    default:
      return { value: value.value, name: null };
  }
}

/** Each answered item (and each item with photos) as the API shows it. */
function answersView(
  parts: InspectionParts,
  photoUrl: (photoId: string) => string,
  withInternal: boolean,
): InspectionAnswer[] {
  const given = givenAnswers(parts);
  const stored = new Map(parts.answers.map((a) => [a.itemKey, a]));
  // In the template's order; an answer to a key the snapshot lacks cannot be stored, so none is lost.
  return parts.row.snapshot.sections.flatMap((section) =>
    section.items.flatMap((item) => {
      const answer = given.get(item.key);
      if (!answer) return [];
      const row = stored.get(item.key);
      return [
        {
          itemKey: item.key,
          kind: item.kind,
          ...valueOf(answer.value),
          note: row?.note ?? '',
          ...(withInternal ? { internalNote: row?.internalNote ?? '' } : {}),
          failed: isFailed(item, answer.value),
          photos: parts.photos
            .filter((p) => p.itemKey === item.key)
            .map((p) => ({ id: p.id, url: photoUrl(p.id), width: p.width, height: p.height })),
          updatedAt: (row?.updatedAt ?? parts.row.updatedAt).toISOString(),
        },
      ];
    }),
  );
}

export function toListItem(listed: repo.ListedInspection): InspectionListItem {
  return {
    id: listed.id,
    status: listed.status,
    templateId: listed.templateId,
    templateFamilyId: listed.templateFamilyId,
    templateName: listed.templateName,
    templateVersion: listed.templateVersion,
    contact: listed.customerId ? { id: listed.customerId, name: listed.customerName ?? '' } : null,
    job: listed.jobId ? { id: listed.jobId, title: listed.jobTitle ?? '' } : null,
    siteAddress: listed.siteAddress,
    inspector: listed.inspectorId
      ? { id: listed.inspectorId, name: listed.inspectorName ?? '' }
      : null,
    startedAt: listed.startedAt.toISOString(),
    finishedAt: listed.finishedAt?.toISOString() ?? null,
    scorePercent: listed.scorePercent,
    passed: listed.passed,
  };
}

export function toDetail(
  parts: InspectionParts,
  links: { publicUrl: string; shares: ShareSigner },
): InspectionDetail {
  const { row } = parts;
  const given = givenAnswers(parts);
  return {
    ...toListItem(parts.listed),
    snapshot: row.snapshot,
    answers: answersView(parts, (photoId) => staffPhotoUrl(row.id, photoId), true),
    score: inspectionScore(row.snapshot, given),
    missing: row.status === 'finished' ? [] : missingRequired(row.snapshot, given),
    findings: findingsOf(row.snapshot, given),
    notes: row.notes,
    internalNotes: row.internalNotes,
    signature:
      row.signatureName && row.finishedAt
        ? {
            name: row.signatureName,
            hasImage: row.signatureImage !== null,
            signedAt: row.finishedAt.toISOString(),
          }
        : null,
    share: parts.share
      ? {
          url: sharedReportUrl(links.publicUrl, reportShareToken(links.shares, parts.share)),
          createdAt: parts.share.createdAt.toISOString(),
        }
      : null,
    quoteRequestIds: parts.quotes.map((q) => q.requestId),
    contactEmail: parts.listed.customerEmail?.trim() || null,
  };
}

/** The client's acceptance of findings, when there is one. */
export interface FindingsAcceptance {
  name: string;
  acceptedAt: Date;
  findingIds: string[];
  amountCents: number;
}

/**
 * The report as its client sees it, built field by field from what may be shown: no internal
 * notes, no staff ids, no costs. The shared page and the PDF both start from this.
 */
export function toSharedInspection(
  parts: InspectionParts,
  brand: BusinessBrand,
  links: { logoPath: string | null; photoUrl: (photoId: string) => string; pdfUrl: string },
  accepted: FindingsAcceptance | null,
): SharedInspection {
  const { row, listed } = parts;
  const given = givenAnswers(parts);
  const answers = new Map(answersView(parts, links.photoUrl, false).map((a) => [a.itemKey, a]));
  return {
    business: sharedBusinessOf(brand, links.logoPath),
    templateName: row.snapshot.name,
    contactName: listed.customerName,
    siteAddress: row.siteAddress,
    inspectorName: listed.inspectorName,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    sections: row.snapshot.sections.map((section) => ({
      key: section.key,
      title: section.title,
      items: section.items.map((item) => ({
        key: item.key,
        label: item.label,
        kind: item.kind,
        unit: item.unit,
        answer: answers.get(item.key) ?? null,
      })),
    })),
    notes: row.notes,
    score: inspectionScore(row.snapshot, given),
    signatureName: row.signatureName,
    findings: findingsOf(row.snapshot, given),
    accepted: accepted
      ? {
          name: accepted.name,
          acceptedAt: accepted.acceptedAt.toISOString(),
          findingIds: accepted.findingIds,
          amountCents: accepted.amountCents,
        }
      : null,
    pdfUrl: links.pdfUrl,
  };
}
