import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const readme = join(dirname(fileURLToPath(import.meta.url)), '../../../README.md');

/** Where npm was started, which relative file names are read from. */
export function invocationDir(): string {
  // npm runs workspace scripts in the workspace: relative names are meant from where it started.
  return process.env.INIT_CWD ?? process.cwd();
}

export function stopWith(message: string): never {
  console.error(message);
  process.exit(1);
}

/** On PostgreSQL the database is PostgreSQL's to back up: says so, with the README's section. */
export function printPostgresBackupHelp(): never {
  const text = readFileSync(readme, 'utf8');
  const section = /### With PostgreSQL\n[\s\S]*?(?=\n##)/.exec(text)?.[0];
  stopWith(
    'DATABASE_URL is set: back up PostgreSQL with pg_dump and restore with pg_restore, and keep ' +
      'the uploads folder and AUTH_SECRET too.\n\n' +
      (section ?? 'See "Back up and restore" in README.md.'),
  );
}
