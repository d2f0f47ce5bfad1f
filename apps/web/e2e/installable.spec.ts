import { expect, test } from './fixtures';

/**
 * Issue 25: the app can be added to a phone's home screen and opens without the network: a valid
 * manifest with its icons, and a service worker that keeps the shell.
 */
test('the manifest is valid and its icons are served at their sizes', async ({ page }) => {
  await page.goto('/auth');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await response.json();
  expect(manifest).toMatchObject({
    name: 'Crewdesk',
    short_name: 'Crewdesk',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#0f766e',
  });
  const png = (
    manifest.icons as { src: string; sizes: string; type: string; purpose?: string }[]
  ).filter((icon) => icon.type === 'image/png');
  expect(png.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );
  for (const icon of png) {
    const size = Number(icon.sizes.split('x')[0]);
    const loaded = await page.evaluate(async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    }, icon.src);
    expect(loaded).toEqual([size, size]);
  }
});

test('the service worker keeps the shell: offline, the app still opens', async ({
  page,
  context,
  consoleErrors,
}) => {
  await page.goto('/auth');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Controlled from the next load on.
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);

  await context.setOffline(true);
  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/Crewdesk/);
  // The API is never taken from the store: offline, it fails rather than answer stale data.
  const api = await page.evaluate(() =>
    fetch('/api/health').then(
      () => 'answered',
      () => 'failed',
    ),
  );
  expect(api).toBe('failed');
  const offlinePage = await page.evaluate(() =>
    caches.match('/offline.html').then((r) => (r ? r.text() : '')),
  );
  expect(offlinePage).toContain('You are offline');
  await context.setOffline(false);
  // Offline, the screen's own API calls fail as they should; nothing else may have failed.
  const offlineFailures = /net::ERR_INTERNET_DISCONNECTED/;
  expect(consoleErrors.filter((e) => offlineFailures.test(e)).length).toBeGreaterThan(0);
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((e) => !offlineFailures.test(e)),
  );
});
