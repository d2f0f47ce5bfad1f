import { createServer, type IncomingHttpHeaders } from 'node:http';

export interface StubRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The request's body as text ('' for none). */
  body: string;
}

export interface StubAnswer {
  status?: number;
  /** Sent as JSON; a string is sent as is. */
  body: unknown;
}

export interface HttpStub {
  /** http://127.0.0.1:<port> */
  url: string;
  requests: StubRequest[];
  /** Answers by path (without query); unknown paths get 404. */
  routes: Map<string, (request: StubRequest) => StubAnswer>;
  close(): Promise<void>;
}

/** A real HTTP server on loopback that answers canned JSON and records what it was asked. */
export async function startHttpStub(): Promise<HttpStub> {
  const stub: HttpStub = {
    url: '',
    requests: [],
    routes: new Map(),
    close: async () => {},
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request: StubRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    stub.requests.push(request);
    const route = stub.routes.get(url.pathname);
    const answer = route ? route(request) : { status: 404, body: { message: 'Not Found' } };
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
    res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  stub.url = `http://127.0.0.1:${port}`;
  stub.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return stub;
}
