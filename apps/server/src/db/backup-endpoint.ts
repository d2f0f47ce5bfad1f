import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { writeBackup, type DumpDatabase } from './backup.ts';

/**
 * The running server owns the embedded database (its data dir is locked), so `npm run backup`
 * asks it for the snapshot (docs/decisions/038). It listens on loopback only, on a port the
 * system picks, never on the app's public port; the port and a random token are in this file,
 * which only the server's user can read: reading it is the permission to take a backup.
 */
export const ENDPOINT_FILE = '.backup-endpoint';

interface EndpointInfo {
  pid: number;
  port: number;
  token: string;
}

/** Starts the loopback backup endpoint; resolves with the function that stops it. */
export async function startBackupEndpoint(
  dataDir: string,
  dump: DumpDatabase,
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  const token = randomBytes(32).toString('hex');
  const server = createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/backup' || !hasToken(request, token)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/gzip' });
    writeBackup(dump, dataDir, response).catch((error: unknown) => {
      onError(error);
      // The client sees a cut-short body and reports the backup as failed.
      response.destroy(error as Error);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const file = join(dataDir, ENDPOINT_FILE);
  const info: EndpointInfo = { pid: process.pid, port, token };
  await writeFile(file, JSON.stringify(info), { mode: 0o600 });
  return async () => {
    await rm(file, { force: true });
    await new Promise<void>((done) => server.close(() => done()));
  };
}

function hasToken(request: IncomingMessage, token: string): boolean {
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The endpoint of the server running on dataDir, or null when none announced one. */
export async function readBackupEndpoint(dataDir: string): Promise<EndpointInfo | null> {
  try {
    return JSON.parse(await readFile(join(dataDir, ENDPOINT_FILE), 'utf8')) as EndpointInfo;
  } catch {
    return null;
  }
}

/** Asks the running server for a backup and writes it into file (via a temporary name). */
export async function requestBackup(endpoint: EndpointInfo, file: string): Promise<void> {
  const partial = `${file}.partial`;
  try {
    const response = await new Promise<IncomingMessage>((done, fail) => {
      const request = httpRequest({
        host: '127.0.0.1',
        port: endpoint.port,
        method: 'POST',
        path: '/backup',
        headers: { authorization: `Bearer ${endpoint.token}` },
      });
      request.once('response', done).once('error', fail).end();
    });
    if (response.statusCode !== 200) {
      throw new Error(`the server answered ${response.statusCode} to the backup request`);
    }
    await pipeline(response, createWriteStream(partial, { mode: 0o600 }));
    // A body cut short by a failure on the server side ends without `complete`.
    if (!response.complete) throw new Error('the server stopped in the middle of the backup');
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
}
