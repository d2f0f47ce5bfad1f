import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError, loadDotEnv, loadStorageConfig } from '../src/config.ts';
import { dumpClosedDatabase, writeBackupFile } from '../src/db/backup.ts';
import { readBackupEndpoint, requestBackup } from '../src/db/backup-endpoint.ts';
import { acquireDataDirLock, DataDirLockedError } from '../src/db/data-dir-lock.ts';
import { printPostgresBackupHelp, invocationDir, stopWith } from './backup-help.ts';

/**
 * `npm run backup [FILE]`: one file with the embedded database and the uploads (decision 038).
 * A running server takes the snapshot itself (it owns the database); else this opens it.
 */
async function main(): Promise<void> {
  loadDotEnv();
  const storage = loadStorageConfig();
  if (storage.databaseUrl) return printPostgresBackupHelp();
  if (!existsSync(join(storage.dataDir, 'pglite'))) {
    return stopWith(`There is no embedded database in ${storage.dataDir} to back up (DATA_DIR).`);
  }
  const file = resolve(invocationDir(), process.argv[2] ?? defaultName(new Date()));
  const started = performance.now();
  const how = await backUp(storage.dataDir, file);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Backed up ${storage.dataDir} to ${file} in ${seconds} s (${how}).`);
}

async function backUp(dataDir: string, file: string): Promise<string> {
  const endpoint = await readBackupEndpoint(dataDir);
  if (endpoint && isAlive(endpoint.pid)) {
    await requestBackup(endpoint, file);
    return `taken by the running server, pid ${endpoint.pid}`;
  }
  let lock: { release(): void };
  try {
    lock = acquireDataDirLock(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    return stopWith(
      `A Crewdesk server (pid ${error.pid}) holds ${dataDir} but offers no backup yet: ` +
        'wait until it has started, then try again.',
    );
  }
  try {
    await writeBackupFile(() => dumpClosedDatabase(dataDir), dataDir, file);
    return 'no server was running';
  } finally {
    lock.release();
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** crewdesk-backup-2026-11-25T17-30-00.tar.gz: sorts by time, no characters shells mind. */
function defaultName(now: Date): string {
  return `crewdesk-backup-${now.toISOString().slice(0, 19).replaceAll(':', '-')}.tar.gz`;
}

main().catch((error: unknown) => {
  stopWith(error instanceof ConfigError ? error.message : `Backup failed: ${String(error)}`);
});
