import type { APIRequestContext } from '@playwright/test';
import { actFor, expect, openPhone, signIn, snap, test } from './fixtures';
import { seriousViolations } from './page-checks';
import { downloadReportCsv, expectCsvMatchesTable, reportTableLines } from './reports';

/**
 * Issue 23's walk on the data of `npm run demo`, which e2e/start-server.mjs seeds before the
 * server starts: Sparkle & Shine Cleaning Co., its owner and Tom Nguyen (team member). The
 * figures come from the API in the same test, never written here: the demo is made relative
 * to the day it runs.
 */
const PASSWORD = 'crewdesk-demo';
const DEMO_OWNER = 'owner@demo.crewdesk.test';
const DEMO_TEAM_MEMBER = 'tom@demo.crewdesk.test';
const BUSINESS = 'Sparkle & Shine Cleaning Co.';

interface ScreenLink {
  path: string;
  query: Record<string, string>;
}
interface Counted {
  count: number;
  link: ScreenLink;
}
interface HomeToday {
  date: string;
  visits: { total: number; done: Counted; inProgress: Counted; late: Counted; toCome: Counted };
}
interface Visit {
  id: string;
  title: string;
  status: string;
  assignees: { userId: string | null }[];
}

const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
const hrefOf = (link: ScreenLink) => {
  const query = new URLSearchParams(link.query).toString();
  return query ? `${link.path}?${query}` : link.path;
};
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function get<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/api${path}`);
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

test("the demo owner's home: today's visits and the overdue total, each tile opening its list", async ({
  page,
}) => {
  await signIn(page, DEMO_OWNER, PASSWORD);
  const today = await get<HomeToday>(page.request, '/home/today');
  const money = await get<{ overdue: Counted & { amountCents: number } }>(
    page.request,
    '/home/money',
  );
  // The demo always has overdue invoices (its invoices are dated from the day it runs).
  expect(money.overdue.count).toBeGreaterThan(0);

  const todayGroup = page.getByRole('region', { name: 'Today' });
  const { visits } = today;
  await expect(
    todayGroup.getByText(
      visits.total === 0
        ? 'No visits today.'
        : `${visits.total} ${visits.total === 1 ? 'visit' : 'visits'} today`,
    ),
  ).toBeVisible();
  const tiles = todayGroup.getByRole('list', { name: "Today's visits" });
  const states = [
    ['Done', visits.done],
    ['In progress', visits.inProgress],
    ['Late', visits.late],
    ['To come', visits.toCome],
  ] as const;
  for (const [label, figure] of states)
    await expect(tiles.getByRole('link', { name: new RegExp(`^${label}`) })).toContainText(
      String(figure.count),
    );
  const overdueTile = page.getByRole('link', { name: /Invoices overdue/ });
  await expect(overdueTile).toContainText(usd(money.overdue.amountCents));
  await expect(overdueTile).toContainText(
    `${money.overdue.count} ${money.overdue.count === 1 ? 'invoice' : 'invoices'}`,
  );
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'demo-home-owner');

  // A tile of today's visits with some (the demo is closed on Sundays): the jobs it names.
  const busy = states.find(([, figure]) => figure.count > 0);
  if (busy) {
    const [label, figure] = busy;
    const listed = await get<{ items: Visit[] }>(
      page.request,
      `/jobs?${new URLSearchParams(figure.link.query).toString()}`,
    );
    expect(listed.items.length).toBeGreaterThan(0);
    await tiles.getByRole('link', { name: new RegExp(`^${label}`) }).click();
    await expect(page).toHaveURL(new RegExp(`${escape(hrefOf(figure.link))}$`));
    const jobsTable = page.getByRole('table', { name: 'Jobs' });
    for (const job of listed.items)
      await expect(jobsTable.locator(`a[href="/jobs/${job.id}"]`).first()).toBeVisible();
    await expect(jobsTable.locator('tbody tr')).toHaveCount(listed.items.length);
    await page.goto('/');
  }

  // The overdue tile: the invoices list filtered to the overdue ones, the API's.
  const overdue = await get<{ items: { number: string }[] }>(
    page.request,
    `/invoices?${new URLSearchParams(money.overdue.link.query).toString()}`,
  );
  expect(overdue.items).toHaveLength(money.overdue.count);
  await page.getByRole('link', { name: /Invoices overdue/ }).click();
  await expect(page).toHaveURL(new RegExp(`${escape(hrefOf(money.overdue.link))}$`));
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('overdue');
  const invoices = page.getByRole('table', { name: 'Invoices' });
  for (const invoice of overdue.items)
    await expect(invoices.getByRole('link', { name: invoice.number })).toBeVisible();
  await expect(invoices.locator('tbody tr')).toHaveCount(overdue.items.length);
});

test("Tom's home shows his visits of today and no one else's", async ({
  page,
  browser,
}, testInfo) => {
  // The office's day, as the owner reads it.
  await signIn(page, DEMO_OWNER, PASSWORD);
  const { date } = await get<HomeToday>(page.request, '/home/today');
  const officeDay = await get<{ items: Visit[] }>(
    page.request,
    `/jobs?${new URLSearchParams({ from: date, to: date }).toString()}`,
  );

  const { context, page: phone, errors } = await openPhone(browser, testInfo);
  await signIn(phone, DEMO_TEAM_MEMBER, PASSWORD);
  await actFor(phone, BUSINESS);
  const me = await get<{ user: { id: string } }>(phone.request, '/me');
  const mine = await get<{ date: string; visits: Visit[] }>(phone.request, '/my-visits');
  expect(mine.date).toBe(date);
  // Each of his visits is his, and the demo gives him some every day it works.
  for (const visit of mine.visits)
    expect(visit.assignees.map((a) => a.userId)).toContain(me.user.id);
  const open = officeDay.items.filter((v) => v.status !== 'cancelled');
  if (open.length > 0) expect(mine.visits.length).toBeGreaterThan(0);

  await phone.goto('/');
  const list = phone.getByRole('list', { name: 'My visits today' });
  if (mine.visits.length === 0) {
    await expect(phone.getByText('No visits for you today.')).toBeVisible();
  } else {
    await expect(list.getByRole('link')).toHaveCount(mine.visits.length);
    for (const visit of mine.visits)
      await expect(list.locator(`a[href="/jobs/${visit.id}"]`)).toBeVisible();
  }
  // The office's other visits of today are not on his home.
  const others = open.filter((v) => !v.assignees.some((a) => a.userId === me.user.id));
  testInfo.annotations.push({
    type: 'demo day',
    description: `${open.length} visits today, ${mine.visits.length} Tom's, ${others.length} others'`,
  });
  for (const visit of others)
    await expect(phone.locator(`a[href="/jobs/${visit.id}"]`)).toHaveCount(0);
  await expect(phone.getByRole('heading', { name: 'Money' })).toHaveCount(0);
  expect(await seriousViolations(phone)).toEqual([]);
  await snap(phone, 'demo-home-team-member');
  expect(errors).toEqual([]);
  await context.close();
});

test('each report on the demo data: its chart and table, the CSV of the same lines, a bar opening its rows', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO_OWNER, PASSWORD);
  for (const [id, title] of [
    ['revenue', 'Revenue'],
    ['receivables', 'Receivables ageing'],
    ['revenue-ahead', 'Revenue ahead'],
    ['quotes', 'Quote conversion'],
    ['jobs', 'Jobs'],
    ['margin', 'Margin'],
    ['team-hours', 'Team hours'],
  ] as const) {
    await test.step(id, async () => {
      await page.goto(`/reports/${id}`);
      const table = page.getByRole('table', { name: title, exact: true });
      await expect(table).toBeVisible();
      const bars = page.locator('.recharts-bar-rectangle');
      await expect(bars.first()).toBeVisible();

      // The CSV link asks for the range on screen; its file has the table's lines.
      const href = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
      expect(href).toMatch(new RegExp(`^/api/reports/${id}\\.csv`));
      const lines = await reportTableLines(table);
      expect(lines.length).toBeGreaterThan(0);
      const csv = await downloadReportCsv(page);
      expect(csv.name).toMatch(/\.csv$/);
      // Known gap: revenue ahead's CSV has no Overdue column (the table's sixth). The demo owner's
      // shift is running: team hours grow by the second between the table and the file.
      expectCsvMatchesTable(csv.lines, lines, {
        notInCsv: id === 'revenue-ahead' ? [5] : [],
        tolerance: id === 'team-hours' ? 0.05 : 0,
      });

      // A bar with rows behind it (a zero or a count has none): the last drawn that opens some.
      const drawn = page.locator('.recharts-bar-rectangle path');
      const dialog = page.getByRole('dialog');
      let opened = false;
      for (let i = (await drawn.count()) - 1; i >= 0 && !opened; i--) {
        await drawn.nth(i).click();
        opened = await dialog
          .waitFor({ state: 'visible', timeout: 1_500 })
          .then(() => true)
          .catch(() => false);
      }
      expect(opened, `a bar of ${id} opens its rows`).toBe(true);
      const rows = dialog.getByRole('list', { name: 'Rows behind the figure' });
      await expect(rows.getByRole('link').first()).toBeVisible();
      await snap(page, `demo-report-${id}-rows`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
