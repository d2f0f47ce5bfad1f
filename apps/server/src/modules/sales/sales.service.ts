import { randomUUID } from 'node:crypto';
import {
  automaticMove,
  daysInStage,
  DEFAULT_LOST_REASONS,
  followUpOverdue,
  isRoleAllowed,
  isSalesTrigger,
  isOutWithClient,
  LEAD_SOURCE_LABELS,
  LEAD_SOURCES,
  localDateOf,
  mapMemberRole,
  nudgeCutoff,
  quotedValueCents,
  SALES_BOARD_COLUMN_CARDS,
  SALES_COUNT_CAP,
  SALES_LIST_DEFAULT_LIMIT,
  SALES_MANAGER_ROLES,
  SALES_MESSAGES,
  SALES_ROUTE_ROLES,
  SALES_STAGE_LABELS,
  SALES_STAGES,
  SALES_TIMELINE_MAX,
  SOURCE_TO_CASH_DEFINITIONS,
  sourceToCash,
  stageOfRequests,
  weightedCents,
  type LeadSource,
  type OpportunityCreateInput,
  type OpportunityDetail,
  type OpportunityMoveInput,
  type OpportunitySummary,
  type OpportunityUpdateInput,
  type SalesBoard,
  type SalesBoardQuery,
  type SalesList,
  type SalesListQuery,
  type SalesSettings,
  type SalesSettingsInput,
  type SalesStage,
  type SourceToCash,
  type SourceToCashQuery,
  type StageProbabilities,
} from '@crewdesk/domain';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { pageTotal } from '../../lib/capped-count.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { recordEvent } from '../events/index.ts';
import { effectiveStatus } from '../requests/index.ts';
import * as repo from './sales.repo.ts';

export interface SalesDeps {
  db: Db;
  now: () => Date;
}

// ---------------------------------------------------------------------------------------------
// Settings and the first use (the backfill)
// ---------------------------------------------------------------------------------------------

function probabilitiesOf(s: repo.SettingsRow): StageProbabilities {
  return {
    new: s.probabilityNew,
    contacted: s.probabilityContacted,
    quoted: s.probabilityQuoted,
    won: 100,
    lost: 0,
  };
}

function toSettings(s: repo.SettingsRow): SalesSettings {
  return {
    teamVisible: s.teamVisible,
    nudgeDays: s.nudgeDays,
    lostReasons: s.lostReasons,
    probabilities: probabilitiesOf(s),
  };
}

/**
 * The pipeline of a business, made on its first use: the settings row and, in the same
 * transaction, an opportunity for each contact's requests that existed before (decision 031).
 * Two first uses at once: the second waits on the settings row's key and finds it made.
 */
export async function ensurePipeline(
  tx: Tx,
  accountId: string,
  now: Date,
  /** The request whose ledger event is being read: it joins by that event, not by the backfill. */
  exceptRequestId?: string,
) {
  const existing = await repo.findSettings(tx, accountId);
  if (existing) return existing;
  if (await repo.claimFirstUse(tx, accountId, DEFAULT_LOST_REASONS))
    await backfill(tx, accountId, now, exceptRequestId);
  const made = await repo.findSettings(tx, accountId);
  if (!made) throw new Error('sales settings missing after first use');
  return made;
}

async function settingsFor(deps: SalesDeps, accountId: string) {
  const found = await repo.findSettings(deps.db, accountId);
  if (found) return found;
  return deps.db.transaction((tx) => ensurePipeline(tx, accountId, deps.now()));
}

function sourceOf(request: { source: string | null; contactSource: string | null }): LeadSource {
  if (request.source === 'request_form') return 'request_form';
  const contact = request.contactSource as LeadSource | null;
  return contact && (LEAD_SOURCES as readonly string[]).includes(contact) ? contact : 'other';
}

/** Rows written per statement by the backfill. */
const BACKFILL_BATCH = 500;

/**
 * One opportunity per contact (a request without a contact alone), its stage from the statuses.
 * Written a batch of opportunities at a time (their ids made here), with their requests and
 * first moves: a business with 100,000 requests took 400,000 statements one after another
 * (over five minutes in one transaction) when each opportunity was written alone.
 */
