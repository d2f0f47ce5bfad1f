import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import type { Database } from '../db/client.ts';
import { restoreBackup } from '../db/backup.ts';
import { nextBackupTime, takeNightlyBackup } from './nightly-backup.ts';

describe('the nightly backup', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it.skipIf(process.env.TEST_DATABASE_URL)(
    'when it runs, then it writes the day’s file, keeps the newest N and leaves other files alone',
    { timeout: 60_000 },
    async () => {
      const backupDir = mkdtempSync(join(tmpdir(), 'crewdesk-nightly-'));
      const dataDir = mkdtempSync(join(tmpdir(), 'crewdesk-nightly-data-'));
      for (let day = 10; day <= 19; day++) {
        writeFileSync(join(backupDir, `crewdesk-2026-03-${day}.tar.gz`), 'old');
      }
      writeFileSync(join(backupDir, 'keep-me.txt'), 'not ours');
      const options = {
        dump: () => database.dumpDataDir!(),
        dataDir,
        backupDir,
        keep: 3,
      };
      const now = new Date(2026, 2, 20, 2, 0);

      const file = await takeNightlyBackup(options, now);

      expect(file).toBe(join(backupDir, 'crewdesk-2026-03-20.tar.gz'));
      expect(readdirSync(backupDir).sort()).toEqual([
        'crewdesk-2026-03-18.tar.gz',
        'crewdesk-2026-03-19.tar.gz',
        'crewdesk-2026-03-20.tar.gz',
        'keep-me.txt',
      ]);
      expect(await takeNightlyBackup(options, now)).toBeNull();
      const restored = join(mkdtempSync(join(tmpdir(), 'crewdesk-nightly-restored-')), 'data');
      await expect(restoreBackup(file!, restored)).resolves.toBeUndefined();
    },
  );

  it('when asked for the next run, then it is the coming 2 a.m., local time', () => {
    expect(nextBackupTime(new Date(2026, 2, 20, 1, 59))).toEqual(new Date(2026, 2, 20, 2, 0));
    expect(nextBackupTime(new Date(2026, 2, 20, 2, 0))).toEqual(new Date(2026, 2, 21, 2, 0));
  });
});
