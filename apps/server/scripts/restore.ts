import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, loadDotEnv, loadStorageConfig } from '../src/config.ts';
import { BackupFileError, DataDirNotEmptyError, restoreBackup } from '../src/db/backup.ts';
import { invocationDir, printPostgresBackupHelp, stopWith } from './backup-help.ts';

/** `npm run restore FILE`: puts a backup back into an empty DATA_DIR (decision 038). */
async function main(): Promise<void> {
  loadDotEnv();
  const storage = loadStorageConfig();
  if (storage.databaseUrl) return printPostgresBackupHelp();
  const given = process.argv[2];
  if (!given) return stopWith('Usage: npm run restore FILE (into an empty DATA_DIR)');
  const file = resolve(invocationDir(), given);
  if (!existsSync(file)) return stopWith(`There is no file ${file}.`);
  await restoreBackup(file, storage.dataDir);
  console.log(`Restored ${file} into ${storage.dataDir}. Start the server on it with npm start.`);
}

main().catch((error: unknown) => {
  const known =
    error instanceof ConfigError ||
    error instanceof BackupFileError ||
    error instanceof DataDirNotEmptyError;
  stopWith(known ? (error as Error).message : `Restore failed: ${String(error)}`);
});
