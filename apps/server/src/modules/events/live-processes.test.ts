import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { wrapPool, type Database } from '../../db/client.ts';
import {
  createSecondTestApp,
  signedInUser,
  testConfig,
  type TestApp,
} from '../../../test/build-app.ts';
import { createPostgresCopyUrl } from '../../../test/database.ts';
import { createJobAs } from '../../../test/jobs.ts';
import { openLiveStream, until } from '../../../test/live.ts';
import { freePort, spawnServer, waitForHealth } from '../../../test/server-process.ts';

// The live channel across real processes (issue 18): a change made by one server reaches a
// browser connected to another server process through PostgreSQL's LISTEN/NOTIFY, and a browser
// reconnecting after its server restarted gets what happened meanwhile from the ledger. The
// embedded database allows one process, so this is the suite's PostgreSQL run.
const postgresUrl = process.env.TEST_DATABASE_URL;
const port = await freePort();
const running: ChildProcess[] = [];

afterAll(() => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
});

function startServer(databaseUrl: string) {
  const server = spawnServer({
    DATABASE_URL: databaseUrl,
    WEB_CONCURRENCY: '1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'crewdesk-live-')),
    // The in-test server's secret and address: its session cookie works here too.
    AUTH_SECRET: testConfig.authSecret,
    PUBLIC_URL: testConfig.publicUrl,
    PORT: String(port),
    LOG_LEVEL: 'warn',
  });
  running.push(server.child);
  return server;
}

describe.runIf(postgresUrl)('live updates across server processes (PostgreSQL)', () => {
  it(
    'when a change is made on one server, then a client of another process sees it, and after that process restarts the client catches up',
    { timeout: 180_000 },
    async () => {
      const copy = await createPostgresCopyUrl(postgresUrl!);
      let database: Database | null = null;
      let here: FastifyInstance | null = null;
      try {
        database = wrapPool(new pg.Pool({ connectionString: copy.url, max: 5 }));
        // This test's own server: where the changes are made.
        here = await createSecondTestApp({ database } as TestApp);
        const owner = await signedInUser(here);

        let other = startServer(copy.url);
        await waitForHealth(port, 90_000);
        const stream = openLiveStream(`http://127.0.0.1:${port}`, owner.cookie);
        await stream.ready;

        const first = await createJobAs(here, owner, { title: 'Seen live' });
        await until(
          () => stream.received.some((e) => e.data.subjectId === first.id),
          'the live event',
        );
        const lastSeen = stream.received.at(-1)!.id;
        stream.close();

        // The other process stops; a change is made meanwhile; it starts again.
        other.child.kill('SIGTERM');
        await other.exited;
        const missed = await createJobAs(here, owner, { title: 'Made while away' });
        await here.events.idle();
        other = startServer(copy.url);
        await waitForHealth(port, 90_000);

        const back = openLiveStream(`http://127.0.0.1:${port}`, owner.cookie, lastSeen);
        await back.ready;
        await until(
          () => back.received.some((e) => e.data.subjectId === missed.id),
          'the missed event',
        );
        expect(back.received.every((e) => e.id > lastSeen)).toBe(true);
        expect(back.received.find((e) => e.data.subjectId === missed.id)?.data.type).toBe(
          'job.created',
        );
        back.close();
        other.child.kill('SIGTERM');
        await other.exited;
      } finally {
        await here?.close();
        await database?.close();
        await copy.drop();
      }
    },
  );
});
