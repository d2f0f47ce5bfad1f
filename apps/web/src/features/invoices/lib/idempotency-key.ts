import { randomUuid } from '@/lib/random-uuid';

/** An Idempotency-Key for one payment action: a retried request records the payment once. */
export const newIdempotencyKey = randomUuid;
