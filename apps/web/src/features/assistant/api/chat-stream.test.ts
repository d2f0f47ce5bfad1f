import { describe, expect, it } from 'vitest';
import { parseEventBlock, readChatStream } from './chat-stream';

function streamOf(chunks: readonly string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function collect(chunks: readonly string[]) {
  const events = [];
  for await (const event of readChatStream(streamOf(chunks))) events.push(event);
  return events;
}

const ID = '0a4b1f2e-5c6d-4e7f-8a9b-0c1d2e3f4a5b';

describe('readChatStream', () => {
  it('when an event is cut across chunks, then it is read whole, in order', async () => {
    const events = await collect([
      'data: {"type":"te',
      'xt","delta":"Hel',
      'lo"}\n',
      '\ndata: {"type":"text","delta":" there"}\n\ndata: {"type":"done","messageId":"',
      `${ID}"}\n\n`,
    ]);
    expect(events).toEqual([
      { type: 'text', delta: 'Hello' },
      { type: 'text', delta: ' there' },
      { type: 'done', messageId: ID },
    ]);
  });

  it('when blank lines and keepalive comments come between events, then they are ignored', async () => {
    const events = await collect([
      ': keepalive\n\n',
      '\n\n',
      'data: {"type":"text","delta":"a"}\r\n\r\n',
      ': ping\n\n',
      'event: message\ndata: {"type":"error","message":"The model did not answer."}\n\n',
    ]);
    expect(events).toEqual([
      { type: 'text', delta: 'a' },
      { type: 'error', message: 'The model did not answer.' },
    ]);
  });

  it('when a multi-byte character is split between chunks, then it arrives intact', async () => {
    const bytes = new TextEncoder().encode('data: {"type":"text","delta":"café ✓"}\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 34));
        controller.enqueue(bytes.slice(34));
        controller.close();
      },
    });
    const events = [];
    for await (const event of readChatStream(body)) events.push(event);
    expect(events).toEqual([{ type: 'text', delta: 'café ✓' }]);
  });

  it('when the stream ends without a blank line, then the last event is still read', async () => {
    expect(await collect(['data: {"type":"text","delta":"end"}'])).toEqual([
      { type: 'text', delta: 'end' },
    ]);
  });
});

describe('parseEventBlock', () => {
  it('when the data is not JSON or not a known event, then it is skipped', () => {
    expect(parseEventBlock('data: not json')).toBeNull();
    expect(parseEventBlock('data: {"type":"unknown"}')).toBeNull();
    expect(parseEventBlock('')).toBeNull();
  });
});
