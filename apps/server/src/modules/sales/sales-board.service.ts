import {
  daysInStage,
  followUpOverdue,
  localDateOf,
  nudgeCutoff,
  SALES_BOARD_COLUMN_CARDS,
  SALES_COUNT_CAP,
  SALES_LIST_DEFAULT_LIMIT,
  SALES_MESSAGES,
  SALES_STAGE_LABELS,
  SALES_STAGES,
  SALES_TIMELINE_MAX,
  weightedCents,
  type OpportunityDetail,
  type OpportunitySummary,
  type SalesBoard,
  type SalesBoardQuery,
  type SalesList,
  type SalesListQuery,
  type SalesStage,
  type StageProbabilities,
} from '@crewdesk/domain';
import { AppError } from '../../lib/app-error.ts';
import { pageTotal } from '../../lib/capped-count.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { effectiveStatus } from '../requests/index.ts';
import * as repo from './sales.repo.ts';
import { scopeOf, visibleOpportunity } from './sales-access.ts';
import { type SalesDeps, probabilitiesOf, settingsFor } from './sales.service.ts';

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

export async function summaryAfterWrite(deps: SalesDeps, actor: AccountActor, id: string) {
  const settings = await settingsFor(deps, actor.accountId);
  const { now, today, nudge } = clock(deps, actor, settings);
  const row = await repo.summaryOf(deps.db, actor.accountId, id, nudge);
  if (!row) throw new AppError('NOT_FOUND', SALES_MESSAGES.notFound);
  return toSummary(row, probabilitiesOf(settings), now, today);
}
