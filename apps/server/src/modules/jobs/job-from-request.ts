import { addressLine, jobInputSchema, type JobDetail } from '@crewdesk/domain';
import type { Db } from '../../db/client.ts';
import { AppError, orNotFound } from '../../lib/app-error.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { insertRequestEvent, lockRequest } from '../requests/index.ts';
import * as repo from './jobs.repo.ts';
import { getJob, insertJobFromInput, requireDispatcher } from './jobs.service.ts';

export const ONLY_ACCEPTED_CAN_BE_SCHEDULED =
  'Only an accepted estimate or quote can be scheduled.';
export const ALREADY_SCHEDULED = 'A job was already scheduled from this request.';

function addressOf(
  customer: Awaited<ReturnType<typeof repo.findCustomer>>,
  details: Record<string, unknown>,
) {
  const fromCustomer = customer ? addressLine(customer) : '';
  if (fromCustomer) return fromCustomer;
  return typeof details.address === 'string' ? details.address : '';
}

/**
 * 'Schedule job' on an accepted estimate or quote: a job with its client, address, price and
 * notes, not on the schedule yet (it waits in the schedule's side list), linked both ways.
 */
export async function scheduleJobFromRequest(
  db: Db,
  actor: AccountActor,
  requestId: string,
  now: Date,
): Promise<JobDetail> {
  requireDispatcher(actor);
  const jobId = await db.transaction(async (tx) => {
    const request = orNotFound(await lockRequest(tx, actor.accountId, requestId), 'Request');
    if (request.status !== 'accepted')
      throw new AppError('CONFLICT', ONLY_ACCEPTED_CAN_BE_SCHEDULED);
    const existing = await repo.findJobOfRequest(tx, actor.accountId, requestId);
    if (existing) throw new AppError('CONFLICT', ALREADY_SCHEDULED, { jobId: existing.id });
    const customer = request.customerId
      ? await repo.findCustomer(tx, actor.accountId, request.customerId)
      : undefined;
    const accepted = request.options?.find((o) => o.id === request.acceptedOption);
    const input = jobInputSchema.parse({
      title: request.title,
      customerId: customer?.id ?? null,
      location: addressOf(customer, request.details) || request.client,
      priceCents: request.amountCents,
      notes: [request.description, accepted ? `Accepted option: ${accepted.name}` : null]
        .filter(Boolean)
        .join('\n'),
    });
    const id = await insertJobFromInput(tx, actor, input, now, requestId);
    await insertRequestEvent(tx, {
      accountId: actor.accountId,
      requestId,
      kind: 'converted',
      detail: { jobId: id },
    });
    return id;
  });
  return getJob(db, actor, jobId, now);
}
