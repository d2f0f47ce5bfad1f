import { NEW_REQUEST_STATUS, requestExpiresAt } from '@crewdesk/domain';
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './requests.repo.ts';

/** What every new request starts with, whoever makes it: set here, not by the caller. */
type LifecycleColumns = 'status' | 'shareVersion' | 'expiresAt' | 'createdAt' | 'updatedAt';

/**
 * A new request (typed in, copied, or sent by the website's form) and its 'created' event:
 * unopened, with a fresh share token, open until 30 days from `now`.
 */
export async function insertNewRequest(
  tx: DbOrTx,
  columns: Omit<repo.NewRequestRow, LifecycleColumns>,
  now: Date,
  createdDetail: Record<string, unknown> = {},
): Promise<repo.RequestRow> {
  const row = await repo.insertRequest(tx, {
    ...columns,
    status: NEW_REQUEST_STATUS,
    expiresAt: requestExpiresAt(now),
    createdAt: now,
    updatedAt: now,
  });
  await repo.insertEvent(tx, {
    accountId: row.accountId,
    requestId: row.id,
    kind: 'created',
    detail: { ...createdDetail, amountCents: row.amountCents },
  });
  return row;
}
