import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { addDaysToDate, localDateOf } from '@crewdesk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, signedInUser, type TestApp } from '../../test/build-app.ts';
import { addContact, ownEmployeeId } from '../../test/customers.ts';
import { createInvoiceAs } from '../../test/invoices.ts';
import { createJobAs } from '../../test/jobs.ts';
import { BUSINESS_TIME_ZONE, ownerWithBusinessProfile } from '../../test/requests.ts';

const ASSET = `console.log(${JSON.stringify('a hashed chunk of the web app '.repeat(100))});`;
const INDEX_HTML = `<!doctype html><title>Crewdesk</title><div id="root"></div><!-- ${'padding '.repeat(200)} -->`;

/** A built web app as apps/web's build leaves it: a hashed asset and index.html, each with its .br and .gz. */
function builtWebApp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'crewdesk-web-'));
  mkdirSync(join(dir, 'assets'));
  const files = { 'index.html': INDEX_HTML, 'assets/app-abc123.js': ASSET };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
  }
  // Under the threshold: the build writes no variants for it.
  writeFileSync(join(dir, 'assets', 'tiny-def456.js'), 'console.log(1)');
  return dir;
}

describe('compression and caching', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDistDir: builtWebApp() });
  });
  afterAll(() => t.close());

  it('when a hashed asset is asked for with brotli accepted, then its .br is sent, cached for a year, immutable', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(ASSET);
  });

  it('when only gzip is accepted, then the .gz is sent', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(res.rawPayload).toString()).toBe(ASSET);
  });

  it('when a client accepts no encoding, then the plain file is sent', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(ASSET);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('when an asset has no pre-compressed variant, then it is still sent whole, compressed on the fly when asked', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/assets/tiny-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/tiny-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(res.rawPayload).toString()).toBe('console.log(1)');
  });

  it.each(['/', '/index.html', '/customers/123'])(
    'when %s is asked for, then index.html is sent compressed and never cached, the CSP kept',
    async (url) => {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX_HTML);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    },
  );

  it('when a page of 50 contacts is asked for with brotli or gzip, then it is compressed to the same JSON', async () => {
    const owner = await signedInUser(t.app);
    for (let i = 0; i < 50; i += 1) await addContact(t.app, owner);
    const url = '/api/customers?limit=50';
    const plain = await asUser(t.app, owner, { method: 'GET', url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().items).toHaveLength(50);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await asUser(t.app, owner, {
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await asUser(t.app, owner, {
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('when a JSON answer is under 1 KB, then it is sent uncompressed even if compression is accepted', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toBeTypeOf('object');
  });

  it('when a request body is gzip-encoded, then it is not inflated (request bodies are read as before)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact-messages',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ name: 'Ann' })),
    });
    expect(res.statusCode).toBe(400);
  });
  it('when the invoice PDF and a calendar feed are asked for compressed, then they come compressed and intact', async () => {
    const owner = await ownerWithBusinessProfile(t.app);
    const invoice = await createInvoiceAs(t.app, owner);
    const plainPdf = await asUser(t.app, owner, {
      method: 'GET',
      url: `/api/invoices/${invoice.id}/pdf`,
    });
    expect(plainPdf.headers['content-type']).toBe('application/pdf');
    const pdf = await asUser(t.app, owner, {
      method: 'GET',
      url: `/api/invoices/${invoice.id}/pdf`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-encoding']).toBe('gzip');
    const unzipped = gunzipSync(pdf.rawPayload);
    expect(unzipped.subarray(0, 5).toString()).toBe('%PDF-');
    expect(unzipped.length).toBe(plainPdf.rawPayload.length);

    const employeeId = await ownEmployeeId(t.app, owner);
    // The next 20 days of the business: the feed carries the visits around today.
    const today = localDateOf(new Date(), BUSINESS_TIME_ZONE);
    for (let day = 1; day <= 20; day += 1) {
      await createJobAs(t.app, owner, {
        title: `Weekly clean ${day}`,
        assigneeIds: [employeeId],
        startsAt: `${addDaysToDate(today, day)}T10:30:00`,
      });
    }
    const { url } = (
      await asUser(t.app, owner, { method: 'POST', url: '/api/calendar-feed' })
    ).json();
    const path = new URL(url).pathname;
    const plainFeed = await t.app.inject({ method: 'GET', url: path });
    expect(plainFeed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(plainFeed.headers['content-encoding']).toBeUndefined();
    expect(plainFeed.body).toContain('Weekly clean 20');
    const feed = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { 'accept-encoding': 'br' },
    });
    expect(feed.headers['content-encoding']).toBe('br');
    expect(feed.headers['cache-control']).toBe('private, max-age=300');
    // DTSTAMP is the time the feed was made: the two answers may fall a second apart.
    const withoutStamps = (ics: string) => ics.replace(/^DTSTAMP:.*$/gm, 'DTSTAMP:');
    expect(withoutStamps(brotliDecompressSync(feed.rawPayload).toString())).toBe(
      withoutStamps(plainFeed.body),
    );
  });
});