async function backfill(
  tx: Tx,
  accountId: string,
  now: Date,
  exceptRequestId: string | undefined,
): Promise<void> {
  const rows = (await repo.unlinkedRequests(tx, accountId)).filter((r) => r.id !== exceptRequestId);
  const groups = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = row.customerId ?? `request:${row.id}`;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  const sellers = await sellersOf(tx, accountId);
  const planned = [...groups.values()].map((group) => {
    const first = group[0]!;
    const withStatus = group.map((r) => ({ ...r, status: effectiveStatus(r, now) }));
    const { stage, lostReason } = stageOfRequests(withStatus.map((r) => r.status));
    const source = group.some((r) => r.source === 'request_form')
      ? 'request_form'
      : sourceOf(first);
    const id = randomUUID();
    return {
      opportunity: {
        id,
        accountId,
        customerId: first.customerId,
        title: first.title,
        source,
        stage,
        stageEnteredAt: now,
        ownerUserId: first.userId && sellers.has(first.userId) ? first.userId : null,
        quotedValueCents: quotedValueCents(withStatus),
        lostReason,
        openedAt: first.createdAt,
        createdAt: now,
        updatedAt: now,
      },
      requestIds: group.map((r) => r.id),
      move: {
        accountId,
        opportunityId: id,
        fromStage: null,
        toStage: stage,
        lostReason,
        causeType: 'backfill' as const,
        createdAt: now,
      },
    };
  });
  for (let at = 0; at < planned.length; at += BACKFILL_BATCH) {
    const batch = planned.slice(at, at + BACKFILL_BATCH);
    await repo.insertOpportunities(
      tx,
      batch.map((p) => p.opportunity),
    );
    const links = batch.flatMap((p) =>
      p.requestIds.map((requestId) => ({ accountId, opportunityId: p.opportunity.id, requestId })),
    );
    for (let l = 0; l < links.length; l += BACKFILL_BATCH)
      await repo.linkRequests(tx, links.slice(l, l + BACKFILL_BATCH));
    await repo.insertMoves(
      tx,
      batch.map((p) => p.move),
    );
  }
}

/** Whether a member's role may work the pipeline (own opportunities): the /sales roles. */
function worksThePipeline(memberRole: string, accountId: string): boolean {
  return isRoleAllowed(mapMemberRole(memberRole), accountId, SALES_ROUTE_ROLES);
}

/** The active members of the account who may work the pipeline (sellerOrNull, for many). */
async function sellersOf(db: DbOrTx, accountId: string): Promise<Set<string>> {
  const members = await repo.activeMembersWithNames(db, accountId);
  return new Set(members.filter((m) => worksThePipeline(m.role, accountId)).map((m) => m.userId));
}

/** The user, if they are an active member who works the pipeline; else null. */
async function sellerOrNull(db: DbOrTx, accountId: string, userId: string | null) {
  if (!userId) return null;
  const role = await repo.memberRole(db, accountId, userId);
  return role && worksThePipeline(role, accountId) ? userId : null;
}

export async function getSettings(deps: SalesDeps, actor: AccountActor): Promise<SalesSettings> {
  return toSettings(await settingsFor(deps, actor.accountId));
}

export async function updateSettings(
  deps: SalesDeps,
  actor: AccountActor,
  input: SalesSettingsInput,
): Promise<SalesSettings> {
  return deps.db.transaction(async (tx) => {
    await ensurePipeline(tx, actor.accountId, deps.now());
    const row = await repo.updateSettings(tx, actor.accountId, {
      teamVisible: input.teamVisible,
      nudgeDays: input.nudgeDays,
      lostReasons: input.lostReasons,
      probabilityNew: input.probabilities.new,
      probabilityContacted: input.probabilities.contacted,
      probabilityQuoted: input.probabilities.quoted,
      updatedAt: deps.now(),
    });
    return toSettings(row);
  });
}

// ---------------------------------------------------------------------------------------------
// Moves: by the ledger and by hand
// ---------------------------------------------------------------------------------------------

