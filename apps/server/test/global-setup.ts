import { createPostgresTemplate, dropDatabase } from './database.ts';

/**
 * On PostgreSQL, migrate one template database for the whole run and drop it afterwards, unless
 * the caller made one for several runs (CREWDESK_TEST_TEMPLATE_DB, as CI does for its shards):
 * then the caller drops it.
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url || process.env.CREWDESK_TEST_TEMPLATE_DB) return;
  const template = await createPostgresTemplate(url);
  process.env.CREWDESK_TEST_TEMPLATE_DB = template;
  return () => dropDatabase(url, template);
}
