import {
  addDaysToDate,
  addressLine,
  canDispatchJobs,
  CUSTOMER_NOT_IN_BUSINESS,
  DISPATCH_ONLY_MESSAGE,
  instantOfLocal,
  isRecurring,
  JOB_COUNT_CAP,
  lineItemsTotalCents,
  NOT_YOUR_VISIT_MESSAGE,
  rruleOf,
  type JobDetail,
  type JobInput,
  type JobListQuery,
  type JobListResponse,
  type SeriesScope,
} from '@crewdesk/domain';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { SeriesTemplate } from '../../db/schema/index.ts';
import { AppError, orNotFound } from '../../lib/app-error.ts';
import { pageTotal } from '../../lib/capped-count.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { generateSeriesVisits, horizonDate } from './job-series.ts';
import { toJobDetail, toVisitSummary } from './job-view.ts';
import * as repo from './jobs.repo.ts';

/** The frequencies a series has. */
export type Frequency = Exclude<JobInput['frequency'], 'one-time'>;

export const TEAM_MEMBER_NOT_IN_BUSINESS = 'Choose an active team member of this business.';
export const JOB_NOT_FOUND = 'Job';

export function requireDispatcher(actor: AccountActor): void {
  if (!canDispatchJobs(actor.role)) throw new AppError('FORBIDDEN', DISPATCH_ONLY_MESSAGE);
}

/** Whether the actor may work the visit: dispatchers always, a team_member on their own. */
export function canWork(
  actor: AccountActor,
  assignees: readonly { userId: string | null }[],
): boolean {
  return canDispatchJobs(actor.role) || assignees.some((a) => a.userId === actor.userId);
}

export function requireWork(
  actor: AccountActor,
  assignees: readonly { userId: string | null }[],
): void {
  if (!canWork(actor, assignees)) throw new AppError('FORBIDDEN', NOT_YOUR_VISIT_MESSAGE);
}

/** What a non-dispatcher may see of lists and the schedule: their own visits. */
export function visibilityOf(actor: AccountActor): Pick<repo.VisitFilter, 'assignedToUserId'> {
  return canDispatchJobs(actor.role) ? {} : { assignedToUserId: actor.userId };
}

/**
 * The one door to a single visit: the visit of the actor's account that the actor may see, or a
 * 404 exactly like another account's record. Every read of a visit and of what hangs off it
 * (photos, checklist, notes, history) and every change to it comes through here or
 * lockVisibleJob, so a field worker cannot open a visit by id that their lists do not show.
 */
export async function findVisibleVisit(
  db: DbOrTx,
  actor: AccountActor,
  id: string,
): Promise<repo.VisitRow> {
  return orNotFound(
    await repo.findVisit(db, actor.accountId, id, visibilityOf(actor)),
    JOB_NOT_FOUND,
  );
}

/** The visit's row locked for a change, if the actor may see it; 404 otherwise. */
export async function lockVisibleJob(
  tx: Tx,
  actor: AccountActor,
  id: string,
): Promise<repo.JobRow> {
  return orNotFound(
    await repo.lockJob(tx, actor.accountId, id, visibilityOf(actor)),
    JOB_NOT_FOUND,
  );
}

export async function checkReferences(db: DbOrTx, accountId: string, input: JobInput) {
  const customer = input.customerId
    ? await repo.findCustomer(db, accountId, input.customerId)
    : undefined;
  if (input.customerId && !customer) throw new AppError('BAD_REQUEST', CUSTOMER_NOT_IN_BUSINESS);
  const active = await repo.activeEmployeeIds(db, accountId, input.assigneeIds);
  if (input.assigneeIds.some((id) => !active.has(id)))
    throw new AppError('BAD_REQUEST', TEAM_MEMBER_NOT_IN_BUSINESS);
  return customer;
}

/** The job's position: the one given, else its client's. */
function positionOf(input: JobInput, customer: Awaited<ReturnType<typeof repo.findCustomer>>) {
  if (input.latitude !== null && input.longitude !== null)
    return { latitude: input.latitude, longitude: input.longitude };
  return { latitude: customer?.latitude ?? null, longitude: customer?.longitude ?? null };
}

