import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from './lib/app-error.ts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { rateLimits } from './db/schema/index.ts';
import { createTestApp, TEST_ORIGIN, testConfig, type TestApp } from '../test/build-app.ts';

function builtWebApp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'crewdesk-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><title>Crewdesk</title><div id="root"></div>',
  );
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log("app")');
  return dir;
}

describe('the API server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDistDir: builtWebApp() }, (app) => {
      app.get('/api/test-failures/internal', async () => {
        throw new Error('secret database detail');
      });
      app.get('/api/test-failures/conflict', async () => {
        throw new AppError('CONFLICT', 'Someone else changed this record.');
      });
    });
  });
  afterAll(() => t.close());

  it('when /api/openapi.json is read, then it is a valid OpenAPI 3 document listing the routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const result = await new Validator().validate(doc);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/me', '/api/contact-messages']),
    );
  });

  it('when the API reference is opened, then it is served as HTML', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('when an unknown /api path is asked for, then it answers a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'No API route for GET /api/does-not-exist.',
    });
  });

  it('when an unknown page path is asked for, then the SPA index.html answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/customers/123' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('when a built asset is asked for, then the file is served with a long cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log("app")');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('when a handler fails unexpectedly, then the 500 hides the details', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-failures/internal' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(res.body).not.toContain('secret');
  });

  it('when a handler throws an AppError, then its code maps to the HTTP status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-failures/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'CONFLICT', message: 'Someone else changed this record.' });
  });

  it('when a body is not valid JSON, then it answers 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact-messages',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_REQUEST');
  });

  it('when the home page / is asked for, then index.html answers, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('when a page is served, then the security headers are set', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('when an API answer is sent, then it carries the API set: nothing may run, load or frame it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // The page-only headers stay off the API's answers.
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
  });
});

describe('the rate limiter', () => {
  it('when a client exceeds the limit, then it answers 429 with Retry-After', async () => {
    const t = await createTestApp({ rateLimitMax: 2 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++)
        codes.push((await t.app.inject({ method: 'GET', url: '/api/me' })).statusCode);
      expect(codes).toEqual([401, 401, 429]);
      const limited = await t.app.inject({ method: 'GET', url: '/api/me' });
      expect(limited.headers['retry-after']).toBeDefined();
      expect(limited.json().code).toBe('RATE_LIMITED');
    } finally {
      await t.close();
    }
  });

  it('when a client keeps trying to sign in, then 429 with Retry-After, counted in the database and shared by every server process', async () => {
    const t = await createTestApp({ authRateLimitMax: 2 });
    // A second server process on the same database.
    const other = await buildApp({
      config: { ...testConfig, authRateLimitMax: 2 },
      database: t.database,
      logger: false,
    });
    try {
      const attempt = (app: FastifyInstance) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: { origin: TEST_ORIGIN },
          payload: { email: 'nobody@example.test', password: 'wrong-password' },
        });
      expect((await attempt(t.app)).statusCode).toBe(401);
      expect((await attempt(other)).statusCode).toBe(401);
      const limited = await attempt(t.app);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json()).toEqual({
        code: 'RATE_LIMITED',
        message: 'Too many requests. Please wait a moment and try again.',
      });
      const counters = await t.app.db.select().from(rateLimits);
      expect(counters.some((c) => c.key.includes('/sign-in/email') && c.count === 2)).toBe(true);
      // Other endpoints are not held up by the sign-in counter.
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await other.close();
      await t.close();
    }
  });
});
