import { createServer } from 'node:http';

export interface TestSmsGateway {
  url: string;
  messages: { to: string; body: string }[];
  /** Answer every request with this status from now on (a gateway that is down). */
  failWith: number | null;
  waitFor(
    predicate: (message: { to: string; body: string }) => boolean,
    timeoutMs?: number,
  ): Promise<{ to: string; body: string }>;
  close(): Promise<void>;
}

/** A real HTTP server on loopback standing in for an SMS gateway (SMS_WEBHOOK_URL). */
export async function startTestSmsGateway(): Promise<TestSmsGateway> {
  const gateway: TestSmsGateway = {
    url: '',
    messages: [],
    failWith: null,
    async waitFor(predicate, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = gateway.messages.find(predicate);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no matching text message within ${timeoutMs} ms`);
    },
    close: async () => {},
  };
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      if (gateway.failWith !== null) {
        response.writeHead(gateway.failWith).end();
        return;
      }
      gateway.messages.push(JSON.parse(body) as { to: string; body: string });
      response.writeHead(202, { 'content-type': 'application/json' }).end('{"queued":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  gateway.url = `http://127.0.0.1:${port}/sms`;
  gateway.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return gateway;
}
