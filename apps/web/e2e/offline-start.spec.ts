import type { Browser, Page, TestInfo } from '@playwright/test';
import { expect, inviteTeamMember, signIn, signUp, snap, test, uniqueEmail } from './fixtures';
import { pageWidthProblem, seriousViolations } from './page-checks';
import { addClient, assignedVisit, employeeIdOf } from './records';

/** What the browser logs for requests made with no connection: expected, and only those. */
const OFFLINE_FAILURES =
  /ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch|Failed to load resource/;

/** The main routes of the dashboard, each reloaded with no connection. */
const MAIN_ROUTES = ['/', '/jobs', '/schedule', '/customers', '/invoices', '/time-tracking'];

async function checkScreen(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
  expect(await pageWidthProblem(page)).toBeNull();
}

/** The first online visit done: the service worker has installed (its files kept) and controls. */
async function serviceWorkerReady(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);
}

/**
 * Whether the phone keeps its visits (runs in the page). The database is opened only once the app
 * has made it: opening it first would make it empty, without the app's stores.
 */
async function fieldPackKept(): Promise<boolean> {
  const made = await indexedDB.databases();
  if (!made.some((d) => d.name === 'crewdesk-device')) return false;
  return new Promise<boolean>((resolve) => {
    const open = indexedDB.open('crewdesk-device');
    open.onerror = () => resolve(false);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('kept')) {
        db.close();
        resolve(false);
        return;
      }
      const read = db.transaction('kept').objectStore('kept').get('field-pack');
      read.onsuccess = () => {
        db.close();
        resolve(read.result !== undefined);
      };
      read.onerror = () => {
        db.close();
        resolve(false);
      };
    };
  });
}

/** The office's own computer at 1280 px, signed in, collecting what it logs. */
async function officeComputer(browser: Browser, testInfo: TestInfo, email: string) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  await signIn(page, email, 'correct horse battery');
  // The session's copy is kept once the app has drawn the signed-in screen.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('crewdesk.auth.session-copy') !== null))
    .toBe(true);
  return { context, page, errors };
}

test('the installed app opens with no signal: the office gets its shell, a banner and honest states on every main route; the crew gets the visits kept on the phone', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const tag = Math.random().toString(36).slice(2, 6);
  const email = uniqueEmail('offline-start');
  await signUp(page, {
    email,
    password: 'correct horse battery',
    firstName: 'Nia',
    lastName: 'Nosignal',
    businessName: `No Signal Cleaning ${tag}`,
  });
  const crew = await inviteTeamMember(page, browser, testInfo, `Cruz Cellar${tag}`);
  const crewId = await employeeIdOf(page.request, 'Cruz');
  const client = await addClient(page.request, 'Lea', `Lowsignal${tag}`);
  const title = `Attic clean ${tag}`;
  await assignedVisit(page.request, {
    customerId: client.id,
    assigneeId: crewId,
    title,
    inMinutes: 60,
    durationMinutes: 90,
  });

  // The office: one online visit, then every main route reloaded with no connection.
  const office = await officeComputer(browser, testInfo, email);
  await serviceWorkerReady(office.page);
  await office.context.setOffline(true);
  for (const path of MAIN_ROUTES) {
    await office.page.goto(path);
    await expect(office.page.getByText(/^You are offline\./)).toBeVisible();
    await expect(
      office.page.getByRole('heading', { name: 'Not available offline', level: 2 }),
    ).toBeVisible();
    await expect(office.page.getByText('Something went wrong')).toHaveCount(0);
    // The shell is there: its navigation works from the kept copy.
    await expect(office.page.getByRole('link', { name: 'Jobs' }).first()).toBeVisible();
  }
  // The sign-in page, for someone signed in on this device, leads into the app.
  await office.page.goto('/auth');
  await expect(office.page).toHaveURL(/\/$/);
  await expect(office.page.getByText(/^You are offline\./)).toBeVisible();
  await checkScreen(office.page);
  await snap(office.page, 'offline-start-office');
  // Back online, the real session and the home return on their own.
  await office.context.setOffline(false);
  await expect(office.page.getByRole('heading', { level: 1, name: 'Welcome, Nia' })).toBeVisible();
  await expect(office.page.getByText(/^You are offline\./)).toHaveCount(0);
  expect(office.errors.filter((e) => !OFFLINE_FAILURES.test(e))).toEqual([]);
  await office.context.close();

  // The crew's phone: its first online visit keeps today's visits, then it opens with no signal.
  const phone = crew.phone;
  await phone.goto('/');
  await expect(phone.getByRole('heading', { level: 1, name: /Cruz/ })).toBeVisible();
  await serviceWorkerReady(phone);
  await expect
    .poll(() => phone.evaluate(fieldPackKept), {
      timeout: 45_000,
      message: "today's visits kept on the phone",
    })
    .toBe(true);
  await crew.context.setOffline(true);
  await phone.reload();
  await expect(phone).toHaveURL(/\/visits$/);
  await expect(phone.getByRole('link', { name: title })).toBeVisible();
  await checkScreen(phone);
  await snap(phone, 'offline-start-crew');
  await phone.goto('/jobs');
  await expect(
    phone.getByRole('heading', { name: 'Not available offline', level: 2 }),
  ).toBeVisible();
  await expect(phone.getByRole('link', { name: 'Open my visits' })).toBeVisible();
  await checkScreen(phone);
  await crew.context.setOffline(false);
  expect(crew.errors.filter((e) => !OFFLINE_FAILURES.test(e))).toEqual([]);
  await crew.context.close();
});
