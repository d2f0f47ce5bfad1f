import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { createAuth, type Auth } from '../src/modules/identity/index.ts';
import { Mailer } from '../src/modules/mail/mail.service.ts';
import { TextMessenger } from '../src/modules/sms/text-messenger.ts';
import pino from 'pino';

/**
 * Opens the configured database (the same DATA_DIR / DATABASE_URL as the server), migrates it
 * and hands a better-auth instance, the mailer and the configuration to a command-line script. Stop the server first when it
 * uses the embedded database: its data dir is locked.
 */
export async function withScriptContext(
  run: (ctx: { database: Database; auth: Auth; mailer: Mailer; config: Config }) => Promise<void>,
): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    // Mail written by a script is stored and delivered by the server's job queue at its next start.
    const mailer = new Mailer({
      db: database.db,
      jobs: null,
      smtpUrl: config.smtpUrl,
      fromAddress: config.mailFrom,
      log: pino({ level: 'warn' }),
      retryLimit: config.mailRetryLimit,
    });
    const log = pino({ level: 'warn' });
    const texter = new TextMessenger({ jobs: null, webhookUrl: config.smsWebhookUrl, log });
    await run({
      database,
      auth: createAuth(database.db, config, mailer, texter),
      mailer,
      config,
    });
  } finally {
    await database.close();
  }
}
