import { formatMoney, INVOICE_MESSAGES, localDateOf } from '@crewdesk/domain';
import type { ShareSigner } from '../../lib/share-links.ts';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, orNotFound } from '../../lib/app-error.ts';
import {
  invoiceAppLink,
  recordOnlinePayment,
  publicInvoiceUrl,
  findInvoice,
  findInvoiceByToken,
} from '../invoices/index.ts';
import { type Mailer, renderMail, type MailContent } from '../mail/index.ts';
import { notifyBusiness } from '../requests/index.ts';
import * as repo from './online-payments.repo.ts';

export interface OnlinePaymentDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  shares: ShareSigner;
  now: Date;
  /** The provider's client; null when online payments are not set up. */
  stripe: Stripe | null;
  webhookSecret: string | undefined;
}

export const PROVIDER = 'stripe';

export const PROVIDER_UNREACHABLE =
  'The payment service could not be reached. Please try again in a few minutes.';
export const PROVIDER_REFUSED =
  'The payment service could not start the payment. Please try again later or contact the business.';
export const INVALID_SIGNATURE = 'Invalid signature';

/** Where the client lands after paying: the web app's page that waits for the webhook. */
export function paymentSuccessUrl(publicUrl: string, token: string): string {
  // {CHECKOUT_SESSION_ID} is filled in by the provider: it must stay unencoded.
  return `${publicUrl.replace(/\/+$/, '')}/invoices/payment-success?invoice=${encodeURIComponent(token)}&session_id={CHECKOUT_SESSION_ID}`;
}

/**
 * Starts the provider's hosted checkout for what the invoice still owes; answers the page to
 * send the client to. The amount is the balance at this moment: the webhook records what was
 * actually paid.
 */
export async function startCheckout(
  deps: OnlinePaymentDeps,
  token: string,
): Promise<{ url: string }> {
  const row = orNotFound(await findInvoiceByToken(deps.db, deps.shares, token), 'Invoice');
  if (!deps.stripe) throw new AppError('CONFLICT', INVOICE_MESSAGES.onlinePaymentsOff);
  if (row.status === 'void')
    throw new AppError('CONFLICT', INVOICE_MESSAGES.voidCannotTakePayments);
  if (row.balanceCents <= 0) throw new AppError('CONFLICT', INVOICE_MESSAGES.nothingDue);
  const { currency } = await repo.businessMoneySettings(deps.db, row.accountId);
  const metadata = { invoiceId: row.id, accountId: row.accountId };
  let session: Stripe.Checkout.Session;
  try {
    session = await deps.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: currency.toLowerCase(),
            unit_amount: row.balanceCents,
            product_data: { name: `Invoice ${row.numberText}` },
          },
        },
      ],
      client_reference_id: row.id,
      metadata,
      payment_intent_data: { metadata },
      ...(row.clientEmail ? { customer_email: row.clientEmail } : {}),
      success_url: paymentSuccessUrl(deps.publicUrl, token),
      cancel_url: publicInvoiceUrl(deps.publicUrl, token),
    });
  } catch (error) {
    deps.log.error({ err: error, invoiceId: row.id }, 'the payment provider refused a checkout');
    throw new AppError(
      'BAD_GATEWAY',
      error instanceof Stripe.errors.StripeConnectionError
        ? PROVIDER_UNREACHABLE
        : PROVIDER_REFUSED,
    );
  }
  if (!session.url) {
    deps.log.error({ sessionId: session.id }, 'the payment provider answered no checkout URL');
    throw new AppError('BAD_GATEWAY', PROVIDER_REFUSED);
  }
  return { url: session.url };
}

const sessionMetadataSchema = z.object({ invoiceId: z.uuid(), accountId: z.uuid() });

/** What a handled event did. */
export type WebhookOutcome =
  | { kind: 'replayed' | 'ignored' | 'duplicate' | 'unknown_invoice' }
  | {
      kind: 'recorded';
      accountId: string;
      invoiceId: string;
      number: string;
      amountCents: number;
      currency: string;
    };

