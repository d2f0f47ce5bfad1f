import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { Role } from '@crewdesk/domain';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { addMember, createUserWithPassword, type NewUser } from '../src/modules/identity/index.ts';
import type { PasswordHasher } from '../src/modules/identity/index.ts';
import { createTestDatabase } from './database.ts';

export const TEST_ORIGIN = 'http://localhost:3000';

export const testConfig: Config = {
  nodeEnv: 'test',
  port: 3000,
  host: '127.0.0.1',
  databaseUrl: undefined,
  dataDir: '/nonexistent-test-data-dir',
  publicUrl: TEST_ORIGIN,
  authSecret: 'test-secret-test-secret-test-secret-0123456789',
  vaultKey: 'test-vault-key-test-vault-key-0123456789',
  logLevel: 'silent',
  rateLimitMax: 10_000,
  assistantRateLimitMax: 1000,
  authRateLimitMax: 10_000,
  publicFormRateLimitMax: 10_000,
  webDistDir: '/nonexistent-web-dist',
  trustProxy: false,
  importMaxBytes: 200 * 1024 * 1024,
  webConcurrency: 1,
  smtpUrl: undefined,
  smsWebhookUrl: undefined,
  mailFrom: 'no-reply@crewdesk.test',
  mailRetryLimit: 2,
  mailRetryDelaySeconds: 1,
  locationAccessToken: undefined,
  locationApiUrl: 'http://127.0.0.1:9/unused',
  nominatimUrl: undefined,
  mapTileUrl: null,
  mapTileAttribution: '',
  stripeSecretKey: undefined,
  stripeWebhookSecret: undefined,
  stripeApiUrl: undefined,
  notificationBurstSeconds: 0,
  webhooksAllowPrivate: false,
  vapid: null,
  backupDir: undefined,
  backupKeep: 7,
  metricsToken: undefined,
};

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/**
 * scrypt as better-auth stores it (salt:key), at a cost 32 times lower. Tests make well over a
 * thousand users a run, each hashed and then checked at sign-in; at the real cost that alone was
 * minutes of CI. The real cost is what the app, the scripts and the e2e tests run.
 */
const CHEAP_PASSWORD_HASHER: PasswordHasher = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    return `${salt}:${(await cheapScrypt(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }) {
    const [salt, key] = hash.split(':');
    if (!salt || !key) return false;
    const expected = Buffer.from(key, 'hex');
    const actual = await cheapScrypt(password, salt);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  },
};

function cheapScrypt(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, 64, { N: 1024, r: 8, p: 1 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** The whole app on a fresh migrated database of its own. */
export async function createTestApp(
  /** Configuration to change, and `now`: the app's clock (a test moves it to make requests expire). */
  overrides: Partial<Config> & { now?: () => Date } = {},
  /** Adds test-only routes before the app is sealed. */
  extend?: (app: FastifyInstance) => void,
): Promise<TestApp> {
  const { now, ...config } = overrides;
  const database = await createTestDatabase();
  const app = await buildApp({
    config: { ...testConfig, ...config },
    database,
    logger: false,
    now,
    passwordHasher: CHEAP_PASSWORD_HASHER,
  });
  extend?.(app);
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A second server on the database of `first`, as a second process behind a load balancer: its
 * own memory, the same data. Close it before `first`.
 */
export async function createSecondTestApp(first: TestApp): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig,
    database: first.database,
    logger: false,
    passwordHasher: CHEAP_PASSWORD_HASHER,
  });
  await app.ready();
  return app;
}

let sequence = 0;

export interface SignedInUser {
  userId: string;
  accountId: string;
  email: string;
  cookie: string;
}

/** A user with `role` in a business account of their own, signed in (its session cookie). */
export async function signedInUser(
  app: FastifyInstance,
  input: Partial<NewUser> & { role?: Role } = {},
): Promise<SignedInUser> {
  sequence += 1;
  const email = input.email ?? `user${sequence}-${Date.now()}@example.test`;
  const password = input.password ?? 'correct-horse-battery';
  const created = await createUserWithPassword(app.auth, app.db, { ...input, email, password });
  const cookie = await signIn(app, email, password);
  return { ...created, cookie };
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN },
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return sessionCookie(res);
}

export function sessionCookie(res: LightMyRequestResponse): string {
  const header = res.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  const session = cookies.find((c) => c.startsWith('crewdesk.session_token='));
  if (!session) throw new Error('no session cookie in the answer');
  return session.split(';')[0] ?? '';
}

/** app.inject with the session cookie and the Origin header better-auth expects. */
export function asUser(app: FastifyInstance, user: { cookie: string }, options: InjectOptions) {
  return app.inject({
    ...options,
    headers: { origin: TEST_ORIGIN, cookie: user.cookie, ...options.headers },
  });
}

/**
 * Another user, signed in, made a member of `owner`'s business with `role` and switched to act for
 * it (their own business stays theirs too).
 */
export async function memberActingFor(
  app: FastifyInstance,
  owner: SignedInUser,
  role: Role,
): Promise<SignedInUser> {
  const user = await signedInUser(app);
  await addMember(app.db, { accountId: owner.accountId, userId: user.userId, role });
  const res = await asUser(app, user, {
    method: 'PUT',
    url: '/api/me/active-account',
    payload: { accountId: owner.accountId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return user;
}
