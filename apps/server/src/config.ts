import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { z } from 'zod';

/** The repository root: relative paths in the configuration are read from where npm was started. */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const invocationDir = process.env.INIT_CWD ?? process.cwd();

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** OpenStreetMap's standard tiles: free, no key; a busy install should use its own tile server. */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_MAP_TILE_ATTRIBUTION = '© OpenStreetMap contributors';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  AUTH_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /** The access vault's key (issue 26); unset, it is derived from AUTH_SECRET. */
  VAULT_KEY: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(300),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  PUBLIC_FORM_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(5),
  /** Messages a person may send the AI assistant a minute. */
  ASSISTANT_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
  WEB_DIST_DIR: z.string().default(resolve(repoRoot, 'apps/web/dist')),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  SMS_WEBHOOK_URL: optionalString.pipe(z.url('must be a URL').optional()),
  MAIL_FROM: optionalString.pipe(z.email('must be an e-mail address').optional()),
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(30),
  LOCATION_ACCESS_TOKEN: optionalString,
  LOCATION_API_URL: optionalString.pipe(z.url('must be a URL').optional()),
  NOMINATIM_URL: optionalString.pipe(z.url('must be a URL').optional()),
  MAP_TILE_URL: z.string().trim().default(DEFAULT_MAP_TILE_URL),
  MAP_TILE_ATTRIBUTION: z.string().trim().default(DEFAULT_MAP_TILE_ATTRIBUTION),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: optionalString.pipe(
    z
      .url('must be a URL')
      .regex(/^https?:\/\//, 'must start with http:// or https://')
      .optional(),
  ),
  WEB_CONCURRENCY: optionalString.pipe(
    z.coerce
      .number<string | undefined>('must be a whole number from 1 to 64')
      .int('must be a whole number from 1 to 64')
      .min(1, 'must be a whole number from 1 to 64')
      .max(64, 'must be a whole number from 1 to 64')
      .optional(),
  ),
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  VAPID_SUBJECT: optionalString.pipe(
    z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://')
      .optional(),
  ),
  WEBHOOKS_ALLOW_PRIVATE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  NOTIFICATION_BURST_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** The largest archive Settings > Data > Import takes (bytes). */
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(200 * 1024 * 1024),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Nightly backups of the embedded database and uploads go here when set. */
  BACKUP_DIR: optionalString,
  BACKUP_KEEP: z.coerce.number().int().min(1).max(365).default(7),
  /** /metrics answers only with this bearer token; unset, it is not there (404). */
  METRICS_TOKEN: optionalString.pipe(
    z.string().min(16, 'must be at least 16 characters').optional(),
  ),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string;
  authSecret: string;
  /**
   * What the access vault's codes are sealed with (VAULT_KEY, else AUTH_SECRET), always under
   * its own purpose label, so that it never yields the same key as another use of the secret.
   */
  vaultKey: string;
  logLevel: string;
  rateLimitMax: number;
  assistantRateLimitMax: number;
  /** Sign-up, sign-in and the other /api/auth calls per client per minute. */
  authRateLimitMax: number;
  /**
   * The public forms that need no session (the request form, accepting or declining a shared
   * estimate) per client per PUBLIC_FORM_RATE_LIMIT_WINDOW, for each form.
   */
  publicFormRateLimitMax: number;
  webDistDir: string;
  trustProxy: boolean;
  /** The largest "Import an archive" upload, in bytes (IMPORT_MAX_BYTES, default 200 MB). */
  importMaxBytes: number;
  /**
   * Server processes on this machine (node's cluster, one port): WEB_CONCURRENCY, else the
   * number of cores on PostgreSQL and 1 on the embedded database, which one process owns.
   */
  webConcurrency: number;
  /** SMTP server for outgoing mail; unset keeps every message in the outbox. */
  smtpUrl: string | undefined;
  /** Text messages (sign-up codes) are POSTed here as JSON {to, body}; unset logs them. */
  smsWebhookUrl: string | undefined;
  /** The sender address; the sender name is the business's. */
  mailFrom: string;
  mailRetryLimit: number;
  mailRetryDelaySeconds: number;
  /**
   * Place search for address fields: the suggest/retrieve service (spec section 7) with this
   * token, else a Nominatim server at nominatimUrl, else the offline US gazetteer.
   */
  locationAccessToken: string | undefined;
  locationApiUrl: string;
  nominatimUrl: string | undefined;
  /** The /map page's tile URL template ({z}/{x}/{y}); null (MAP_TILE_URL=off) draws no tiles. */
  mapTileUrl: string | null;
  mapTileAttribution: string;
  /**
   * Online card payments through Stripe's hosted checkout: on when both the secret key and the
   * webhook signing secret are set (see onlinePaymentsEnabled).
   */
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  /** Stripe's API base; unset is Stripe itself (set it for a local stand-in of the API). */
  stripeApiUrl: string | undefined;
  /**
   * Notification e-mails of one kind wait this long, so that a burst goes out as one message
   * ("5 new requests"); 0 sends each at once.
   */
  notificationBurstSeconds: number;
  /**
   * Webhooks may go to loopback and private-network addresses (a receiver on this machine or
   * the office LAN). Off by default: an admin could otherwise make the server call inside its
   * own network (server-side request forgery).
   */
  webhooksAllowPrivate: boolean;
  /**
   * Web Push: on when both VAPID keys are set (`npx web-push generate-vapid-keys`). The subject
   * tells push services whom to contact: VAPID_SUBJECT, else mailto: the sender address.
   */
  vapid: { publicKey: string; privateKey: string; subject: string } | null;
  /** Where the nightly backup writes crewdesk-YYYY-MM-DD.tar.gz; unset, none is taken. */
  backupDir: string | undefined;
  /** How many nightly backups are kept (the newest). */
  backupKeep: number;
  /** The bearer token /metrics asks for; unset turns /metrics off. */
  metricsToken: string | undefined;
};

