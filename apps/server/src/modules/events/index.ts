// The events module's face (issue 18): the ledger every module writes to, and what reads it.
export { LEDGER_CHANNEL, recordEvent, type NewLedgerEvent } from './events.repo.ts';
export { EventDispatcher, type LedgerConsumer, type LiveNotice } from './dispatcher.ts';
export { LiveHub } from './live-hub.ts';
export { liveRoutes, notificationRoutes } from './events.routes.ts';
export { startNotificationMailWorker } from './notification-mail.ts';
export { webhookRoutes } from './webhooks.routes.ts';
export { recordExpiredRequests, startEventsHourlyWorker } from './hourly.ts';
export { pushRoutes } from './push.routes.ts';
export { startPushWorker } from './push.service.ts';
export { signWebhook, startWebhookWorker } from './webhooks.service.ts';
