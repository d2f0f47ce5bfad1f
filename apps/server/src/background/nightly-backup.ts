import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { writeBackupFile, type DumpDatabase } from '../db/backup.ts';
import { QUEUES, startPeriodicRun, type JobQueue } from './queue.ts';

/** The local hour the nightly backup starts at: a quiet time for a field-service business. */
const BACKUP_HOUR = 2;
const NIGHTLY_FILE = /^crewdesk-\d{4}-\d{2}-\d{2}\.tar\.gz$/;

export interface NightlyBackupOptions {
  dump: DumpDatabase;
  dataDir: string;
  backupDir: string;
  keep: number;
}

/** The server's local date as YYYY-MM-DD (Sweden's locale writes dates that way). */
function localDate(at: Date): string {
  return at.toLocaleDateString('sv-SE');
}

/**
 * Writes crewdesk-YYYY-MM-DD.tar.gz into backupDir (once a day: a second run that day finds the
 * file and does nothing), then deletes all but the newest `keep` of them. Answers the file
 * written, or null.
 */
export async function takeNightlyBackup(options: NightlyBackupOptions, now: Date) {
  const file = join(options.backupDir, `crewdesk-${localDate(now)}.tar.gz`);
  if (existsSync(file)) return null;
  await writeBackupFile(options.dump, options.dataDir, file, now);
  await pruneBackups(options.backupDir, options.keep);
  return file;
}

/** Only our own dated files are counted and deleted; anything else in the folder is left alone. */
async function pruneBackups(backupDir: string, keep: number): Promise<void> {
  const ours = (await readdir(backupDir)).filter((name) => NIGHTLY_FILE.test(name)).sort();
  for (const name of ours.slice(0, Math.max(0, ours.length - keep))) {
    await rm(join(backupDir, name), { force: true });
  }
}

/** The next BACKUP_HOUR o'clock, local time, after now. */
export function nextBackupTime(now: Date): Date {
  const next = new Date(now);
  next.setHours(BACKUP_HOUR, 0, 0, 0);
  if (next <= now) next.setDate(next.getDate() + 1);
  return next;
}

/**
 * Every hour, queues the coming night's backup (pg-boss keeps one per night: the key names the
 * night), so a restart never skips nor doubles one. The job runs in whichever process is up.
 */
export async function startNightlyBackup(
  deps: NightlyBackupOptions & { jobs: JobQueue; now: () => Date; log: FastifyBaseLogger },
): Promise<() => void> {
  const { jobs, now, log } = deps;
  return startPeriodicRun(
    jobs,
    QUEUES.nightlyBackup,
    now,
    async () => {
      const file = await takeNightlyBackup(deps, now());
      if (file) log.info({ file }, 'nightly backup written');
    },
    (error) => log.error({ err: error }, 'could not queue the nightly backup'),
    // Queued every hour for the coming night: one job per night, whichever process queues it.
    (at) => {
      const night = nextBackupTime(at);
      return {
        startAfter: night,
        singletonKey: `${QUEUES.nightlyBackup}:${localDate(night)}`,
        singletonSeconds: 24 * 3600,
      };
    },
  );
}
