import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { chatCompletion } from './model-client.ts';

/** A server that writes the given byte pieces as its event stream, one write each. */
async function streamingServer(pieces: Buffer[]): Promise<{ server: Server; baseUrl: string }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    let at = 0;
    const next = () => {
      if (at === pieces.length) return response.end();
      response.write(pieces[at++]);
      setTimeout(next, 2);
    };
    next();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { server, baseUrl: `http://127.0.0.1:${port}/v1` };
}

/** Cuts a text's bytes every `size` bytes: lines, JSON and characters split across writes. */
function cut(text: string, size: number): Buffer[] {
  const bytes = Buffer.from(text);
  const pieces: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size));
  return pieces;
}

const event = (chunk: object) => `data: ${JSON.stringify(chunk)}\r\n\r\n`;
const delta = (d: object) => ({ choices: [{ delta: d }] });

describe('the model client', () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  it('when a stream is cut anywhere (inside lines, JSON and characters), then the text and the tool calls come out whole', async () => {
    const body = [
      ': keep-alive comment',
      '',
      event(delta({ content: 'Crème ' })),
      event(delta({ content: 'brûlée.' })),
      // No index: the call at its position. The name again in a later piece adds nothing.
      event(
        delta({ tool_calls: [{ id: 'a', function: { name: 'schedule', arguments: '{"da' } }] }),
      ),
      event(
        delta({ tool_calls: [{ function: { name: 'schedule', arguments: 'te":"2026-11-25"}' } }] }),
      ),
      event(delta({ tool_calls: [{ index: 1, id: 'b', function: { name: 'receivables' } }] })),
      event({ not: 'a chunk we know' }),
      'data: {broken json\r\n\r\n',
      event({ choices: [], usage: { total_tokens: 77 } }),
      'data: [DONE]\r\n\r\n',
    ].join('\r\n');
    const stand = await streamingServer(cut(body, 7));
    server = stand.server;
    const pieces: string[] = [];
    const turn = await chatCompletion(
      { baseUrl: stand.baseUrl, model: 'm', apiKey: null },
      { messages: [{ role: 'user', content: 'hi' }], tools: [], onText: (d) => pieces.push(d) },
    );
    expect(turn.text).toBe('Crème brûlée.');
    expect(pieces).toEqual(['Crème ', 'brûlée.']);
    expect(turn.toolCalls).toEqual([
      { id: 'a', name: 'schedule', arguments: '{"date":"2026-11-25"}' },
      { id: 'b', name: 'receivables', arguments: '' },
    ]);
    expect(turn.tokens).toBe(77);
  });

  it('when the server reports no usage, then the tokens are estimated from the text', async () => {
    const stand = await streamingServer([Buffer.from(event(delta({ content: 'x'.repeat(40) })))]);
    server = stand.server;
    const turn = await chatCompletion(
      { baseUrl: stand.baseUrl, model: 'm', apiKey: null },
      { messages: [{ role: 'user', content: 'y'.repeat(40) }], tools: [] },
    );
    expect(turn.tokens).toBe(20);
  });

  it('when nothing listens at the address, then the error says where it tried', async () => {
    await expect(
      chatCompletion(
        { baseUrl: 'http://127.0.0.1:9/v1', model: 'm', apiKey: null },
        { messages: [{ role: 'user', content: 'hi' }], tools: [] },
      ),
    ).rejects.toThrow('Could not reach the model at http://127.0.0.1:9/v1/chat/completions');
  });
});
