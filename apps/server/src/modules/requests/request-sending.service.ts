import {
  MESSAGES,
  type SendEstimateEmailInput,
  type SendEstimateEmailResponse,
} from '@crewdesk/domain';
import type { ShareSigner } from '../../lib/share-links.ts';
import type { Db } from '../../db/client.ts';
import { AppError, orNotFound } from '../../lib/app-error.ts';
import { findBrand } from '../business-profile/index.ts';
import type { Mailer } from '../mail/index.ts';
import { estimateMail, mailBrand, shareLink } from './request-mails.ts';
import { requestPdf, requestPdfFileName } from './request-pdf.ts';
import { longDate, sharedLogoPath, requestShareToken, toSharedRequest } from './request-view.ts';
import * as repo from './requests.repo.ts';
import { type RequestActor, assertMayOpen } from './requests.service.ts';

// ---------------------------------------------------------------------------------------------
// To the client: the e-mail with the share link, and the PDF

export interface SendDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  shares: ShareSigner;
  now: Date;
}

export const SHARE_TOKEN_MISMATCH = 'shareToken does not match this estimate.';

/**
 * The spec's send-estimate-email. The amount and expiry in the mail are the stored ones, whatever
 * the payload says. The mail is sent now, once: only a delivered mail marks the request sent
 * (email_sent, shared_at, unopened → sent, a 'sent' event); on failure the request is left as it
 * was, the mail stays in the outbox as failed (or kept, without SMTP), and the user may resend.
 */
export async function sendEstimateEmail(
  deps: SendDeps,
  actor: RequestActor,
  input: SendEstimateEmailInput,
): Promise<SendEstimateEmailResponse> {
  const { db, now } = deps;
  const item = orNotFound(await repo.findRequest(db, actor.accountId, input.estimateId), 'Request');
  const row = item.row;
  assertMayOpen(actor, row);
  const shareToken = requestShareToken(deps.shares, row);
  if (shareToken !== input.shareToken) throw new AppError('BAD_REQUEST', SHARE_TOKEN_MISMATCH);

  const brand = orNotFound(await findBrand(db, actor.accountId), 'Business');
  const url = shareLink(deps.publicUrl, shareToken);
  const { id: mailId, status } = await deps.mailer.sendNow({
    accountId: actor.accountId,
    kind: 'estimate',
    to: input.recipientEmail,
    fromName: brand.name,
    ...estimateMail({
      brand: mailBrand(brand, `${deps.publicUrl}${sharedLogoPath(shareToken)}`),
      clientName: input.clientName,
      word: input.isQuote ? 'Quote' : 'Estimate',
      amountCents: row.amountCents,
      validUntil: longDate(row.expiresAt, brand.timeZone, brand.locale),
      url,
    }),
  });

  if (status !== 'sent') {
    return {
      sent: false,
      message: MESSAGES.emailNotSent.description,
      emailSent: row.emailSent,
      sharedAt: row.sharedAt?.toISOString() ?? null,
    };
  }
  const updated = await db.transaction(async (tx) => {
    const changed = await repo.updateRequest(tx, actor.accountId, row.id, {
      emailSent: true,
      sharedAt: now,
      // Only an unopened request becomes 'sent'; a viewed or answered one keeps its status.
      ...(row.status === 'unopened' ? { status: 'sent' as const } : {}),
    });
    if (changed) {
      await repo.insertEvent(tx, {
        accountId: actor.accountId,
        requestId: row.id,
        kind: 'sent',
        detail: { recipient: input.recipientEmail, mailId },
      });
    }
    return changed;
  });
  return {
    sent: true,
    message: null,
    emailSent: true,
    sharedAt: (updated?.sharedAt ?? now).toISOString(),
  };
}

/** The request as its client's PDF (never the internal figures, whoever asks). */
export async function requestPdfFor(
  deps: {
    db: Db;
    now: Date;
    shares: ShareSigner;
    readLogo: (logoUrl: string | null) => Promise<Buffer | null>;
  },
  actor: RequestActor,
  id: string,
): Promise<{ pdf: Buffer; fileName: string }> {
  const item = orNotFound(await repo.findRequest(deps.db, actor.accountId, id), 'Request');
  assertMayOpen(actor, item.row);
  const brand = orNotFound(await findBrand(deps.db, actor.accountId), 'Business');
  const view = toSharedRequest(item.row, brand, deps.now, deps.shares);
  const pdf = await requestPdf(view, {
    timeZone: brand.timeZone,
    logo: await deps.readLogo(brand.logo),
  });
  return { pdf, fileName: requestPdfFileName(view) };
}