export function jobColumns(
  input: JobInput,
  customer: Awaited<ReturnType<typeof repo.findCustomer>>,
  timeZone: string,
) {
  return {
    kind: input.kind,
    title: input.title,
    customerId: input.customerId,
    location: input.location,
    ...positionOf(input, customer),
    startsAt: input.startsAt ? instantOfLocal(input.startsAt, timeZone) : null,
    durationMinutes: input.durationMinutes,
    type: input.type,
    priceCents: priceOf(input),
    notes: input.notes,
    lineItems: input.lineItems,
  };
}

/** The line items' total when there are any; the price typed in the dialog otherwise. */
function priceOf(input: JobInput): number {
  if (input.lineItems.length === 0) return input.priceCents;
  return lineItemsTotalCents(input.lineItems);
}

export function templateOf(
  input: JobInput,
  customer: Awaited<ReturnType<typeof repo.findCustomer>>,
  requestId: string | null,
  checklist: string[],
): SeriesTemplate {
  return {
    kind: input.kind,
    title: input.title,
    customerId: input.customerId,
    location: input.location,
    ...positionOf(input, customer),
    type: input.type,
    priceCents: priceOf(input),
    notes: input.notes,
    durationMinutes: input.durationMinutes,
    assigneeIds: [...new Set(input.assigneeIds)],
    lineItems: input.lineItems,
    checklist,
    requestId,
  };
}

/** Starts a series at `startsAt` (local) and makes its visits; returns the first visit's id. */
async function startSeries(
  tx: DbOrTx,
  actor: AccountActor,
  startsAt: string,
  frequency: Frequency,
  template: SeriesTemplate,
  timeZone: string,
  now: Date,
): Promise<{ seriesId: string; firstVisitId: string | undefined }> {
  const startDate = startsAt.slice(0, 10);
  const series = await insertSeries(tx, actor.accountId, startsAt, frequency, template);
  const through = [horizonDate(now, timeZone), startDate].sort().at(-1) ?? startDate;
  await generateSeriesVisits(tx, series, timeZone, through, actor.userId);
  const firstVisitId = await repo.firstVisitOfSeries(tx, actor.accountId, series.id);
  return { seriesId: series.id, firstVisitId };
}

export async function createJob(
  db: Db,
  actor: AccountActor,
  input: JobInput,
  now: Date,
): Promise<JobDetail> {
  requireDispatcher(actor);
  const id = await db.transaction((tx) => insertJobFromInput(tx, actor, input, now, null));
  return getJob(db, actor, id, now);
}

/** Saves a new job (or the series it starts) inside the caller's transaction; its id. */
export async function insertJobFromInput(
  tx: DbOrTx,
  actor: AccountActor,
  input: JobInput,
  now: Date,
  requestId: string | null,
): Promise<string> {
  const customer = await checkReferences(tx, actor.accountId, input);
  const timeZone = actor.timeZone;
  if (isRecurring(input.frequency) && input.startsAt) {
    const template = templateOf(input, customer, requestId, input.checklist);
    const frequency = input.frequency as Frequency;
    const { firstVisitId } = await startSeries(
      tx,
      actor,
      input.startsAt,
      frequency,
      template,
      timeZone,
      now,
    );
    if (!firstVisitId) throw new Error('a new series made no visit');
    return firstVisitId;
  }
  const job = await repo.insertJob(tx, {
    accountId: actor.accountId,
    ...jobColumns(input, customer, timeZone),
    requestId,
    createdBy: actor.userId,
  });
  await repo.setAssignees(tx, actor.accountId, job.id, input.assigneeIds);
  await repo.insertChecklist(tx, actor.accountId, job.id, input.checklist);
  await repo.insertEvent(tx, {
    accountId: actor.accountId,
    jobId: job.id,
    kind: requestId ? 'created_from_request' : 'created',
    detail: requestId ? { requestId } : null,
    actorUserId: actor.userId,
  });
  return job.id;
}

