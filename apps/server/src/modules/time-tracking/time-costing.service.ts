import {
  calculateFromForm,
  LABOUR_COST_PER_HOUR,
  labourCostCents,
  similarVisitsFinding,
  sizeBandOf,
  type JobCosting,
  type PropertyType,
  type SimilarVisits,
} from '@crewdesk/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { visitMaterialCostCents } from '../inventory/index.ts';
import { findVisibleVisit } from '../jobs/index.ts';
import { findRequest } from '../requests/index.ts';
import * as repo from './time.repo.ts';

import { seesCosts, type TimeDeps } from './time.service.ts';

// ---------------------------------------------------------------------------------------------
// Job costing
// ---------------------------------------------------------------------------------------------

/** A visit's labour: the estimate (calculator or plan) against the timed visits. */
export async function jobCosting(
  deps: TimeDeps,
  actor: AccountActor,
  jobId: string,
): Promise<JobCosting> {
  if (!seesCosts(actor)) throw new AppError('FORBIDDEN', 'Only admins and managers see costs.');
  const { job, assignees } = await findVisibleVisit(deps.db, actor, jobId);
  const estimate = await estimateOf(deps.db, actor.accountId, job, assignees.length);
  const entries = await repo.visitEntriesOfJob(deps.db, actor.accountId, jobId);
  const now = deps.now();
  const people = new Map<string, JobCosting['actual']['people'][number]>();
  let unratedMinutes = 0;
  for (const entry of entries) {
    const minutes = Math.round(
      ((entry.endedAt ?? now).getTime() - entry.startedAt.getTime()) / 60_000,
    );
    const person = people.get(entry.employeeId) ?? {
      employeeId: entry.employeeId,
      name: entry.employeeName,
      minutes: 0,
      labourCostCents: 0,
    };
    person.minutes += minutes;
    if (entry.costRateCents === null) unratedMinutes += minutes;
    else person.labourCostCents += labourCostCents(minutes, entry.costRateCents);
    people.set(entry.employeeId, person);
  }
  const list = [...people.values()];
  const actualLabour = list.reduce((sum, p) => sum + p.labourCostCents, 0);
  const marginCents = job.priceCents - actualLabour - estimate.toolsCostCents;
  return {
    jobId,
    priceCents: job.priceCents,
    estimate,
    actual: {
      minutes: list.reduce((sum, p) => sum + p.minutes, 0),
      labourCostCents: actualLabour,
      unratedMinutes,
      materialCostCents: await visitMaterialCostCents(deps.db, actor.accountId, jobId),
      people: list,
    },
    marginCents,
    marginPercent:
      job.priceCents === 0 ? 0 : Math.round((marginCents / job.priceCents) * 1000) / 10,
  };
}

/** How many recent completed visits the correction reads at most. */
const SIMILAR_VISITS_READ = 200;

/**
 * What this business's similar visits took (same property type and size band): their timed
 * minutes against the calculator formula's hours for each, for the calculator to offer as a
 * correction the owner may apply.
 */
export async function similarVisits(
  deps: TimeDeps,
  actor: AccountActor,
  query: { propertyType: PropertyType; squareFootage: number },
): Promise<SimilarVisits> {
  if (!seesCosts(actor)) throw new AppError('FORBIDDEN', 'Only admins and managers see costs.');
  const band = sizeBandOf(query.squareFootage);
  const rows = await repo.similarVisitSamples(deps.db, actor.accountId, {
    propertyType: query.propertyType,
    min: band.min,
    max: band.max,
    limit: SIMILAR_VISITS_READ,
  });
  const samples = rows.flatMap(({ details, actualMinutes }) => {
    // The formula's estimate, not a correction applied to it: the correction measures the formula.
    const result = calculateFromForm({ ...details, correctedHours: null });
    return result ? [{ estimatedMinutes: result.formulaHours * 60, actualMinutes }] : [];
  });
  return { propertyType: query.propertyType, band, ...similarVisitsFinding(samples) };
}

async function estimateOf(
  db: Db,
  accountId: string,
  job: { requestId: string | null; durationMinutes: number },
  assigneeCount: number,
): Promise<JobCosting['estimate']> {
  const request = job.requestId ? await findRequest(db, accountId, job.requestId) : undefined;
  const calculated = request ? calculateFromForm(request.row.details) : null;
  if (calculated) {
    return {
      source: 'calculator',
      minutes: calculated.estimatedHours * 60,
      labourCostCents: calculated.labourCostCents,
      toolsCostCents: calculated.toolsCostCents,
    };
  }
  const minutes = job.durationMinutes * Math.max(1, assigneeCount);
  return {
    source: 'planned',
    minutes,
    labourCostCents: labourCostCents(minutes, LABOUR_COST_PER_HOUR * 100),
    toolsCostCents: 0,
  };
}
