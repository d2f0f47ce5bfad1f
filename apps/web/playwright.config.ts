import { defineConfig } from '@playwright/test';
import { E2E_MAIL_DIR, E2E_PORT, OWNER, SALES_PERSON, TEAM_MEMBER } from './e2e/test-data';

const CI = Boolean(process.env.CI);

// The specs compute dates as the businesses they create keep them: in UTC until a business
// chooses its zone. So the runner and its workers read UTC whatever this machine's zone is
// (decision 049); the browser lives elsewhere (timezoneId below).
process.env.TZ = 'UTC';

const PHONE_SPECS = [
  'accessibility.spec.ts',
  'shell.spec.ts',
  'requests.spec.ts',
  'contact-page.spec.ts',
  // The business's clock on a phone too (issue 42).
  'time-zone.spec.ts',
];

/**
 * End-to-end tests in Debian's chromium (never a downloaded browser), against
 * a throw-away server that serves the built app (`npm run build` first; the
 * test:e2e script does it when dist is missing or stale).
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: './e2e/.artifacts/test-results',
  // A spec's tests run in order; two workers run specs (or the two widths) side by side on one
  // server. Specs that share a seeded user keep their records apart by name.
  fullyParallel: false,
  workers: 2,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: CI
    ? [['list'], ['html', { open: 'never', outputFolder: './e2e/.artifacts/report' }]]
    : [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    // The browser lives in a zone other than UTC and other than its businesses' (UTC until they
    // choose): every date and time it shows must be the business's, never the device's.
    timezoneId: 'America/Chicago',
    // A trace records screenshots and DOM snapshots of every step: with it Chromium spent 37 s of
    // CPU on one walk, without it 15 s. So it is recorded only when a failed test runs again
    // (CI retries once), and that retry's trace shows the failure.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'desktop-1280',
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'mobile-375',
      // At phone width: every screen's axe and layout walk (signed in and as a visitor), the
      // shell's phone navigation, and the field work done on a phone (pricing an estimate on
      // site, a contact's page). The jobs and invoices walks open their own 375 px browser for
      // the crew member and the client. The other walks (sign-in
      // codes, password reset, team, settings) run the same code at either width, so they run
      // at desktop width only. Decision 019.
      testMatch: PHONE_SPECS,
      use: {
        browserName: 'chromium',
        viewport: { width: 375, height: 812 },
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
  webServer: {
    command: 'node e2e/start-server.mjs',
    url: `http://localhost:${E2E_PORT}/api/health`,
    reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
    timeout: 180_000,
    // SIGTERM lets the server close its database and start-server remove its data folder.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      E2E_PORT: String(E2E_PORT),
      E2E_MAIL_DIR,
      E2E_USERS: JSON.stringify([TEAM_MEMBER, OWNER, SALES_PERSON]),
    },
  },
});
