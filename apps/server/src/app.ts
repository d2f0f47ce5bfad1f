import { randomBytes } from 'node:crypto';
import { shareSigner, type ShareSigner } from './lib/share-links.ts';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { trustedOrigins, type Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { accountRoutes } from './modules/accounts/index.ts';
import { assistantRoutes, INTERNAL_CALL_HEADER, mcpRoutes } from './modules/assistant/index.ts';
import {
  ActorCache,
  actorResolver,
  chooseFirstPaint,
  syncActorCacheAfterWrites,
  authRoutes,
  createAuth,
  meRoutes,
  SESSION_COOKIE,
  type PasswordHasher,
} from './modules/identity/index.ts';
import { contactMessageRoutes } from './modules/contact-messages/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { countOutbox, Mailer, mailRoutes } from './modules/mail/index.ts';
import { TextMessenger } from './modules/sms/index.ts';
import { businessLogoRoutes, businessProfileRoutes } from './modules/business-profile/index.ts';
import { teamRoutes } from './modules/team/index.ts';
import { customerRoutes } from './modules/customers/index.ts';
import { requestRoutes } from './modules/requests/index.ts';
import { requestSharingRoutes } from './modules/request-sharing/index.ts';
import { requestFormRoutes } from './modules/request-form/index.ts';
import { locationRoutes } from './modules/locations/index.ts';
import { onboardingRoutes } from './modules/onboarding/index.ts';
import { phoneSignUpRoutes } from './modules/phone-sign-up/index.ts';
import { avatarRoutes } from './modules/avatars/index.ts';
import { jobRoutes, startSeriesWorker } from './modules/jobs/index.ts';
import { scheduleRoutes } from './modules/schedule/index.ts';
import { calendarFeedRoutes } from './modules/calendar-feed/index.ts';
import { clientHubRoutes, sweepExpiredHubAccess } from './modules/client-hub/index.ts';
import { mapRoutes } from './modules/map/index.ts';
import { invoiceRoutes, publicInvoiceRoutes } from './modules/invoices/index.ts';
import { startReminderWorker } from './modules/invoice-reminders/index.ts';
import { onlinePaymentRoutes, onlinePaymentsEnabled } from './modules/online-payments/index.ts';
import {
  EventDispatcher,
  LiveHub,
  liveRoutes,
  notificationRoutes,
  pushRoutes,
  startEventsHourlyWorker,
  startPushWorker,
  startNotificationMailWorker,
  startWebhookWorker,
  webhookRoutes,
} from './modules/events/index.ts';
import { QUEUES, startPeriodicRun, startJobQueue, type JobQueue } from './background/queue.ts';
import { startNightlyBackup } from './background/nightly-backup.ts';
import { startTimeSweepWorker, timeRoutes } from './modules/time-tracking/index.ts';
import { inspectionRoutes } from './modules/inspections/index.ts';
import { inventoryRoutes } from './modules/inventory/index.ts';
import { accessVaultRoutes } from './modules/access-vault/index.ts';
import { proofLedgerConsumer, visitProofRoutes } from './modules/visit-proofs/index.ts';
import { fieldVisitRoutes, sweepFieldReceipts } from './modules/field-visits/index.ts';
import { salesLedgerConsumer, salesRoutes, startSalesHourlyWorker } from './modules/sales/index.ts';
import {
  homeRoutes,
  operationsReportRoutes,
  reportRoutes,
  reportScheduleRoutes,
  startReportMailWorker,
} from './modules/reports/index.ts';
import { dataExportRoutes, startDataExportWorkers } from './modules/data-export/index.ts';
import { answerFrameworkError, errorsPlugin } from './plugins/errors.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { originCheckPlugin } from './plugins/origin-check.ts';
import { inputSafetyPlugin } from './plugins/input-safety.ts';
import { sessionPlugin } from './plugins/session.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { spaPlugin } from './plugins/spa.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { databaseLimitStore } from './plugins/request-limit-store.ts';
import { answerSerializerCompiler } from './plugins/answer-serializer.ts';

export const APP_VERSION = '0.1.0';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    mailer: Mailer;
    /** Writes and reads the client's share links (decision 055). */
    shares: ShareSigner;
    /** Reads the events ledger: notifications, e-mail, the live channel. */
    events: EventDispatcher;
    /** The app's clock: expiry, views and answers are timed by it (tests move it). */
    now: () => Date;
    /** The actors of the sessions this process has seen (identity/actor-cache.ts). */
    actorCache: ActorCache;
  }
}

