import { z } from 'zod';
import { FIELD_LIMITS } from '../schemas/field-limits.ts';
import { LEDGER_TYPES } from './ledger.ts';

/**
 * Outgoing webhooks (issue 18): an admin names an address and the ledger types it wants; each
 * event of those types is POSTed there, signed the Standard Webhooks way.
 */
export const WEBHOOK_EVENT_TYPES = LEDGER_TYPES.filter((type) => type !== 'webhook.test');

export const WEBHOOK_LIMITS = {
  url: 2000,
  description: FIELD_LIMITS.text.title,
  endpointsPerAccount: 20,
} as const;

export const WEBHOOK_MESSAGES = {
  url: 'Enter the full address, starting with https:// or http://.',
  eventTypes: 'Choose at least one event.',
  privateAddress:
    'This address is on a private or local network; the server is not set up to send webhooks there.',
  unknownHost: 'This address could not be found.',
  tooMany: `A business can have at most ${WEBHOOK_LIMITS.endpointsPerAccount} webhook endpoints.`,
} as const;

/** http(s), a host name or an IP (v6 in brackets), an optional port and path; no user:password@. */
const WEBHOOK_URL_PATTERN = /^https?:\/\/(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?([/?#][^\s]*)?$/i;

const urlSchema = z
  .string()
  .trim()
  .max(WEBHOOK_LIMITS.url, `The address can be at most ${WEBHOOK_LIMITS.url} characters.`)
  .regex(WEBHOOK_URL_PATTERN, WEBHOOK_MESSAGES.url);

export const webhookEndpointInputSchema = z.object({
  url: urlSchema,
  description: z
    .string()
    .trim()
    .max(
      WEBHOOK_LIMITS.description,
      `The description can be at most ${WEBHOOK_LIMITS.description} characters.`,
    )
    .default(''),
  eventTypes: z
    .array(z.enum(WEBHOOK_EVENT_TYPES as [string, ...string[]], 'Choose events from the list.'))
    .min(1, WEBHOOK_MESSAGES.eventTypes)
    .max(WEBHOOK_EVENT_TYPES.length),
  enabled: z.boolean().default(true),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>;

export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.string()),
  enabled: z.boolean(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.output<typeof webhookEndpointSchema>;

/** The answer to creating an endpoint: the signing secret, shown this once. */
export const createdWebhookEndpointSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type CreatedWebhookEndpoint = z.output<typeof createdWebhookEndpointSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'succeeded', 'failed'] as const;

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.output<typeof webhookDeliverySchema>;

/**
 * The JSON body of every delivery: the event's type and ids, never a copy of the record (fetch it
 * through the API with a key of your own if you need more).
 */
export const webhookPayloadSchema = z.object({
  type: z.string(),
  timestamp: z.string(),
  data: z.object({
    accountId: z.uuid(),
    seq: z.number().int(),
    subject: z.string(),
    subjectId: z.uuid(),
    payload: z.record(z.string(), z.unknown()),
  }),
});
export type WebhookPayload = z.output<typeof webhookPayloadSchema>;
