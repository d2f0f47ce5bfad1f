import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  memberActingFor,
  signedInUser,
  type SignedInUser,
  type TestApp,
} from '../../test/build-app.ts';
import { createJobAs } from '../../test/jobs.ts';
import { FIRST_PAINT_HEADER, SESSION_PRELOAD } from './spa.ts';

// The shape of apps/web/index.html (decision 044): the marks inside #root and the templates.
const INDEX_HTML = `<!doctype html><html><head><title>Crewdesk</title></head><body>
<div id="root"><!-- first-paint --><div role="status">Loading...</div><!-- /first-paint --></div>
    <template data-first-paint="auth"><main>{{brand}}<h1>{{title}}</h1><p>{{description}}</p>{{loading}}</main></template>
    <template data-first-paint="brand"><b>Crewdesk</b></template>
    <template data-first-paint="loading"><div role="status">Loading...</div></template>
    <template data-first-paint="dashboard"><header>{{breadcrumbRow}}</header><h1>{{title}}</h1><p>{{description}}</p>{{actions}}{{toolbar}}</template>
    <template data-first-paint="action-placeholder"><span class="new-job"></span></template>
    <template data-first-paint="calendar-toolbar"><h2><span>{{dayTitle}}</span><span>{{weekTitle}}</span></h2>{{memberFilter}}{{emptyRange}}</template>
    <template data-first-paint="empty-range"><p>{{emptyDay}}{{emptyWeek}}</p></template>
    <template data-first-paint="member-filter"><span class="member"></span></template>
    <template data-first-paint="breadcrumb-row"><div class="crumbs"></div></template>
</body></html>`;
const PLAIN = INDEX_HTML.replace(/\s*<template[\s\S]*<\/template>\n?/, '\n').replace(
  /<!-- \/?first-paint -->/g,
  '',
);

function builtWebApp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'crewdesk-web-'));
  writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  return dir;
}

