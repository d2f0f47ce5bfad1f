import {
  LEAD_SOURCE_LABELS,
  mapMemberRole,
  SOURCE_TO_CASH_DEFINITIONS,
  sourceToCash,
  type SourceToCash,
  type SourceToCashQuery,
} from '@crewdesk/domain';
import type { AccountActor } from '../../plugins/permissions.ts';
import * as repo from './sales.repo.ts';
import { type SalesDeps, settingsFor, worksThePipeline } from './sales.service.ts';

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
