import { z } from 'zod';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from './notifications.ts';

// The notification endpoints' inputs and answers; the rules they follow are notifications.ts.

export const NOTIFICATION_PAGE_DEFAULT = 20;
export const NOTIFICATION_PAGE_MAX = 50;

export const notificationListQuerySchema = z.object({
  filter: z.enum(['all', 'unread']).default('all'),
  kind: z.enum(NOTIFICATION_KINDS).optional(),
  /** The id of the last notification of the page before. */
  cursor: z.uuid('cursor must be a notification id').optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(NOTIFICATION_PAGE_MAX)
    .default(NOTIFICATION_PAGE_DEFAULT),
});

export const notificationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  reason: z.string(),
  path: z.string(),
  count: z.number().int(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.output<typeof notificationSchema>;

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  nextCursor: z.uuid().nullable(),
  unread: z.number().int(),
});
export type NotificationPage = z.output<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });

export const markReadSchema = z.object({
  ids: z.array(z.uuid()).min(1, 'Choose at least one notification.').max(NOTIFICATION_PAGE_MAX),
});

export const notificationPreferenceSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  channel: z.enum(NOTIFICATION_CHANNELS),
  enabled: z.boolean(),
});

export const notificationPreferencesSchema = z.object({
  /** The person's own choices over the account's defaults. */
  preferences: z
    .array(notificationPreferenceSchema)
    .max(NOTIFICATION_KINDS.length * NOTIFICATION_CHANNELS.length),
  dailyDigest: z.boolean(),
});
export type NotificationPreferences = z.output<typeof notificationPreferencesSchema>;

export const notificationSettingsSchema = z.object({
  /** Every kind × channel as it applies to this person now. */
  effective: z.array(
    notificationPreferenceSchema.extend({ critical: z.boolean(), available: z.boolean() }),
  ),
  dailyDigest: z.boolean(),
});
export type NotificationSettings = z.output<typeof notificationSettingsSchema>;

export const CRITICAL_IN_APP_MESSAGE = 'This notification cannot be turned off in the app.';

/** An admin's defaults for the business: the same grid, without the digest. */
export const notificationDefaultsSchema = z.object({
  preferences: notificationPreferencesSchema.shape.preferences,
});
export type NotificationDefaults = z.output<typeof notificationDefaultsSchema>;

// ---- Web Push ----

export const pushConfigSchema = z.object({
  /** Whether this server can send push notifications (VAPID keys configured). */
  enabled: z.boolean(),
  /** The VAPID public key a browser subscribes with; null when push is off. */
  publicKey: z.string().nullable(),
});
export type PushConfig = z.output<typeof pushConfigSchema>;

export const PUSH_ENDPOINT_MESSAGE = 'The push address must start with https://.';

/** A browser's PushSubscription, as `subscription.toJSON()` gives it. */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z
    .string()
    .max(2000, 'The push address can be at most 2000 characters.')
    .regex(/^https?:\/\/\S+$/, PUSH_ENDPOINT_MESSAGE),
  keys: z.object({
    p256dh: z.string().min(1).max(200, 'The key can be at most 200 characters.'),
    auth: z.string().min(1).max(100, 'The key can be at most 100 characters.'),
  }),
});
export type PushSubscriptionInput = z.output<typeof pushSubscriptionInputSchema>;

export const pushUnsubscribeSchema = z.object({
  endpoint: z.string().max(2000, 'The push address can be at most 2000 characters.'),
});
