import type { APIRequestContext } from '@playwright/test';
import { expect, openSettingsSection, signIn, signUp, snap, test, uniqueEmail } from './fixtures';

/**
 * Issue 25: the demo business goes out as one archive and comes back whole into an empty
 * business: the same contacts, requests, visits and invoices, and its pictures.
 */
const DEMO_OWNER = 'owner@demo.crewdesk.test';
const PASSWORD = 'crewdesk-demo';

interface Counts {
  contacts: number;
  requests: number;
  jobs: number;
  invoices: number;
}

/** What a business holds, read through its own lists (capped counts are exact at demo size). */
async function countsOf(request: APIRequestContext): Promise<Counts> {
  const total = async (path: string) => {
    const res = await request.get(`/api${path}`);
    expect(res.status(), path).toBe(200);
    const body = (await res.json()) as {
      total?: number;
      items: unknown[];
      nextCursor: string | null;
    };
    return body.total ?? body.items.length;
  };
  return {
    contacts: await total('/customers?limit=1'),
    requests: await countAll(request, '/requests'),
    jobs: await countAll(request, '/jobs'),
    invoices: await countAll(request, '/invoices'),
  };
}

/** Pages through a keyset list and counts its rows. */
async function countAll(request: APIRequestContext, path: string): Promise<number> {
  let count = 0;
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: '100', ...(cursor ? { cursor } : {}) });
    const res = await request.get(`/api${path}?${query.toString()}`);
    expect(res.status(), path).toBe(200);
    const body = (await res.json()) as { items: unknown[]; nextCursor: string | null };
    count += body.items.length;
    cursor = body.nextCursor;
  } while (cursor);
  return count;
}

test('the demo business, exported, comes back whole into an empty business', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  await signIn(page, DEMO_OWNER, PASSWORD);
  const before = await countsOf(page.request);
  expect(before.contacts).toBeGreaterThan(100);

  await page.goto('/settings');
  await openSettingsSection(page, 'Data');
  await page.getByRole('button', { name: 'Export everything' }).click();
  const download = page.getByRole('link', { name: 'Download' }).first();
  await expect(download).toBeVisible({ timeout: 120_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const archive = testInfo.outputPath('demo-export.zip');
  await file.saveAs(archive);
  await snap(page, 'data-export-ready');

  // A new owner with an empty business imports it, in a browser of their own (signing the demo
  // owner out would end their sessions everywhere, other walks' included): checked, imported.
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const importer = await context.newPage();
  const errors: string[] = [];
  importer.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await signUp(importer, {
    email: uniqueEmail('importer'),
    password: 'correct horse battery',
    firstName: 'Ida',
    lastName: 'Importer',
    businessName: `Imported Sparkle ${Math.random().toString(36).slice(2, 6)}`,
  });
  await importer.goto('/settings');
  await openSettingsSection(importer, 'Data');
  await importer.getByLabel('Archive (.zip)').setInputFiles(archive);
  await importer.getByRole('button', { name: 'Check' }).click();
  await expect(importer.getByText('The archive passed the check.')).toBeVisible({
    timeout: 60_000,
  });
  await importer.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(importer.getByText('The archive was imported:')).toBeVisible({ timeout: 120_000 });
  await snap(importer, 'data-import-done');

  // The imported business lists what the demo lists. Requests are compared with what the
  // archive held: the assistant's walk may add an estimate to the demo meanwhile.
  const after = await countsOf(importer.request);
  expect({ ...after, requests: 0 }).toEqual({ ...before, requests: 0 });
  const archivedRequests = await importer
    .getByText('The archive was imported:')
    .locator('li', { hasText: /^requests: / })
    .textContent();
  expect(archivedRequests).toBe(`requests: ${after.requests}`);
  // Its pictures came with it: every inspection photo opens in the imported business.
  const photos = await inspectionPhotoUrls(importer.request);
  expect(photos.length).toBeGreaterThan(0);
  for (const url of photos) {
    const res = await importer.request.get(url);
    expect(res.status(), url).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^image\//);
  }
  expect(errors).toEqual([]);
  await context.close();
});

/** The URLs of every photo in the business's inspections. */
async function inspectionPhotoUrls(request: APIRequestContext): Promise<string[]> {
  const list = (await (await request.get('/api/inspections?limit=100')).json()) as {
    items: { id: string }[];
  };
  const urls: string[] = [];
  for (const { id } of list.items) {
    const detail = (await (await request.get(`/api/inspections/${id}`)).json()) as {
      answers: { photos: { url: string }[] }[];
    };
    for (const answer of detail.answers) urls.push(...answer.photos.map((p) => p.url));
  }
  return urls;
}
