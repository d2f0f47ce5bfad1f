import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type RequestListener } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface StubRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The request's body as text ('' for none). */
  body: string;
  /** The same bytes, for a binary body (an encrypted push message). */
  raw: Buffer;
}

export interface StubAnswer {
  status?: number;
  /** Sent as JSON; a string is sent as is. */
  body: unknown;
}

export interface HttpStub {
  /** http://127.0.0.1:<port>, or https:// for a stub started with TLS. */
  url: string;
  /** The stub's self-signed certificate (PEM) when it speaks TLS: trust it to call it. */
  certificate: string | null;
  requests: StubRequest[];
  /** Answers by path (without query); unknown paths get 404. */
  routes: Map<string, (request: StubRequest) => StubAnswer>;
  close(): Promise<void>;
}

/** A self-signed certificate for 127.0.0.1, made by openssl for this run. */
function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'crewdesk-stub-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-days',
        '1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A real HTTP server on loopback that answers canned JSON and records what it was asked; with
 * `tls`, an HTTPS one (for clients that only speak https, such as Web Push).
 */
export async function startHttpStub(options: { tls?: boolean } = {}): Promise<HttpStub> {
  const tls = options.tls ? selfSignedCertificate() : null;
  const stub: HttpStub = {
    url: '',
    certificate: tls?.cert ?? null,
    requests: [],
    routes: new Map(),
    close: async () => {},
  };
  const handler: RequestListener = async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request: StubRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
      raw: Buffer.concat(chunks),
    };
    stub.requests.push(request);
    const route = stub.routes.get(url.pathname);
    const answer = route ? route(request) : { status: 404, body: { message: 'Not Found' } };
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
    res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
  };
  const server = tls ? createTlsServer(tls, handler) : createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  stub.url = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  stub.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return stub;
}
