import { expect } from 'vitest';

/**
 * Waits (10 s unless told) until `check` holds: for what a background job, another connection or
 * another process does a moment after the request that caused it.
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  giveUpAfterMs = 10_000,
) {
  const deadline = Date.now() + giveUpAfterMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(await check(), what).toBe(true);
}

export interface LiveEventSeen {
  id: number;
  data: { type: string; subject: string; subjectId: string; notified?: boolean };
}

/**
 * Opens `GET /api/live` with the member's cookie (and the last event id a reconnecting browser
 * sends) and collects the ledger events it streams, parsed as a browser's EventSource would.
 */
export function openLiveStream(baseUrl: string, cookie: string, lastEventId?: number) {
  const controller = new AbortController();
  const received: LiveEventSeen[] = [];
  const ready = fetch(`${baseUrl}/api/live`, {
    headers: {
      cookie,
      ...(lastEventId !== undefined ? { 'last-event-id': String(lastEventId) } : {}),
    },
    signal: controller.signal,
  }).then((res) => {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const pump = async (): Promise<void> => {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const id = /^id: (\d+)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (/^event: ledger$/m.test(block) && id && data)
          received.push({ id: Number(id), data: JSON.parse(data) as LiveEventSeen['data'] });
      }
      return pump();
    };
    void pump().catch(() => {});
  });
  return { received, ready, close: () => controller.abort() };
}