interface MoveCause {
  byUserId: string | null;
  causeSeq: number | null;
  causeType: string | null;
  note?: string | null;
}

/** Moves the (locked) opportunity, records the move and its ledger event; false if already moved by this cause. */
async function applyMove(
  tx: Tx,
  opportunity: repo.OpportunityRow,
  to: SalesStage,
  lostReason: string | null,
  cause: MoveCause,
  now: Date,
): Promise<boolean> {
  const recorded = await repo.insertMove(tx, {
    accountId: opportunity.accountId,
    opportunityId: opportunity.id,
    fromStage: opportunity.stage,
    toStage: to,
    lostReason: to === 'lost' ? lostReason : null,
    note: cause.note ?? null,
    byUserId: cause.byUserId,
    causeSeq: cause.causeSeq,
    causeType: cause.causeType,
    createdAt: now,
  });
  if (!recorded) return false;
  await repo.updateOpportunity(tx, opportunity.accountId, opportunity.id, {
    stage: to,
    stageEnteredAt: now,
    lostReason: to === 'lost' ? lostReason : null,
    updatedAt: now,
  });
  await recordEvent(tx, {
    accountId: opportunity.accountId,
    type: 'opportunity.stage_changed',
    subjectId: opportunity.id,
    actorUserId: cause.byUserId,
    payload: { from: opportunity.stage, to, causeSeq: cause.causeSeq },
  });
  return true;
}

/** What the ledger consumer needs of an event. */
export interface LedgerEventForSales {
  seq: number;
  type: string;
  accountId: string;
  subjectId: string;
}

/**
 * The pipeline's reading of one ledger event, inside the dispatch's transaction (exactly once):
 * the request joins its contact's open opportunity or opens one in "new" (with the request's
 * creator as owner when they work the pipeline), its value follows its quotes, and the stage
 * moves as `automaticMove` says. Recorded moves carry the event's seq: the same event never
 * moves an opportunity twice.
 */
export async function consumeLedgerEvent(
  tx: Tx,
  event: LedgerEventForSales,
  now: Date,
): Promise<void> {
  if (!isSalesTrigger(event.type)) return;
  const { accountId } = event;
  // A business's first event also backfills its older requests (this one joins by its event).
  await ensurePipeline(tx, accountId, now, event.subjectId);
  const request = await repo.findRequestForSales(tx, accountId, event.subjectId);
  if (!request) return;
  let opportunityId = await repo.opportunityOfRequest(tx, accountId, request.id);
  if (!opportunityId) {
    const joined = request.customerId
      ? await repo.lockOpenOpportunityOfContact(tx, accountId, request.customerId)
      : undefined;
    const opportunity = joined ?? (await openFromRequest(tx, accountId, request, event, now));
    await repo.linkRequest(tx, accountId, opportunity.id, request.id);
    opportunityId = opportunity.id;
  }
  let opportunity = await repo.lockOpportunity(tx, accountId, opportunityId);
  if (!opportunity) return;
  const siblings = (await repo.requestsOfOpportunity(tx, accountId, opportunity.id)).map((r) => ({
    ...r,
    status: effectiveStatus(r, now),
  }));
  const value = quotedValueCents(siblings);
  const owner = opportunity.ownerUserId ?? (await sellerOrNull(tx, accountId, request.userId));
  if (value !== opportunity.quotedValueCents || owner !== opportunity.ownerUserId)
    opportunity = await repo.updateOpportunity(tx, accountId, opportunity.id, {
      quotedValueCents: value,
      ownerUserId: owner,
      updatedAt: now,
    });
  const move = automaticMove(event.type, {
    stage: opportunity.stage,
    otherOpenRequests: siblings.filter((r) => r.id !== request.id && isOutWithClient(r.status))
      .length,
  });
  if (move)
    await applyMove(
      tx,
      opportunity,
      move.to,
      move.lostReason,
      { byUserId: null, causeSeq: event.seq, causeType: event.type },
      now,
    );
}

