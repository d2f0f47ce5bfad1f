import { chatStreamEventSchema, type ChatInput, type ChatStreamEvent } from '@crewdesk/domain';
import { errorOfResponse } from '@/lib/api-client';

/**
 * One server-sent event block: its `data:` lines joined (comments such as `: keepalive` and other
 * fields are skipped). Null when the block carries no data or no event this app knows.
 */
export function parseEventBlock(block: string): ChatStreamEvent | null {
  const data = block
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5));
  if (data.length === 0) return null;
  let json: unknown;
  try {
    json = JSON.parse(data.join('\n'));
  } catch {
    return null;
  }
  const parsed = chatStreamEventSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/**
 * The events of a text/event-stream body as they arrive: blocks end at a blank line, and a block
 * may be cut anywhere between two chunks (even inside a multi-byte character).
 */
export async function* readChatStream(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<ChatStreamEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      buffer = buffer.replace(/\r\n?/g, '\n');
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const event = parseEventBlock(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (event) yield event;
        end = buffer.indexOf('\n\n');
      }
      if (done) break;
    }
    const last = parseEventBlock(buffer);
    if (last) yield last;
  } finally {
    reader.releaseLock();
  }
}

/**
 * `POST /api/assistant/chat`. An error before the stream starts (bad input, unknown conversation,
 * no model, rate limit or spent budget) is thrown as the server's ApiError; after that, errors come
 * as `error` events. Same-origin with the session cookie, as every other API call.
 */
export async function sendChat(
  input: ChatInput,
  signal?: AbortSignal,
): Promise<AsyncGenerator<ChatStreamEvent>> {
  const response = await fetch('/api/assistant/chat', {
    method: 'POST',
    headers: { Accept: 'text/event-stream', 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
    credentials: 'include',
    signal,
  });
  if (!response.ok) throw await errorOfResponse(response);
  if (!response.body) throw new Error('The answer had no body.');
  return readChatStream(response.body);
}
