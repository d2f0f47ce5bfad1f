import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.ts';

const tempDir = () => mkdtempSync(join(tmpdir(), 'crewdesk-lock-'));

describe('the data dir lock', () => {
  it('when a live process holds the lock, then a second one is refused with a clear error', async () => {
    const dir = tempDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(dir, '.lock'), String(holder.pid));
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(
        `already in use by another Crewdesk process (pid ${holder.pid})`,
      );
    } finally {
      holder.kill();
    }
  });

  it('when the lock was left by a process that is gone, then it is taken over', () => {
    const dir = tempDir();
    writeFileSync(join(dir, '.lock'), '999999999');
    const lock = acquireDataDirLock(dir);
    expect(existsSync(join(dir, '.lock'))).toBe(true);
    lock.release();
    expect(existsSync(join(dir, '.lock'))).toBe(false);
  });
});

// Each test creates PGlite databases on disk (~12 s alone, over 20 s beside the other suites in
// CI): a limit to give up at, not a speed check.
describe('the embedded database', { timeout: 60_000 }, () => {
  it('when it is closed and opened again, then the data written before is still there and the lock is free', async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir });
    await first.db.execute(sql`create table notes (body text)`);
    await first.db.execute(sql`insert into notes values ('kept')`);
    await first.close();
    expect(existsSync(join(dir, '.lock'))).toBe(false);

    const second = await openDatabase({ dataDir: dir });
    try {
      const result = (await second.db.execute(sql`select body from notes`)) as { rows: unknown[] };
      expect(result.rows).toEqual([{ body: 'kept' }]);
    } finally {
      await second.close();
    }
  });

  it('when the same data dir is opened twice in one machine, then the second open is refused', async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir });
    try {
      // Same pid holds it: simulate another process by writing a live foreign pid.
      const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
      try {
        writeFileSync(join(dir, '.lock'), String(holder.pid));
        await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
      } finally {
        holder.kill();
        writeFileSync(join(dir, '.lock'), String(process.pid));
      }
    } finally {
      await first.close();
    }
  });
});
