/**
 * A payment provider event about `object`, in the envelope its webhooks send (Stripe's event
 * format): for the tests that deliver one, signed, to /api/webhooks/stripe.
 */
export function stripeEvent(id: string, type: string, object: Record<string, unknown>) {
  return {
    id,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}
