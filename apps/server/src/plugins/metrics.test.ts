import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';

const TOKEN = 'metrics-token-for-the-test';

describe('GET /metrics', () => {
  let off: TestApp;
  let on: TestApp;
  beforeAll(async () => {
    [off, on] = await Promise.all([createTestApp(), createTestApp({ metricsToken: TOKEN })]);
  });
  afterAll(() => Promise.all([off.close(), on.close()]));

  it('when METRICS_TOKEN is not set, then /metrics is not there (404), even with a token', async () => {
    const res = await off.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('http_request_duration_seconds');
  });

  it('when the token is missing or wrong, then it answers 401 and no metrics', async () => {
    for (const authorization of [undefined, 'Bearer not-the-token', TOKEN]) {
      const res = await on.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('when scraped with the token, then it reports request durations by route pattern, queue depth and the mail outbox', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    await on.app.inject({ method: 'GET', url: `/api/customers/${missing}` });
    await on.app.inject({ method: 'GET', url: '/api/health' });

    const res = await on.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/customers\/:id",status_code="401"\} 1/,
    );
    expect(res.body).toContain('route="/api/health",status_code="200"');
    expect(res.body).not.toContain(missing);
    expect(res.body).toMatch(/crewdesk_queue_depth\{queue="send-mail"\} \d+/);
    expect(res.body).toMatch(/crewdesk_mail_outbox\{status="queued"\} \d+/);
    expect(res.body).toContain('process_cpu_user_seconds_total');
  });
});
