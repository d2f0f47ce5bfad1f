import { z } from 'zod';

export const OUTBOX_STATUSES = ['queued', 'sent', 'kept', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** One e-mail the business sent, or kept because no SMTP server is configured. */
export const outboxItemSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  links: z.array(z.string()),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});
export type OutboxItem = z.infer<typeof outboxItemSchema>;

/** A page of the outbox, newest first. */
export const outboxPageSchema = z.object({
  items: z.array(outboxItemSchema),
  /** Pass as `before` for the next (older) page; null on the last one. */
  nextBefore: z.iso.datetime().nullable(),
});
export type OutboxPage = z.infer<typeof outboxPageSchema>;