describe('the first paint of a page (decision 044)', () => {
  let t: TestApp;
  let owner: SignedInUser;
  beforeAll(async () => {
    // A Wednesday afternoon in London; already Thursday in Auckland.
    t = await createTestApp({
      webDistDir: builtWebApp(),
      now: () => new Date('2026-05-06T15:00:00Z'),
    });
    owner = await signedInUser(t.app, { firstName: 'Ola <b>&"' });
  });
  afterAll(() => t.close());

  const page = (url: string, user?: { cookie: string }) =>
    user
      ? asUser(t.app, user, { method: 'GET', url, headers: { 'accept-encoding': 'br' } })
      : t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
  const html = (res: { rawPayload: Buffer }) => brotliDecompressSync(res.rawPayload).toString();

  it('when /auth is opened signed out, then #root holds the sign-in heading, and no template is sent', async () => {
    const res = await page('/auth');
    expect(res.statusCode).toBe(200);
    expect(res.headers[FIRST_PAINT_HEADER]).toBe('1');
    expect(res.headers['cache-control']).toBe('no-cache');
    const body = html(res);
    expect(body).toContain(
      '<div id="root"><div data-first-paint="" data-path="/auth" data-title="Welcome back" data-description="Sign in to manage your contacts, jobs and invoices."><main><b>Crewdesk</b><h1>Welcome back</h1>',
    );
    expect(body).toContain('</p><div role="status">Loading...</div></main>');
    expect(body).not.toContain('<template');
    expect(body).not.toContain('{{');
  });

  it.each(['/auth?mode=sign-up', '/auth?step=forgot-password', '/auth?needsVerification=true'])(
    'when %s opens another step, then the page is sent without a first paint',
    async (url) => {
      const res = await page(url);
      expect(res.headers[FIRST_PAINT_HEADER]).toBeUndefined();
      expect(html(res)).toBe(PLAIN);
    },
  );

  it('when the owner opens /, then the greeting is theirs, its name escaped, with the office line', async () => {
    const res = await page('/', owner);
    const body = html(res);
    expect(res.headers[FIRST_PAINT_HEADER]).toBe('1');
    expect(body).toContain('<h1>Welcome, Ola &lt;b&gt;&amp;&quot;</h1>');
    expect(body).toContain(
      '<p>Today&#39;s work and what the business is owed, each opening the list behind it.</p>',
    );
    expect(body).toContain('data-title="Welcome, Ola &lt;b&gt;&amp;&quot;"');
    expect(body).toContain(`${SESSION_PRELOAD}\n  </head>`);
    // No breadcrumb line on the home.
    expect(body).toContain('<header></header>');
  });

  it('when a team member opens /, then the line is the field home, and /jobs has its heading', async () => {
    const member = await memberActingFor(t.app, owner, 'team_member');
    expect(html(await page('/', member))).toContain(
      '<p>Your visits, your timer and what is new for you.</p>',
    );
    const jobs = html(await page('/jobs', member));
    expect(jobs).toContain('data-path="/jobs"');
    expect(jobs).toContain('<header><div class="crumbs"></div></header><h1>Jobs</h1>');
  });

  it('when a role may not open the screen, then it has no first paint', async () => {
    const sales = await memberActingFor(t.app, owner, 'sales_person');
    const res = await page('/schedule', sales);
    expect(res.headers[FIRST_PAINT_HEADER]).toBeUndefined();
    expect(html(res)).toBe(PLAIN.replace('</head>', `  ${SESSION_PRELOAD}\n  </head>`));
  });

  it("when /schedule is opened by the owner, then its heading and today's titles are drawn", async () => {
    const body = html(await page('/schedule', owner));
    // The business has not set a zone, locale or week start: UTC, en-US, weeks from Monday.
    const titles = '<h2><span>Wednesday, May 6, 2026</span><span>May 4 – 10, 2026</span></h2>';
    expect(body).toContain(
      `<h1>Schedule</h1><p>Who is where, and when.</p><span class="new-job"></span>${titles}<span class="member"></span>`,
    );
    expect(body).toContain(
      'data-day-title="Wednesday, May 6, 2026" data-week-title="May 4 – 10, 2026" data-can-plan="true"',
    );
    // Its visits come with the page: today's day on a phone, its week on a wider screen, asked
    // for as the app asks them (apps/web's get-schedule writes the same address).
    expect(body).toContain(
      [
        SESSION_PRELOAD,
        '<link rel="preload" href="/api/schedule?from=2026-05-06&amp;to=2026-05-06" as="fetch" crossorigin="use-credentials" media="(max-width: 639px)" />',
        '<link rel="preload" href="/api/schedule?from=2026-05-04&amp;to=2026-05-10" as="fetch" crossorigin="use-credentials" media="not all and (max-width: 639px)" />',
        '</head>',
      ].join('\n  '),
    );
  });

  it("when /schedule?member= opens one member's lane, then its titles are drawn but no visits are preloaded", async () => {
    const body = html(await page('/schedule?member=someone', owner));
    expect(body).toContain('<h2><span>Wednesday, May 6, 2026</span>');
    expect(body).toContain(`${SESSION_PRELOAD}\n  </head>`);
    expect(body).not.toContain('/api/schedule');
  });

  it('when the day and week have no visit, then the first paint says so for each; a visit later in the week leaves only the day empty, one today neither', async () => {
    const business = await signedInUser(t.app);
    const emptyOf = async () => {
      const body = html(await page('/schedule', business));
      return {
        day: body.includes(
          '<span class="sm:hidden">Nothing scheduled on this day. Click a time to add a job.</span>',
        ),
        week: body.includes(
          '<span class="hidden sm:inline">Nothing scheduled this week. Click a time to add a job.</span>',
        ),
        data: /data-empty-day="(\w+)" data-empty-week="(\w+)"/.exec(body)?.slice(1),
      };
    };
    expect(await emptyOf()).toEqual({ day: true, week: true, data: ['true', 'true'] });
    // Friday of the same week (Monday to Sunday, in UTC).
    await createJobAs(t.app, business, { startsAt: '2026-05-08T09:00:00' });
    expect(await emptyOf()).toEqual({ day: true, week: false, data: ['true', 'false'] });
    await createJobAs(t.app, business, { startsAt: '2026-05-06T17:00:00' });
    const body = html(await page('/schedule', business));
    expect(body).toContain('data-empty-day="false" data-empty-week="false"');
    expect(body).not.toContain('Nothing scheduled');
  });

  it("when the business writes dates the British way in Auckland, then the titles are its today's", async () => {
    const business = await signedInUser(t.app);
    const profile = await asUser(t.app, business, {
      method: 'PUT',
      url: '/api/business-profile',
      payload: { businessName: 'Harbour Cleaning', timeZone: 'Pacific/Auckland', locale: 'en-GB' },
    });
    expect(profile.statusCode).toBe(200);
    expect(html(await page('/schedule', business))).toContain(
      '<h2><span>Thursday, 7 May 2026</span><span>4 – 10 May 2026</span></h2>',
    );
  });

  it('when a member who does not plan opens /schedule, then the toolbar has no planning parts', async () => {
    const member = await memberActingFor(t.app, owner, 'team_member');
    const body = html(await page('/schedule', member));
    expect(body).toContain('<p>Who is where, and when.</p><h2><span>Wednesday, May 6, 2026</span>');
    expect(body).not.toContain('class="new-job"');
    expect(body).not.toContain('class="member"');
    expect(body).toContain('data-can-plan="false"');
  });

  it.each(['/schedule?view=month', '/schedule?date=2026-05-20'])(
    'when %s opens another range, then only the heading is drawn',
    async (url) => {
      const body = html(await page(url, owner));
      expect(body).toContain('<h1>Schedule</h1><p>Who is where, and when.</p></div>');
      expect(body).not.toContain('<h2>');
      expect(body).not.toContain('/api/schedule');
    },
  );

  it.each(['/auth', '/customers', '/index.html'])(
    'when %s is opened signed in (or has no first paint), then it is the plain page with the preload',
    async (url) => {
      const res = await page(url, owner);
      expect(res.headers[FIRST_PAINT_HEADER]).toBeUndefined();
      expect(html(res)).toBe(PLAIN.replace('</head>', `  ${SESSION_PRELOAD}\n  </head>`));
    },
  );

  it('when a stale session cookie opens /jobs, then there is no first paint and the page still loads', async () => {
    const res = await page('/jobs', { cookie: 'crewdesk.session_token=stale.signature' });
    expect(res.statusCode).toBe(200);
    expect(res.headers[FIRST_PAINT_HEADER]).toBeUndefined();
  });
});
