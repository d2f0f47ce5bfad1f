import Stripe from 'stripe';
import type { Config } from '../../config.ts';

type StripeSettings = Pick<Config, 'stripeSecretKey' | 'stripeWebhookSecret' | 'stripeApiUrl'>;

/**
 * Online card payments are on when the server can both start a checkout (the secret key) and
 * trust what the provider reports back (the webhook signing secret): one without the other
 * would take money it can never record, so neither alone turns them on.
 */
export function onlinePaymentsEnabled(config: StripeSettings): boolean {
  return Boolean(config.stripeSecretKey && config.stripeWebhookSecret);
}

/** How long a client waits for the provider before being told to try again. */
const PROVIDER_TIMEOUT_MS = 15_000;

/** The client's options: Stripe itself, or the API base STRIPE_API_URL names (a local stand-in). */
export function stripeOptions(apiUrl: string | undefined): Stripe.StripeConfig {
  const base: Stripe.StripeConfig = { timeout: PROVIDER_TIMEOUT_MS, maxNetworkRetries: 1 };
  if (!apiUrl) return base;
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    ...base,
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

/** The provider's client, or null when online payments are off. */
export function stripeClient(config: StripeSettings): Stripe | null {
  if (!onlinePaymentsEnabled(config)) return null;
  return new Stripe(config.stripeSecretKey!, stripeOptions(config.stripeApiUrl));
}
