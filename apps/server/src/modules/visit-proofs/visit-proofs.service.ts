import {
  PROOF_ALREADY_ANSWERED_MESSAGE,
  PROOF_NOT_FOUND_MESSAGE,
  PROOF_VISIT_NOT_COMPLETED_MESSAGE,
  PROOF_WINDOW_CLOSED_MESSAGE,
  proofAnswerBy,
  type ProofAnswerInput,
  type ProofSettings,
  type SharedProof,
  type VisitProof,
} from '@crewdesk/domain';
import type { ShareSigner } from '../../lib/share-links.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError, orNotFound } from '../../lib/app-error.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { findBrand } from '../business-profile/index.ts';
import type { LedgerConsumer } from '../events/index.ts';
import { finishedInspectionOfVisit } from '../inspections/index.ts';
import { findVisibleVisit, insertJobEvent, requireWork } from '../jobs/index.ts';
import { renderMail, type Mailer } from '../mail/index.ts';
import { visitPunchSpan } from '../time-tracking/index.ts';
import * as repo from './visit-proofs.repo.ts';

export interface ProofDeps {
  db: Db;
  now: () => Date;
  publicUrl: string;
  shares: ShareSigner;
}

const notFound = () => new AppError('NOT_FOUND', PROOF_NOT_FOUND_MESSAGE);

