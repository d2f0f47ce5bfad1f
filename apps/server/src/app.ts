import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { accountRoutes } from './modules/accounts/accounts.routes.ts';
import { contactMessageRoutes } from './modules/contact-messages/contact-messages.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { Mailer } from './modules/mail/mail.service.ts';
import { TextMessenger } from './modules/sms/text-messenger.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { businessLogoRoutes } from './modules/business-profile/business-logo.routes.ts';
import { businessProfileRoutes } from './modules/business-profile/business-profile.routes.ts';
import { teamRoutes } from './modules/team/team.routes.ts';
import { customerRoutes } from './modules/customers/customers.routes.ts';
import { requestRoutes } from './modules/requests/requests.routes.ts';
import { requestSharingRoutes } from './modules/request-sharing/request-sharing.routes.ts';
import { requestFormRoutes } from './modules/request-form/request-form.routes.ts';
import { locationRoutes } from './modules/locations/locations.routes.ts';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { phoneSignUpRoutes } from './modules/phone-sign-up/phone-sign-up.routes.ts';
import { avatarRoutes } from './modules/avatars/avatars.routes.ts';
import { jobRoutes } from './modules/jobs/jobs.routes.ts';
import { startSeriesWorker } from './modules/jobs/series-worker.ts';
import { scheduleRoutes } from './modules/schedule/schedule.routes.ts';
import { calendarFeedRoutes } from './modules/calendar-feed/calendar-feed.routes.ts';
import { mapRoutes } from './modules/map/map.routes.ts';
import { invoiceRoutes } from './modules/invoices/invoices.routes.ts';
import { publicInvoiceRoutes } from './modules/invoices/public-invoice.routes.ts';
import { startReminderWorker } from './modules/invoice-reminders/reminder-worker.ts';
import { onlinePaymentRoutes } from './modules/online-payments/online-payments.routes.ts';
import { onlinePaymentsEnabled } from './modules/online-payments/stripe-client.ts';
import { startJobQueue } from './background/queue.ts';
import { authPlugin, type PasswordHasher } from './plugins/auth.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { spaPlugin } from './plugins/spa.ts';

export const APP_VERSION = '0.1.0';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    mailer: Mailer;
    /** The app's clock: expiry, views and answers are timed by it (tests move it). */
    now: () => Date;
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
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorate('now', options.now ?? (() => new Date()));

  await app.register(errorsPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        // The SPA's own files only; map tiles (a later issue) are images from the tile host.
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'upgrade-insecure-requests': null,
      },
    },
  });
  await app.register(cookie);
  await app.register(rateLimit, {
    max: config.rateLimitMax,
    timeWindow: '1 minute',
    // Static files of the SPA are not worth counting.
    allowList: (request) => !request.url.startsWith('/api/'),
  });
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
  const mailer = new Mailer({
    db: database.db,
    jobs,
    smtpUrl: config.smtpUrl,
    fromAddress: config.mailFrom,
    log: app.log,
    retryLimit: config.mailRetryLimit,
  });
  app.decorate('mailer', mailer);
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
    log: app.log,
  });
  app.addHook('onClose', async () => stopReminderTimer());

  const texter = new TextMessenger({ jobs, webhookUrl: config.smsWebhookUrl, log: app.log });
  await texter.startWorker();

  await app.register(authPlugin, {
    db: database.db,
    config,
    mailer,
    texter,
    passwordHasher: options.passwordHasher,
  });

  await app.register(healthRoutes, { database, version: APP_VERSION });
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
  // Online payment is on when the payment provider's keys are configured.
  const onlinePayments = onlinePaymentsEnabled(config);
  await app.register(invoiceRoutes, { onlinePayments });
  await app.register(publicInvoiceRoutes, { onlinePayments });
  await app.register(onlinePaymentRoutes);
  await app.register(locationRoutes);
  await app.register(onboardingRoutes);
  await app.register(phoneSignUpRoutes);
  await app.register(avatarRoutes, { dataDir: config.dataDir });

  await app.register(spaPlugin, { webDistDir: config.webDistDir });
  return app as unknown as FastifyInstance;
}
