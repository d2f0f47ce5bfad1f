// `tsx scripts/migrate-test-template.ts URL`: migrates the (empty) PostgreSQL database at URL so
// that several test runs can share it as their template (CREWDESK_TEST_TEMPLATE_DB): CI runs the
// server tests on PostgreSQL in two shards side by side, and they migrate once between them.
import { migratePostgres } from '../test/database.ts';

const url = process.argv[2];
if (!url) {
  console.error('usage: tsx scripts/migrate-test-template.ts postgres://…/database');
  process.exit(2);
}
await migratePostgres(url);