/** The client's page (the web app's /proof/{token}). */
export function proofUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/proof/${encodeURIComponent(token)}`;
}

/** The page's photo, by the page's token. */
function photoUrl(token: string, photoId: string): string {
  return `/api/public/proof/${encodeURIComponent(token)}/photos/${photoId}`;
}

/** The token of the client's link to the visit's page (decision 055). */
export function proofShareToken(
  shares: ShareSigner,
  proof: Pick<repo.VisitProofRow, 'id' | 'shareVersion'>,
): string {
  return shares.token('visit-proof', proof.id, proof.shareVersion);
}

type ProofWithJob = NonNullable<Awaited<ReturnType<typeof repo.findByToken>>>;

/** A page opens only for a completed visit (a reopened visit's page waits). */
async function liveProof(db: DbOrTx, shares: ShareSigner, token: string): Promise<ProofWithJob> {
  const row = await repo.findByToken(db, shares, token);
  if (!row || row.job.status !== 'completed' || !row.job.completedAt) throw notFound();
  return row;
}

async function answerByOf(db: DbOrTx, row: ProofWithJob): Promise<Date> {
  const days = await repo.responseDaysOf(db, row.proof.accountId);
  return proofAnswerBy(row.job.completedAt!, days);
}

/** What the client sees of the visit: nothing internal (sharedProofSchema is strict). */
async function sharedProofOf(deps: ProofDeps, row: ProofWithJob): Promise<SharedProof> {
  const { db } = deps;
  const now = deps.now();
  const { accountId, jobId } = row.proof;
  const token = proofShareToken(deps.shares, row.proof);
  const [brand, checklist, photos, span, inspection, answerBy] = await Promise.all([
    findBrand(db, accountId),
    repo.checklistOf(db, accountId, jobId),
    repo.shareablePhotosOf(db, accountId, jobId),
    visitPunchSpan(db, accountId, jobId),
    finishedInspectionOfVisit(db, accountId, jobId),
    answerByOf(db, row),
  ]);
  return {
    business: { name: brand?.name ?? '' },
    visit: {
      title: row.job.title,
      timeZone: brand?.timeZone ?? 'UTC',
      scheduledAt: row.job.startsAt?.toISOString() ?? null,
      arrivedAt: span.arrivedAt?.toISOString() ?? null,
      departedAt: span.departedAt?.toISOString() ?? null,
    },
    checklist: checklist.map((c) => ({ label: c.label, done: c.doneAt !== null })),
    photos: photos.map((p) => ({
      url: photoUrl(token, p.id),
      label: p.label,
      width: p.width,
      height: p.height,
    })),
    inspection: inspection ?? null,
    answer:
      row.proof.answer && row.proof.answeredAt
        ? { answer: row.proof.answer, answeredAt: row.proof.answeredAt.toISOString() }
        : null,
    answerBy: answerBy.toISOString(),
    canAnswer: row.proof.answer === null && now < answerBy,
  };
}

export async function openProof(deps: ProofDeps, token: string): Promise<SharedProof> {
  return sharedProofOf(deps, await liveProof(deps.db, deps.shares, token));
}

/**
 * The client's one answer, within the business's number of days: it lands on the visit's
 * history and in the ledger (a reported problem notifies the office), in one transaction.
 */
export async function answerProof(
  deps: ProofDeps,
  token: string,
  input: ProofAnswerInput,
): Promise<SharedProof> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const row = await liveProof(tx, deps.shares, token);
    if (row.proof.answer !== null) throw new AppError('CONFLICT', PROOF_ALREADY_ANSWERED_MESSAGE);
    if (now >= (await answerByOf(tx, row))) throw new AppError('GONE', PROOF_WINDOW_CLOSED_MESSAGE);
    const problem = input.answer === 'problem' ? input.problem : null;
    const answered = await repo.answerOnce(tx, row.proof.id, {
      answer: input.answer,
      problem,
      answeredAt: now,
    });
    if (!answered) throw new AppError('CONFLICT', PROOF_ALREADY_ANSWERED_MESSAGE);
    await insertJobEvent(tx, {
      accountId: row.proof.accountId,
      jobId: row.proof.jobId,
      kind: input.answer === 'problem' ? 'client_reported_problem' : 'client_confirmed',
      detail: problem === null ? {} : { problem },
      actorUserId: null,
    });
  });
  return openProof(deps, token);
}

/** The page's photo: only one the crew marked shareable, of this page's visit. */
export async function proofPhoto(deps: ProofDeps, token: string, photoId: string) {
  const row = await liveProof(deps.db, deps.shares, token);
  const photo = await repo.findPhoto(deps.db, row.proof.accountId, row.proof.jobId, photoId);
  if (!photo?.shareable) throw notFound();
  return photo;
}

function toVisitProof(
  deps: Pick<ProofDeps, 'publicUrl' | 'shares'>,
  row: repo.VisitProofRow,
  answerBy: Date,
): VisitProof {
  const token = proofShareToken(deps.shares, row);
  return {
    token,
    url: proofUrl(deps.publicUrl, token),
    answer: row.answer,
    problem: row.problem,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    answerBy: answerBy.toISOString(),
  };
}

/** The office's view of a completed visit's page (made now if the visit has none yet). */
export async function visitProof(
  deps: ProofDeps,
  actor: AccountActor,
  jobId: string,
): Promise<VisitProof> {
  const visit = await findVisibleVisit(deps.db, actor, jobId);
  if (visit.job.status !== 'completed' || !visit.job.completedAt)
    throw new AppError('CONFLICT', PROOF_VISIT_NOT_COMPLETED_MESSAGE);
  const { row } = await repo.ensureProof(deps.db, {
    accountId: actor.accountId,
    jobId,
  });
  const days = await repo.responseDaysOf(deps.db, actor.accountId);
  return toVisitProof(deps, row, proofAnswerBy(visit.job.completedAt, days));
}

/** The crew marks a photo of their visit to show the client, or takes it back. */
export async function setPhotoShareable(
  deps: ProofDeps,
  actor: AccountActor,
  jobId: string,
  photoId: string,
  shareable: boolean,
) {
  const visit = await findVisibleVisit(deps.db, actor, jobId);
  requireWork(actor, visit.assignees);
  return orNotFound(
    await repo.setPhotoShareable(deps.db, actor.accountId, jobId, photoId, shareable),
    'Photo',
  );
}

export async function settings(db: Db, actor: AccountActor): Promise<ProofSettings> {
  return { responseDays: await repo.responseDaysOf(db, actor.accountId) };
}

export async function saveSettings(
  db: Db,
  actor: AccountActor,
  input: ProofSettings,
): Promise<ProofSettings> {
  await repo.saveResponseDays(db, actor.accountId, input.responseDays);
  return settings(db, actor);
}

/** A contact's proof pages, for the client hub: token, visit date and title. */
export async function listProofPagesOfContact(
  db: DbOrTx,
  shares: ShareSigner,
  accountId: string,
  customerId: string,
): Promise<{ token: string; visitDate: string | null; title: string }[]> {
  const rows = await repo.proofsOfContact(db, accountId, customerId);
  return rows.map((r) => ({
    token: proofShareToken(shares, r),
    title: r.title,
    visitDate: r.visitDate?.toISOString() ?? null,
  }));
}

/**
 * When a visit is completed (read from the ledger, exactly once): its page is made and, when
 * its contact has an e-mail address, the automatic e-mail is stored in the outbox in the same
 * transaction; the dispatcher queues it once the dispatch commits.
 */
export function proofLedgerConsumer(deps: {
  mailer: Mailer;
  publicUrl: string;
  shares: ShareSigner;
}): LedgerConsumer {
  return {
    name: 'visit-proofs',
    accepts: (type) => type === 'job.status_changed',
    consume: async (tx: Tx, event, now) => {
      const payload = event.payload as { to?: string } | null;
      if (payload?.to !== 'completed') return;
      const contact = await repo.contactOfJob(tx, event.accountId, event.subjectId);
      if (contact?.status !== 'completed') return;
      const { row, created } = await repo.ensureProof(tx, {
        accountId: event.accountId,
        jobId: event.subjectId,
      });
      if (!created || !contact.email) return;
      const brand = await findBrand(tx as unknown as Db, event.accountId);
      const name = brand?.name ?? 'Your service provider';
      const days = await repo.responseDaysOf(tx, event.accountId);
      const content = renderMail({
        subject: `Your visit is done: ${contact.title}`,
        heading: 'Your visit is done',
        paragraphs: [
          `${name} completed “${contact.title}”. The page below shows when the crew arrived and left, the checklist and the photos they shared.`,
          `Please confirm the visit or tell us about a problem within ${days} ${days === 1 ? 'day' : 'days'}.`,
        ],
        action: {
          label: 'See the visit',
          url: proofUrl(deps.publicUrl, proofShareToken(deps.shares, row)),
        },
        footer: `You received this e-mail because ${name} completed a visit for you.`,
        brand: {
          name,
          currency: brand?.currency ?? 'USD',
          locale: brand?.locale ?? 'en-US',
          logoUrl: null,
          contactLines: [brand?.phone, brand?.email, brand?.website].filter((l): l is string =>
            Boolean(l),
          ),
        },
      });
      const { id } = await deps.mailer.storeInTransaction(tx, {
        accountId: event.accountId,
        kind: 'visit_proof',
        to: contact.email,
        fromName: name,
        ...content,
      });
      await repo.markMailed(tx, row.id, now);
      return { mailIds: [id] };
    },
  };
}