export async function getJob(
  db: DbOrTx,
  actor: AccountActor,
  id: string,
  now: Date,
): Promise<JobDetail> {
  const visit = await findVisibleVisit(db, actor, id);
  const { job } = visit;
  const [timeZone, customer, checklist, photos, series, request, history] = await Promise.all([
    actor.timeZone,
    job.customerId ? repo.findCustomer(db, actor.accountId, job.customerId) : undefined,
    repo.listChecklist(db, actor.accountId, id),
    repo.listPhotos(db, actor.accountId, id),
    job.seriesId ? repo.findSeries(db, actor.accountId, job.seriesId) : undefined,
    job.requestId ? repo.findRequestLink(db, actor.accountId, job.requestId) : undefined,
    repo.listEvents(db, actor.accountId, id),
  ]);
  return toJobDetail({
    visit,
    timeZone,
    customer: customer
      ? {
          id: customer.id,
          firstName: customer.firstName,
          lastName: customer.lastName,
          company: customer.company,
          email: customer.email,
          phone: customer.phone,
          address: addressLine(customer) || null,
        }
      : null,
    checklist,
    photos,
    series,
    request: request ?? null,
    history,
    canEdit: canDispatchJobs(actor.role),
    canWork: canWork(actor, visit.assignees),
    now,
  });
}

export async function deleteJob(
  db: Db,
  actor: AccountActor,
  id: string,
  scope: SeriesScope,
): Promise<void> {
  requireDispatcher(actor);
  await db.transaction(async (tx) => {
    const job = await lockVisibleJob(tx, actor, id);
    if (job.seriesId && job.occurrenceDate) {
      if (scope === 'following') {
        const until = addDaysToDate(job.occurrenceDate, -1);
        await repo.endSeriesOn(tx, actor.accountId, job.seriesId, until);
        await repo.deleteUntouchedVisits(tx, actor.accountId, job.seriesId, job.occurrenceDate);
      } else {
        // Never generated again for this date.
        await repo.excludeSeriesDate(tx, actor.accountId, job.seriesId, job.occurrenceDate);
      }
    }
    await repo.deleteJob(tx, actor.accountId, id);
  });
}

interface ListCursor {
  startsAt: string | null;
  id: string;
}

function encodeCursor(c: ListCursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

function decodeCursor(raw: string): ListCursor {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString()) as ListCursor;
    if (
      typeof c.id === 'string' &&
      /^[0-9a-f-]{36}$/.test(c.id) &&
      (c.startsAt === null || !Number.isNaN(Date.parse(c.startsAt)))
    )
      return c;
  } catch {
    // falls through to the 400
  }
  throw new AppError('BAD_REQUEST', 'cursor is not valid; start again from the first page');
}

export async function listJobs(
  db: Db,
  actor: AccountActor,
  query: JobListQuery,
): Promise<JobListResponse> {
  const timeZone = actor.timeZone;
  const filter: repo.VisitFilter = {
    kind: query.kind,
    ...visibilityOf(actor),
    status: query.status,
    type: query.type,
    employeeId: query.assigneeId,
    customerId: query.customerId,
    startsFrom: query.from ? instantOfLocal(`${query.from}T00:00:00`, timeZone) : undefined,
    startsBefore: query.to
      ? instantOfLocal(`${addDaysToDate(query.to, 1)}T00:00:00`, timeZone)
      : undefined,
    search: query.q,
  };
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const after = cursor
    ? { startsAt: cursor.startsAt === null ? null : new Date(cursor.startsAt), id: cursor.id }
    : null;
  const rows = await repo.visitsPage(db, actor.accountId, filter, {
    after,
    limit: query.limit + 1,
    order: query.order,
    countCap: JOB_COUNT_CAP,
  });
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items: items.map((r) => toVisitSummary(r, timeZone)),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor({ startsAt: last.job.startsAt?.toISOString() ?? null, id: last.job.id })
        : null,
    ...(await pageTotal(rows, JOB_COUNT_CAP, {
      afterCursor: after !== null,
      countAlone: () => repo.countVisits(db, actor.accountId, filter, JOB_COUNT_CAP),
    })),
  };
}

export async function insertSeries(
  tx: DbOrTx,
  accountId: string,
  startsAt: string,
  frequency: Frequency,
  template: SeriesTemplate,
): Promise<repo.SeriesRow> {
  return repo.insertSeries(tx, {
    accountId,
    frequency,
    rrule: rruleOf(frequency),
    startDate: startsAt.slice(0, 10),
    startTime: startsAt.slice(11, 16),
    template,
  });
}