async function openFromRequest(
  tx: Tx,
  accountId: string,
  request: NonNullable<Awaited<ReturnType<typeof repo.findRequestForSales>>>,
  event: LedgerEventForSales,
  now: Date,
) {
  const opportunity = await repo.insertOpportunity(tx, {
    accountId,
    customerId: request.customerId,
    title: request.title,
    source: sourceOf(request),
    stage: 'new',
    stageEnteredAt: now,
    ownerUserId: await sellerOrNull(tx, accountId, request.userId),
    openedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  await repo.insertMove(tx, {
    accountId,
    opportunityId: opportunity.id,
    fromStage: null,
    toStage: 'new',
    causeSeq: event.seq,
    causeType: event.type,
    createdAt: now,
  });
  await recordEvent(tx, {
    accountId,
    type: 'opportunity.opened',
    subjectId: opportunity.id,
    payload: { customerId: request.customerId, requestId: request.id },
  });
  return opportunity;
}

// ---------------------------------------------------------------------------------------------
// Who sees what
// ---------------------------------------------------------------------------------------------

function isManager(actor: AccountActor): boolean {
  return isRoleAllowed(actor.role, actor.accountId, SALES_MANAGER_ROLES);
}

/**
 * A manager sees the team's; a sales person their own and the unowned (the new leads nobody
 * took yet), and the team's where the business allows it.
 */
function scopeOf(
  actor: AccountActor,
  settings: repo.SettingsRow,
  asked: 'mine' | 'team' | undefined,
): { scope: 'mine' | 'team'; teamAllowed: boolean } {
  const teamAllowed = isManager(actor) || settings.teamVisible;
  const scope = asked ?? (isManager(actor) ? 'team' : 'mine');
  if (scope === 'team' && !teamAllowed)
    throw new AppError(
      'FORBIDDEN',
      'This business shows sales people only their own opportunities.',
    );
  return { scope, teamAllowed };
}

function mayOpen(actor: AccountActor, settings: repo.SettingsRow, ownerUserId: string | null) {
  return (
    isManager(actor) || settings.teamVisible || ownerUserId === null || ownerUserId === actor.userId
  );
}

/** The opportunity, or 404 for another business's and for one the person may not open. */
async function visibleOpportunity(
  db: DbOrTx,
  actor: AccountActor,
  settings: repo.SettingsRow,
  id: string,
  lock: boolean,
) {
  const row = lock
    ? await repo.lockOpportunity(db as Tx, actor.accountId, id)
    : await repo.findOpportunity(db, actor.accountId, id);
  if (!row || !mayOpen(actor, settings, row.ownerUserId))
    throw new AppError('NOT_FOUND', SALES_MESSAGES.notFound);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Board, list, detail
// ---------------------------------------------------------------------------------------------

function filterOf(
  actor: AccountActor,
  scope: 'mine' | 'team',
  query: SalesBoardQuery,
  today: string,
  nudge: { cutoff: Date; now: Date },
): repo.ListFilter {
  return {
    accountId: actor.accountId,
    ...(scope === 'mine' ? { mineOrUnowned: actor.userId } : {}),
    ...(query.owner ? { ownerIs: query.owner === 'me' ? actor.userId : query.owner } : {}),
    ...(query.source ? { source: query.source } : {}),
    ...(query.minValueCents !== undefined ? { minValueCents: query.minValueCents } : {}),
    ...(query.maxValueCents !== undefined ? { maxValueCents: query.maxValueCents } : {}),
    ...(query.overdue === 'true' ? { overdueBefore: today } : {}),
    ...(query.nudge === 'true' ? { nudge } : {}),
    ...(query.q ? { q: query.q } : {}),
  };
}

function toSummary(
  row: repo.SummaryRow | (Awaited<ReturnType<typeof repo.summaryOf>> & object),
  probabilities: StageProbabilities,
  now: Date,
  today: string,
): OpportunitySummary {
  const stage = row.stage;
  const probability = probabilities[stage];
  return {
    id: row.id,
    title: row.title,
    stage,
    source: row.source,
    contact: row.customerId
      ? {
          id: row.customerId,
          name:
            [row.contactFirst, row.contactLast].filter(Boolean).join(' ').trim() ||
            row.contactCompany ||
            'A contact',
        }
      : null,
    owner: row.ownerUserId ? { userId: row.ownerUserId, name: row.ownerName ?? '' } : null,
    valueCents: row.valueCents,
    valueEntered: row.enteredValueCents !== null,
    probability,
    weightedCents: weightedCents(row.valueCents, probability),
    stageEnteredAt: row.stageEnteredAt.toISOString(),
    daysInStage: daysInStage(row.stageEnteredAt, now),
    followUpOn: row.followUpOn,
    followUpOverdue: followUpOverdue(stage, row.followUpOn, today),
    expectedCloseOn: row.expectedCloseOn,
    needsNudge: row.needsNudge,
    lostReason: row.lostReason,
    requestCount: row.requestCount,
    openedAt: row.openedAt.toISOString(),
  };
}

function clock(deps: SalesDeps, actor: AccountActor, settings: repo.SettingsRow) {
  const now = deps.now();
  return {
    now,
    today: localDateOf(now, actor.timeZone),
    nudge: { cutoff: nudgeCutoff(now, settings.nudgeDays), now },
  };
}

export async function board(
  deps: SalesDeps,
  actor: AccountActor,
  query: SalesBoardQuery,
): Promise<SalesBoard> {
  const settings = await settingsFor(deps, actor.accountId);
  const { scope, teamAllowed } = scopeOf(actor, settings, query.scope);
  const { now, today, nudge } = clock(deps, actor, settings);
  const filter = filterOf(actor, scope, query, today, nudge);
  const probabilities = probabilitiesOf(settings);
  const [aggregates, cards] = await Promise.all([
    repo.stageAggregates(deps.db, filter, probabilities),
    repo.boardCards(deps.db, filter, SALES_BOARD_COLUMN_CARDS, nudge),
  ]);
  return {
    columns: SALES_STAGES.map((stage) => {
      const totals = aggregates.find((a) => a.stage === stage);
      const mine = cards.filter((c) => c.stage === stage);
      return {
        stage,
        label: SALES_STAGE_LABELS[stage],
        probability: probabilities[stage],
        count: totals?.count ?? 0,
        totalCents: totals?.totalCents ?? 0,
        weightedCents: totals?.weightedCents ?? 0,
        cards: mine.map((c) => toSummary(c, probabilities, now, today)),
        more: (totals?.count ?? 0) > mine.length,
      };
    }),
    scope,
    teamAllowed,
    nudgeDays: settings.nudgeDays,
  };
}

function parseCursor(cursor: string | undefined) {
  if (!cursor) return undefined;
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = at ? new Date(at) : null;
  if (!date || Number.isNaN(date.getTime()) || !id || !/^[0-9a-f-]{36}$/i.test(id))
    throw new AppError('BAD_REQUEST', 'cursor is not one this list gave.');
  return { at: date, id };
}

function cursorOf(row: { openedAt: Date; id: string }) {
  return Buffer.from(`${row.openedAt.toISOString()}|${row.id}`, 'utf8').toString('base64url');
}

export async function list(
  deps: SalesDeps,
  actor: AccountActor,
  query: SalesListQuery,
): Promise<SalesList> {
  const settings = await settingsFor(deps, actor.accountId);
  const { scope } = scopeOf(actor, settings, query.scope);
  const { now, today, nudge } = clock(deps, actor, settings);
  const filter = {
    ...filterOf(actor, scope, query, today, nudge),
    ...(query.stage ? { stage: query.stage } : {}),
  };
  const cursor = parseCursor(query.cursor);
  const limit = query.limit ?? SALES_LIST_DEFAULT_LIMIT;
  const rows = await repo.listPage(
    deps.db,
    filter,
    { limit: limit + 1, ...(cursor ? { cursor } : {}), countCap: SALES_COUNT_CAP },
    nudge,
  );
  const page = rows.slice(0, limit);
  const total = await pageTotal(rows, SALES_COUNT_CAP, {
    afterCursor: cursor !== undefined,
    countAlone: () => repo.countMatching(deps.db, filter, SALES_COUNT_CAP),
  });
  const probabilities = probabilitiesOf(settings);
  return {
    items: page.map((r) => toSummary(r, probabilities, now, today)),
    ...total,
    nextCursor: rows.length > limit ? cursorOf(page[page.length - 1]!) : null,
  };
}

const REQUEST_EVENT_TEXT: Record<string, string> = {
  created: 'created',
  edited: 'edited',
  sent: 'sent to the client',
  viewed: 'viewed by the client',
  accepted: 'accepted by the client',
  declined: 'declined by the client',
  expired: 'expired',
  converted: 'converted',
};

function moveText(m: {
  fromStage: SalesStage | null;
  toStage: SalesStage;
  causeType: string | null;
}) {
  const to = SALES_STAGE_LABELS[m.toStage];
  if (m.fromStage === null)
    return m.causeType === 'backfill' ? `Made from earlier requests, in ${to}` : `Opened in ${to}`;
  const why = m.causeType ? ` (${m.causeType.replace('request.', 'request ')})` : '';
  return `Moved from ${SALES_STAGE_LABELS[m.fromStage]} to ${to}${why}`;
}

export async function detail(
  deps: SalesDeps,
  actor: AccountActor,
  id: string,
): Promise<OpportunityDetail> {
  const settings = await settingsFor(deps, actor.accountId);
  await visibleOpportunity(deps.db, actor, settings, id, false);
  const { now, today, nudge } = clock(deps, actor, settings);
  const [summary, requestRows, moves, notes, history] = await Promise.all([
    repo.summaryOf(deps.db, actor.accountId, id, nudge),
    repo.requestsOfOpportunity(deps.db, actor.accountId, id),
    repo.movesOf(deps.db, actor.accountId, id),
    repo.notesOf(deps.db, actor.accountId, id, SALES_TIMELINE_MAX),
    repo.requestHistoryOf(deps.db, actor.accountId, id, SALES_TIMELINE_MAX),
  ]);
  if (!summary) throw new AppError('NOT_FOUND', SALES_MESSAGES.notFound);
  const opportunity = await repo.findOpportunity(deps.db, actor.accountId, id);
  const contact = opportunity?.customerId
    ? await repo.contactOf(deps.db, actor.accountId, opportunity.customerId)
    : undefined;
  const probabilities = probabilitiesOf(settings);
  const base = toSummary(summary, probabilities, now, today);
  const person = (userId: string | null, name: string | null) =>
    userId ? { userId, name: name ?? '' } : null;
  const timeline = [
    ...moves.map((m) => ({
      kind: 'stage' as const,
      at: m.createdAt.toISOString(),
      text:
        moveText(m) + (m.lostReason ? `: ${m.lostReason}` : '') + (m.note ? ` — ${m.note}` : ''),
      by: person(m.byUserId, m.byName),
      requestId: null,
      requestEvent: null,
    })),
    ...notes.map((n) => ({
      kind: 'note' as const,
      at: n.createdAt.toISOString(),
      text: n.body,
      by: person(n.authorUserId, n.authorName),
      requestId: null,
      requestEvent: null,
    })),
    ...history.map((h) => ({
      kind: 'request' as const,
      at: h.createdAt.toISOString(),
      text: `${h.title} ${REQUEST_EVENT_TEXT[h.kind] ?? h.kind}`,
      by: null,
      requestId: h.requestId,
      requestEvent: h.kind,
    })),
  ]
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
    .slice(0, SALES_TIMELINE_MAX);
  return {
    ...base,
    contact: contact
      ? {
          id: contact.id,
          name: base.contact?.name ?? '',
          email: contact.email,
          phone: contact.phone,
          company: contact.company,
          source: contact.source,
        }
      : null,
    requests: requestRows.map((r) => ({
      id: r.id,
      title: r.title,
      type: r.type,
      proposal: r.type === 'quote' && Boolean(r.proposalType) && r.proposalType !== 'false',
      status: effectiveStatus(r, now),
      amountCents: r.amountCents,
      createdAt: r.createdAt.toISOString(),
      viewedAt: r.viewedAt ? r.viewedAt.toISOString() : null,
    })),
    history: moves.map((m) => ({
      id: m.id,
      fromStage: m.fromStage,
      toStage: m.toStage,
      lostReason: m.lostReason,
      note: m.note,
      by: person(m.byUserId, m.byName),
      byEvent: m.causeType,
      at: m.createdAt.toISOString(),
    })),
    timeline,
    quotedValueCents: opportunity?.quotedValueCents ?? 0,
    lostReasons: settings.lostReasons,
  };
}

async function summaryAfterWrite(deps: SalesDeps, actor: AccountActor, id: string) {
  const settings = await settingsFor(deps, actor.accountId);
  const { now, today, nudge } = clock(deps, actor, settings);
  const row = await repo.summaryOf(deps.db, actor.accountId, id, nudge);
  if (!row) throw new AppError('NOT_FOUND', SALES_MESSAGES.notFound);
  return toSummary(row, probabilitiesOf(settings), now, today);
}

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

/**
 * The owner a person may set: a manager any member who works the pipeline, a sales person only
 * themselves (or nobody).
 */
async function checkOwner(tx: DbOrTx, actor: AccountActor, ownerUserId: string | null) {
  if (ownerUserId === null) return;
  if (!isManager(actor) && ownerUserId !== actor.userId)
    throw new AppError('FORBIDDEN', SALES_MESSAGES.ownerOnlySelf);
  if ((await sellerOrNull(tx, actor.accountId, ownerUserId)) === null)
    throw new AppError('BAD_REQUEST', SALES_MESSAGES.ownerNotSeller);
}

export async function create(
  deps: SalesDeps,
  actor: AccountActor,
  input: OpportunityCreateInput,
): Promise<OpportunitySummary> {
  const id = await deps.db.transaction(async (tx) => {
    const now = deps.now();
    await ensurePipeline(tx, actor.accountId, now);
    const contact = await repo.contactOf(tx, actor.accountId, input.customerId);
    if (!contact) throw new AppError('NOT_FOUND', SALES_MESSAGES.contactNotFound);
    const owner = input.ownerUserId === undefined ? actor.userId : input.ownerUserId;
    await checkOwner(tx, actor, owner);
    const opportunity = await repo.insertOpportunity(tx, {
      accountId: actor.accountId,
      customerId: contact.id,
      title: input.title ?? `${contact.firstName} ${contact.lastName}`.trim(),
      source: input.source ?? sourceOf({ source: null, contactSource: contact.source }),
      stage: 'new',
      stageEnteredAt: now,
      ownerUserId: owner,
      enteredValueCents: input.valueCents ?? null,
      followUpOn: input.followUpOn ?? null,
      expectedCloseOn: input.expectedCloseOn ?? null,
      openedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await repo.insertMove(tx, {
      accountId: actor.accountId,
      opportunityId: opportunity.id,
      fromStage: null,
      toStage: 'new',
      byUserId: actor.userId,
      createdAt: now,
    });
    await recordEvent(tx, {
      accountId: actor.accountId,
      type: 'opportunity.opened',
      subjectId: opportunity.id,
      actorUserId: actor.userId,
      payload: { customerId: contact.id, requestId: null },
    });
    return opportunity.id;
  });
  return summaryAfterWrite(deps, actor, id);
}

export async function update(
  deps: SalesDeps,
  actor: AccountActor,
  id: string,
  input: OpportunityUpdateInput,
): Promise<OpportunitySummary> {
  await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const settings = await ensurePipeline(tx, actor.accountId, now);
    const current = await visibleOpportunity(tx, actor, settings, id, true);
    if (input.ownerUserId !== undefined && input.ownerUserId !== current.ownerUserId)
      await checkOwner(tx, actor, input.ownerUserId);
    await repo.updateOpportunity(tx, actor.accountId, id, {
      ...(input.title !== undefined ? { title: input.title ?? current.title } : {}),
      ...(input.source !== undefined ? { source: input.source } : {}),
      ...(input.ownerUserId !== undefined ? { ownerUserId: input.ownerUserId } : {}),
      ...(input.valueCents !== undefined ? { enteredValueCents: input.valueCents } : {}),
      ...(input.followUpOn !== undefined ? { followUpOn: input.followUpOn } : {}),
      ...(input.expectedCloseOn !== undefined ? { expectedCloseOn: input.expectedCloseOn } : {}),
      updatedAt: now,
    });
    await recordEvent(tx, {
      accountId: actor.accountId,
      type: 'opportunity.updated',
      subjectId: id,
      actorUserId: actor.userId,
      payload: input.ownerUserId !== undefined ? { ownerUserId: input.ownerUserId } : {},
    });
  });
  return summaryAfterWrite(deps, actor, id);
}

/** A hand move (a dragged card): any stage to any other; "lost" with one of the business's reasons. */
export async function move(
  deps: SalesDeps,
  actor: AccountActor,
  id: string,
  input: OpportunityMoveInput,
): Promise<OpportunitySummary> {
  await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const settings = await ensurePipeline(tx, actor.accountId, now);
    const current = await visibleOpportunity(tx, actor, settings, id, true);
    if (current.stage === input.stage) throw new AppError('CONFLICT', SALES_MESSAGES.sameStage);
    let reason: string | null = null;
    if (input.stage === 'lost') {
      const given = input.lostReason?.toLowerCase();
      reason = settings.lostReasons.find((r) => r.toLowerCase() === given) ?? null;
      if (!reason) throw new AppError('BAD_REQUEST', SALES_MESSAGES.lostReasonUnknown);
    }
    await applyMove(
      tx,
      current,
      input.stage,
      reason,
      { byUserId: actor.userId, causeSeq: null, causeType: null, note: input.note ?? null },
      now,
    );
  });
  return summaryAfterWrite(deps, actor, id);
}

export async function addNote(
  deps: SalesDeps,
  actor: AccountActor,
  id: string,
  body: string,
): Promise<{ id: string; at: string }> {
  return deps.db.transaction(async (tx) => {
    const now = deps.now();
    const settings = await ensurePipeline(tx, actor.accountId, now);
    await visibleOpportunity(tx, actor, settings, id, true);
    const note = await repo.insertNote(tx, {
      accountId: actor.accountId,
      opportunityId: id,
      body,
      authorUserId: actor.userId,
      createdAt: now,
    });
    await repo.updateOpportunity(tx, actor.accountId, id, { updatedAt: now });
    await recordEvent(tx, {
      accountId: actor.accountId,
      type: 'opportunity.note_added',
      subjectId: id,
      actorUserId: actor.userId,
      payload: {},
    });
    return { id: note.id, at: note.createdAt.toISOString() };
  });
}

// ---------------------------------------------------------------------------------------------
// Owners and source to cash
// ---------------------------------------------------------------------------------------------

export async function owners(deps: SalesDeps, actor: AccountActor) {
  const members = await repo.activeMembersWithNames(deps.db, actor.accountId);
  return members
    .filter((m) => worksThePipeline(m.role, actor.accountId))
    .map((m) => ({ userId: m.userId, name: m.name, role: mapMemberRole(m.role) }));
}

export async function sourceToCashFigures(
  deps: SalesDeps,
  actor: AccountActor,
  query: SourceToCashQuery,
): Promise<SourceToCash> {
  await settingsFor(deps, actor.accountId);
  const rows = await repo.sourceToCashRows(deps.db, actor.accountId, {
    ...(query.from ? { from: query.from } : {}),
    ...(query.to ? { to: query.to } : {}),
    timeZone: actor.timeZone,
  });
  const figures = sourceToCash(
    rows.map((r) => ({
      source: r.source,
      stage: r.stage,
      openedAt: r.openedAt,
      firstVisitAt: r.firstVisitAt ? new Date(r.firstVisitAt) : null,
      collectedCents: r.collectedCents,
    })),
  );
  return {
    rows: figures.rows.map((r) => ({ ...r, label: LEAD_SOURCE_LABELS[r.source] })),
    total: figures.total,
    definitions: SOURCE_TO_CASH_DEFINITIONS,
  };
}
