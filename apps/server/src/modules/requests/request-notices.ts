import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { findNotificationAddress } from '../business-profile/index.ts';
import type { Mailer } from '../mail/index.ts';
import type { MailContent } from '../mail/index.ts';
import { NOTICE_SENDER_NAME } from './request-mails.ts';

/**
 * Tells the business what its client did (opened, accepted, declined, asked). Queued after the
 * change is committed: the client's action stands even if the notice cannot be stored, and the
 * mail is delivered (with retries) by the job queue.
 */
export async function notifyBusiness(
  deps: { db: Db; mailer: Mailer; log: FastifyBaseLogger },
  accountId: string,
  kind: string,
  content: MailContent,
): Promise<void> {
  try {
    const to = await findNotificationAddress(deps.db, accountId);
    if (!to) {
      deps.log.info({ accountId, kind }, 'no address to notify the business');
      return;
    }
    await deps.mailer.queue({ accountId, kind, to, fromName: NOTICE_SENDER_NAME, ...content });
  } catch (error) {
    deps.log.error({ err: error, accountId, kind }, 'could not queue the notice to the business');
  }
}