/** Builds the whole app on an open, migrated database. Listening is the caller's business. */
export async function buildApp(options: {
  config: Config;
  database: Database;
  logger?: boolean | object;
  /** The clock; the real time unless a test controls it. */
  now?: () => Date;
  /** Password hashing; better-auth's own unless a test makes it cheaper. */
  passwordHasher?: PasswordHasher;
}) {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger ??
      // Readable lines while developing; JSON lines (for log collectors) otherwise.
      (config.nodeEnv === 'development'
        ? { level: config.logLevel, transport: { target: 'pino-pretty' } }
        : { level: config.logLevel }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Production projects answers onto their schemas instead of re-validating them (decision 046).
  app.setSerializerCompiler(answerSerializerCompiler(config.nodeEnv));
  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorate('now', options.now ?? (() => new Date()));

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  // Before any route: it hooks each route as it is added.
  await app.register(compressionPlugin);
  await app.register(cookie);
  // On PostgreSQL several processes may serve one database: they count in it together.
  const limitStore = database.kind === 'postgres' ? databaseLimitStore(database) : undefined;
  if (limitStore) app.addHook('onClose', () => limitStore.stop());
  const internalCallKey = randomBytes(32).toString('hex');
  /** A call the assistant makes of the API inside this process (api-caller.ts). */
  const isInternalCall = (request: FastifyRequest) =>
    request.headers[INTERNAL_CALL_HEADER] === internalCallKey;
  await app.register(rateLimit, {
    ...(limitStore ? { store: limitStore } : {}),
    max: config.rateLimitMax,
    timeWindow: '1 minute',
    // Static files of the SPA are not worth counting.
    // The assistant's own calls of the API are counted once, as the chat message they serve.
    allowList: (request) => !request.url.startsWith('/api/') || isInternalCall(request),
  });
  // Writes from other sites' pages are refused before anything else looks at them.
  await app.register(originCheckPlugin, { trustedOrigins: trustedOrigins(config) });
  // Too-deep JSON, null bytes and lone surrogates answer 400 before any route sees them.
  await app.register(inputSafetyPlugin);
  await app.register(openapiPlugin, { publicUrl: config.publicUrl, version: APP_VERSION });

  // Durable background jobs in the app's own database; stopped before the database closes.
  const jobs = await startJobQueue(database, {
    retryLimit: config.mailRetryLimit,
    retryDelaySeconds: config.mailRetryDelaySeconds,
  });
  jobs.on('error', (error) => app.log.error({ err: error }, 'job queue error'));
  app.addHook('onClose', async () => {
    await jobs.stop({ graceful: true, wait: true });
  });
  // Before the app's routes, so each request of theirs is timed.
  await app.register(metricsPlugin, {
    token: config.metricsToken,
    readers: {
      queueDepth: async () =>
        Object.fromEntries(
          await Promise.all(
            Object.values(QUEUES).map(async (queue) => [queue, await jobs.getQueueSize(queue)]),
          ),
        ),
      mailOutbox: () => countOutbox(database.db),
    },
  });
  const mailer = new Mailer({
    db: database.db,
    jobs,
    smtpUrl: config.smtpUrl,
    fromAddress: config.mailFrom,
    log: app.log,
    retryLimit: config.mailRetryLimit,
  });
  app.decorate('mailer', mailer);
  app.decorate('shares', shareSigner(config.authSecret));
  await mailer.startWorker();
  await mailer.requeueWaiting();

  const stopSeriesTimer = await startSeriesWorker({
    jobs,
    db: database.db,
    now: app.now,
    log: app.log,
  });
  app.addHook('onClose', async () => stopSeriesTimer());

  const stopReminderTimer = await startReminderWorker({
    jobs,
    db: database.db,
    mailer,
    now: app.now,
    publicUrl: config.publicUrl,
    shares: app.shares,
    log: app.log,
  });
  app.addHook('onClose', async () => stopReminderTimer());

  const stopReportMailTimer = await startReportMailWorker({
    jobs,
    db: database.db,
    mailer,
    now: app.now,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  app.addHook('onClose', async () => stopReportMailTimer());

  const stopExportSweep = await startDataExportWorkers({
    jobs,
    db: database.db,
    dataDir: config.dataDir,
    now: app.now,
    log: app.log,
  });
  app.addHook('onClose', async () => stopExportSweep());

  const texter = new TextMessenger({ jobs, webhookUrl: config.smsWebhookUrl, log: app.log });
  await texter.startWorker();

  // The events ledger's readers: every process listens, and one dispatches each event.
  const liveHub = new LiveHub(database);
  await liveHub.start();
  const events = new EventDispatcher({
    database,
    jobs,
    texter,
    log: app.log,
    now: app.now,
    burstSeconds: config.notificationBurstSeconds,
    pushEnabled: config.vapid !== null,
    // The sales pipeline moves its cards from the ledger, inside the dispatch (decision 031).
    // A completed visit's proof of service page and its e-mail to the client (issue 26).
    consumers: [
      salesLedgerConsumer,
      proofLedgerConsumer({ mailer, publicUrl: config.publicUrl, shares: app.shares }),
    ],
  });
  app.decorate('events', events);
  await events.start();
  await startNotificationMailWorker(jobs, {
    db: database.db,
    mailer,
    publicUrl: config.publicUrl,
    now: app.now,
  });
  await startWebhookWorker(jobs, {
    db: database.db,
    allowPrivate: config.webhooksAllowPrivate,
    now: app.now,
    log: app.log,
  });
  if (config.vapid)
    await startPushWorker(jobs, {
      db: database.db,
      vapid: config.vapid,
      allowPrivate: config.webhooksAllowPrivate,
      publicUrl: config.publicUrl,
      log: app.log,
    });
  const stopEventsTimer = await startEventsHourlyWorker({
    jobs,
    db: database.db,
    mailer,
    publicUrl: config.publicUrl,
    now: app.now,
    log: app.log,
  });
  const stopTimeSweep = await startTimeSweepWorker({
    jobs,
    db: database.db,
    now: app.now,
    log: app.log,
  });
  const stopSalesTimer = await startSalesHourlyWorker({
    jobs,
    db: database.db,
    now: app.now,
    log: app.log,
  });
  // Housekeeping nobody waits for: hub codes and sessions past use, old offline-change receipts.
  const stopHousekeeping = await startPeriodicRun(
    jobs,
    QUEUES.housekeeping,
    app.now,
    async () => {
      const hub = await sweepExpiredHubAccess(database.db, app.now());
      const receipts = await sweepFieldReceipts(database.db, app.now());
      if (hub + receipts > 0) app.log.info({ hub, receipts }, 'hourly housekeeping');
    },
    (error) => app.log.error({ err: error }, 'could not queue the hourly housekeeping'),
  );
  const stopNightlyBackup = await scheduleNightlyBackup(app, jobs, database);
  app.addHook('onClose', async () => {
    stopNightlyBackup();
    stopHousekeeping();
    stopEventsTimer();
    stopTimeSweep();
    stopSalesTimer();
    await events.stop();
    await liveHub.stop();
  });

  const auth = createAuth(database.db, config, mailer, texter, options.passwordHasher);
  const actorCache = new ActorCache(database);
  if (!(await actorCache.start())) {
    app.log.warn('LISTEN/NOTIFY does not reach this process: sessions are read on every request');
  }
  app.decorate('actorCache', actorCache);
  syncActorCacheAfterWrites(app, actorCache, SESSION_COOKIE);
  app.addHook('onClose', async () => actorCache.stop());
  await app.register(sessionPlugin, {
    resolveActor: actorResolver(auth, database.db, actorCache, isInternalCall),
  });
  await app.register(authRoutes, { auth, publicUrl: config.publicUrl });

  await app.register(healthRoutes, { database, version: APP_VERSION });
  await app.register(meRoutes);
  await app.register(accountRoutes);
  await app.register(contactMessageRoutes);
  await app.register(mailRoutes);
  await app.register(businessProfileRoutes);
  await app.register(businessLogoRoutes, { dataDir: config.dataDir });
  await app.register(teamRoutes);
  await app.register(customerRoutes);
  await app.register(requestRoutes);
  await app.register(requestSharingRoutes);
  await app.register(requestFormRoutes);
  await app.register(jobRoutes, { dataDir: config.dataDir });
  await app.register(scheduleRoutes);
  await app.register(calendarFeedRoutes);
  await app.register(mapRoutes);
  await app.register(timeRoutes);
  await app.register(inspectionRoutes, { dataDir: config.dataDir });
  await app.register(inventoryRoutes, { dataDir: config.dataDir });
  await app.register(accessVaultRoutes);
  await app.register(visitProofRoutes, { dataDir: config.dataDir });
  await app.register(fieldVisitRoutes, { dataDir: config.dataDir });
  await app.register(salesRoutes);
  // Online payment is on when the payment provider's keys are configured.
  const onlinePayments = onlinePaymentsEnabled(config);
  await app.register(invoiceRoutes, { onlinePayments });
  await app.register(publicInvoiceRoutes, { onlinePayments });
  await app.register(onlinePaymentRoutes);
  await app.register(clientHubRoutes, { texter });
  await app.register(homeRoutes);
  await app.register(reportRoutes);
  await app.register(operationsReportRoutes);
  await app.register(reportScheduleRoutes);
  await app.register(locationRoutes);
  await app.register(dataExportRoutes, {
    dataDir: config.dataDir,
    jobs,
    importMaxBytes: config.importMaxBytes,
  });
  await app.register(onboardingRoutes);
  await app.register(phoneSignUpRoutes);
  await app.register(avatarRoutes, { dataDir: config.dataDir });
  await app.register(notificationRoutes, {
    smsAvailable: Boolean(config.smsWebhookUrl),
    pushAvailable: config.vapid !== null,
  });
  await app.register(pushRoutes, {
    vapid: config.vapid,
    allowPrivate: config.webhooksAllowPrivate,
  });
  await app.register(liveRoutes, { hub: liveHub });
  await app.register(webhookRoutes, { jobs, allowPrivate: config.webhooksAllowPrivate });
  await app.register(assistantRoutes, {
    serverSecret: config.authSecret,
    publicUrl: config.publicUrl,
    internalCallKey,
    chatRateLimitMax: config.assistantRateLimitMax,
  });
  await app.register(mcpRoutes, {
    publicUrl: config.publicUrl,
    internalCallKey,
    version: APP_VERSION,
  });

  await app.register(spaPlugin, {
    webDistDir: config.webDistDir,
    sessionCookie: SESSION_COOKIE,
    firstPaint: (request, pathname) => chooseFirstPaint(database.db, request, pathname),
  });
  return app as unknown as FastifyInstance;
}

/**
 * Nightly backups into BACKUP_DIR, on the embedded database only: PostgreSQL is backed up with
 * its own tools (README, "Back up and restore").
 */
async function scheduleNightlyBackup(
  app: FastifyInstance,
  jobs: JobQueue,
  database: Database,
): Promise<() => void> {
  const { backupDir, backupKeep, dataDir } = app.config;
  if (!backupDir) return () => {};
  if (!database.dumpDataDir) {
    app.log.warn('BACKUP_DIR is ignored on PostgreSQL: back it up with pg_dump (see README)');
    return () => {};
  }
  return startNightlyBackup({
    jobs,
    dump: () => database.dumpDataDir!(),
    dataDir,
    backupDir,
    keep: backupKeep,
    now: app.now,
    log: app.log,
  });
}