/** The window of publicFormRateLimitMax. */
export const PUBLIC_FORM_RATE_LIMIT_WINDOW = '10 minutes';

/** The web app's dev server (vite), which proxies /api to this server while developing. */
export const DEV_WEB_ORIGIN = 'http://localhost:5173';

/**
 * The origins whose pages may write through the API (and sign in): the app's own PUBLIC_URL,
 * plus the web dev server in development. better-auth and the origin check read this one list.
 */
export function trustedOrigins(config: Pick<Config, 'nodeEnv' | 'publicUrl'>): string[] {
  const own = new URL(config.publicUrl).origin;
  return config.nodeEnv === 'development' ? [own, DEV_WEB_ORIGIN] : [own];
}

/** The suggest/retrieve service's usual base, used when only LOCATION_ACCESS_TOKEN is set. */
export const DEFAULT_LOCATION_API_URL = 'https://api.mapbox.com/search/searchbox/v1';

export class ConfigError extends Error {}

function absolute(path: string): string {
  return isAbsolute(path) ? path : resolve(invocationDir, path);
}

/**
 * Without AUTH_SECRET, a self-hosted install keeps a generated secret in its data dir,
 * so that sessions survive restarts with nothing to configure.
 */
function persistentSecret(dataDir: string): string {
  const file = resolve(dataDir, '.auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Reads `.env` files into env without overriding what is already set (the service manager's
 * or the shell's variables win): the folder npm or node was started in first, then the
 * project folder. Called before loadConfig at start, so config.ts stays the only reader.
 */
export function loadDotEnv(
  env: NodeJS.ProcessEnv = process.env,
  folders: string[] = [invocationDir, repoRoot],
): string[] {
  const read: string[] = [];
  for (const folder of new Set(folders.map((f) => resolve(f)))) {
    const file = resolve(folder, '.env');
    if (!existsSync(file)) continue;
    for (const [name, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) {
      if (env[name] === undefined) env[name] = value;
    }
    read.push(file);
  }
  return read;
}

/**
 * Only where the data lives, for the backup and restore commands: unlike loadConfig it writes
 * nothing (no generated secret), so restore can still find the data folder empty.
 */
export function loadStorageConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema
    .pick({ DATA_DIR: true, DATABASE_URL: true, BACKUP_DIR: true, BACKUP_KEEP: true })
    .safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    dataDir: absolute(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    backupDir: e.BACKUP_DIR === undefined ? undefined : absolute(e.BACKUP_DIR),
    backupKeep: e.BACKUP_KEEP,
  };
}

/** Parses the environment once; a bad value stops start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (!e.DATABASE_URL && e.WEB_CONCURRENCY !== undefined && e.WEB_CONCURRENCY > 1) {
    // Refused rather than lowered to 1: the embedded database is owned by one process (its data
    // dir is locked), and a setting that cannot be honoured stops start like any bad value.
    throw new ConfigError(
      `Invalid configuration:\n  WEB_CONCURRENCY: ${e.WEB_CONCURRENCY} server processes need PostgreSQL (set DATABASE_URL); ` +
        'the embedded database is owned by one process, so leave WEB_CONCURRENCY unset or set it to 1',
    );
  }
  const dataDir = absolute(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const authSecret = e.AUTH_SECRET ?? persistentSecret(dataDir);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    publicUrl,
    authSecret,
    vaultKey: e.VAULT_KEY ?? authSecret,
    logLevel: e.LOG_LEVEL,
    rateLimitMax: e.RATE_LIMIT_MAX,
    assistantRateLimitMax: e.ASSISTANT_RATE_LIMIT_MAX,
    authRateLimitMax: e.AUTH_RATE_LIMIT_MAX,
    publicFormRateLimitMax: e.PUBLIC_FORM_RATE_LIMIT_MAX,
    webDistDir: absolute(e.WEB_DIST_DIR),
    trustProxy: e.TRUST_PROXY,
    importMaxBytes: e.IMPORT_MAX_BYTES,
    webConcurrency:
      e.WEB_CONCURRENCY ?? (e.DATABASE_URL ? Math.min(availableParallelism(), 64) : 1),
    notificationBurstSeconds: e.NOTIFICATION_BURST_SECONDS,
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE,
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? {
            publicKey: e.VAPID_PUBLIC_KEY,
            privateKey: e.VAPID_PRIVATE_KEY,
            subject: e.VAPID_SUBJECT ?? `mailto:${e.MAIL_FROM ?? 'no-reply@localhost'}`,
          }
        : null,
    smtpUrl: e.SMTP_URL,
    smsWebhookUrl: e.SMS_WEBHOOK_URL,
    mailFrom: e.MAIL_FROM ?? `no-reply@${new URL(publicUrl).hostname}`,
    mailRetryLimit: e.MAIL_RETRY_LIMIT,
    mailRetryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
    locationAccessToken: e.LOCATION_ACCESS_TOKEN,
    locationApiUrl: (e.LOCATION_API_URL ?? DEFAULT_LOCATION_API_URL).replace(/\/$/, ''),
    nominatimUrl: e.NOMINATIM_URL?.replace(/\/$/, ''),
    mapTileUrl: ['', 'off', 'none'].includes(e.MAP_TILE_URL.toLowerCase()) ? null : e.MAP_TILE_URL,
    mapTileAttribution: e.MAP_TILE_ATTRIBUTION,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    stripeApiUrl: e.STRIPE_API_URL?.replace(/\/$/, ''),
    backupDir: e.BACKUP_DIR === undefined ? undefined : absolute(e.BACKUP_DIR),
    backupKeep: e.BACKUP_KEEP,
    metricsToken: e.METRICS_TOKEN,
  };
}
