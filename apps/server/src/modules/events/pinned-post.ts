import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

/** What is read of an answer's body at most: a failed delivery keeps a short excerpt only. */
const MAX_ANSWER_BYTES = 64 * 1024;

export interface PostAnswer {
  status: number;
  body: string;
}

/**
 * POSTs `body` to `url` and reads the answer, connecting only where `lookup` says (the addresses
 * checked before: see assertDeliverable), never following a redirect, and giving up after
 * `timeoutMs`. Node's fetch cannot be told where to connect; http(s).request can.
 */
export function pinnedPost(
  url: string,
  init: {
    headers: Record<string, string>;
    body: string;
    timeoutMs: number;
    lookup?: LookupFunction;
  },
): Promise<PostAnswer> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...init.headers, 'content-length': String(Buffer.byteLength(init.body)) },
        lookup: init.lookup,
        signal: AbortSignal.timeout(init.timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size >= MAX_ANSWER_BYTES) return;
          chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}
