import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  migrationsFolder,
  pgliteExtensions,
  wrapPglite,
  wrapPool,
  type Database,
} from '../src/db/client.ts';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';

/**
 * A fresh, migrated database for one test file. Migrations run once per test run into a
 * template, and each file gets a copy: PGlite's clone() in memory, or CREATE DATABASE …
 * TEMPLATE on the PostgreSQL at TEST_DATABASE_URL.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  return url ? createPostgresCopy(url) : createPgliteCopy();
}

let pgliteTemplate: Promise<PGlite> | undefined;

function migratedPgliteTemplate(): Promise<PGlite> {
  pgliteTemplate ??= (async () => {
    const template = await PGlite.create({ extensions: pgliteExtensions });
    await migratePglite(drizzlePglite(template), { migrationsFolder });
    return template;
  })();
  return pgliteTemplate;
}

async function createPgliteCopy(): Promise<Database> {
  const template = await migratedPgliteTemplate();
  return wrapPglite((await template.clone()) as PGlite);
}

let postgresTemplate: Promise<string> | undefined;

function uniqueName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Creates and migrates the template database for a test run (called by test/global-setup.ts,
 * which drops it again at the end). Returns its name.
 */
export async function createPostgresTemplate(url: string): Promise<string> {
  const name = uniqueName('crewdesk_test_template');
  await adminQuery(url, `CREATE DATABASE ${name}`);
  await migratePostgres(withDatabase(url, name));
  return name;
}

/** Runs the migrations on the PostgreSQL database at `url` (a template in the making). */
export async function migratePostgres(url: string): Promise<void> {
  const database = wrapPool(new pg.Pool({ connectionString: url, max: 1 }));
  await database.migrate();
  await database.close();
}

export async function dropDatabase(url: string, name: string): Promise<void> {
  await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

function migratedPostgresTemplate(url: string): Promise<string> {
  const fromGlobalSetup = process.env.CREWDESK_TEST_TEMPLATE_DB;
  postgresTemplate ??= fromGlobalSetup
    ? Promise.resolve(fromGlobalSetup)
    : createPostgresTemplate(url);
  return postgresTemplate;
}

/**
 * A migrated copy of the template on the PostgreSQL at `url`, for a test that hands the address
 * to server processes of its own. `drop` removes it.
 */
export async function createPostgresCopyUrl(
  url: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const template = await migratedPostgresTemplate(url);
  const name = uniqueName('crewdesk_test');
  await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  return { url: withDatabase(url, name), drop: () => dropDatabase(url, name) };
}

async function createPostgresCopy(url: string): Promise<Database> {
  const copy = await createPostgresCopyUrl(url);
  const database = wrapPool(new pg.Pool({ connectionString: copy.url, max: 5 }));
  return {
    ...database,
    // A getter of its own: the spread above copied the pool's `closed` once, as a value.
    get closed() {
      return database.closed;
    },
    async close() {
      await database.close();
      await copy.drop();
    },
  };
}
