// `tsx scripts/migrate-test-template.ts URL`: migrates the (empty) PostgreSQL database at URL so
// that several test runs can share it as their template (CREWDESK_TEST_TEMPLATE_DB): CI runs the
// server tests on PostgreSQL in two shards side by side, and they migrate once between them.
import pg from 'pg';
import { wrapPool } from '../src/db/client.ts';

const url = process.argv[2];
if (!url) {
  console.error('usage: tsx scripts/migrate-test-template.ts postgres://…/database');
  process.exit(2);
}
const database = wrapPool(new pg.Pool({ connectionString: url, max: 1 }));
await database.migrate();
await database.close();