/** The session of an event that says money was taken, else null (the event changes nothing). */
function paidSession(event: Stripe.Event): Stripe.Checkout.Session | null {
  if (event.type === 'checkout.session.completed')
    return event.data.object.payment_status === 'paid' ? event.data.object : null;
  // A delayed method (a bank debit) that settled after the checkout completed unpaid.
  if (event.type === 'checkout.session.async_payment_succeeded') return event.data.object;
  return null;
}

/**
 * Checks a provider's call is signed with the webhook secret and recent, and reads its event.
 * Timed by the app's clock, like everything else the server dates.
 */
export function verifiedEvent(
  deps: Pick<OnlinePaymentDeps, 'stripe' | 'webhookSecret' | 'now'>,
  rawBody: string | undefined,
  signature: string | string[] | undefined,
): Stripe.Event {
  if (!deps.stripe || !deps.webhookSecret || typeof signature !== 'string' || !rawBody)
    throw new AppError('BAD_REQUEST', INVALID_SIGNATURE);
  try {
    return deps.stripe.webhooks.constructEvent(
      rawBody,
      signature,
      deps.webhookSecret,
      undefined,
      undefined,
      deps.now.getTime(),
    );
  } catch {
    throw new AppError('BAD_REQUEST', INVALID_SIGNATURE);
  }
}

/**
 * Acts on one verified event, in one transaction: the event's id is marked handled and the
 * payment recorded together, so a replay (or the provider's retry after a lost answer) records
 * nothing twice, and a failure leaves neither for the retry to find. Events that report no
 * money taken, or name no invoice of ours, change nothing.
 */
export async function handleEvent(
  deps: OnlinePaymentDeps,
  event: Stripe.Event,
): Promise<WebhookOutcome> {
  const outcome = await deps.db.transaction(async (tx): Promise<WebhookOutcome> => {
    if (!(await repo.markWebhookEvent(tx, PROVIDER, event.id, deps.now)))
      return { kind: 'replayed' };
    const session = paidSession(event);
    if (!session) return { kind: 'ignored' };
    const metadata = sessionMetadataSchema.safeParse(session.metadata ?? {});
    const amountCents = session.amount_total;
    if (
      !metadata.success ||
      (session.client_reference_id && session.client_reference_id !== metadata.data.invoiceId) ||
      typeof amountCents !== 'number' ||
      amountCents <= 0
    )
      return { kind: 'ignored' };
    const { accountId, invoiceId } = metadata.data;
    const { timeZone, currency } = await repo.businessMoneySettings(tx, accountId);
    const result = await recordOnlinePayment(
      tx,
      {
        accountId,
        invoiceId,
        amountCents,
        providerRef: session.id,
        paidOn: localDateOf(deps.now, timeZone),
      },
      deps.now,
    );
    if (result !== 'recorded') return { kind: result };
    const row = await findInvoice(tx, accountId, invoiceId);
    return {
      kind: 'recorded',
      accountId,
      invoiceId,
      number: row!.numberText,
      amountCents,
      currency,
    };
  });
  if (outcome.kind === 'recorded') {
    await notifyBusiness(
      deps,
      outcome.accountId,
      'invoice-paid-online',
      paidOnlineNoticeMail({
        number: outcome.number,
        amountCents: outcome.amountCents,
        currency: outcome.currency,
        url: invoiceAppLink(deps.publicUrl, outcome.invoiceId),
      }),
    );
  } else if (outcome.kind === 'unknown_invoice') {
    deps.log.warn({ eventId: event.id }, 'a paid checkout named no invoice of this server');
  }
  return outcome;
}

/** To the business: its client paid an invoice online. */
export function paidOnlineNoticeMail(input: {
  number: string;
  amountCents: number;
  currency: string;
  url: string;
}): MailContent {
  const amount = formatMoney(input.amountCents, input.currency);
  return renderMail({
    subject: `Invoice ${input.number} was paid online: ${amount}`,
    heading: `Invoice ${input.number} was paid online`,
    paragraphs: [
      `Your client paid ${amount} online for invoice ${input.number}. The payment is recorded on the invoice.`,
    ],
    action: { label: 'Open the invoice', url: input.url },
    footer: 'You receive these e-mails as the business that sent the invoice.',
  });
}
