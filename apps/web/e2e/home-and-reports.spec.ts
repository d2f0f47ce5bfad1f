import type { APIRequestContext } from '@playwright/test';
import { format, subDays } from 'date-fns';
import {
  expect,
  inviteTeamMember,
  SALES_PERSON,
  signIn,
  signUp,
  snap,
  test,
  uniqueEmail,
} from './fixtures';
import { pageWidthProblem, seriousViolations } from './page-checks';
import { acceptedQuote, addClient } from './records';
import { downloadReportCsv, reportTableLines } from './reports';

const day = (date: Date) => format(date, 'yyyy-MM-dd');

/** A sent invoice of one $`dollars` line, issued on `issued` with 30 days to pay. */
async function sentInvoice(
  request: APIRequestContext,
  client: { id: string; email: string },
  clientName: string,
  dollars: number,
  issued: Date,
) {
  const created = await request.post('/api/invoices', {
    data: {
      customerId: client.id,
      clientName,
      clientEmail: client.email,
      issueDate: day(issued),
      paymentTerms: 'net_30',
      lineItems: [{ description: 'Deep clean', quantity: 1, unitPriceCents: dollars * 100 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const invoice = (await created.json()) as { id: string; number: string };
  const sent = await request.post(`/api/invoices/${invoice.id}/send`, {
    data: { to: client.email },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  return invoice;
}

test("the owner's home shows today's visits and the overdue total and opens the filtered list; a team member's home shows only their visits; the revenue report's chart and table open the rows behind a figure", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const tag = Math.random().toString(36).slice(2, 6);
  await signUp(page, {
    email: uniqueEmail('home-owner'),
    password: 'correct horse battery',
    firstName: 'Hana',
    lastName: 'Home',
    businessName: `Home Cleaning ${tag}`,
  });
  const crew = await inviteTeamMember(page, browser, testInfo, `Cleo Crew${tag}`);

  // Today's work: one visit for the crew member, one for nobody; money: one invoice overdue,
  // one issued today and part paid.
  const request = page.request;
  const client = await addClient(request, 'Hugo', `Client${tag}`);
  const clientName = `Hugo Client${tag}`;
  const options = (await (await request.get('/api/team/employees/options')).json()) as {
    id: string;
    firstName: string;
  }[];
  const cleo = options.find((o) => o.firstName === 'Cleo');
  expect(cleo).toBeDefined();
  const today = day(new Date());
  for (const [title, assigneeIds] of [
    [`Crew visit ${tag}`, [cleo!.id]],
    [`Office visit ${tag}`, []],
  ] as const) {
    const job = await request.post('/api/jobs', {
      data: {
        title,
        customerId: client.id,
        location: '12 Elm St, Austin, TX 78701',
        startsAt: `${today}T23:00:00`,
        priceCents: 15_000,
        assigneeIds,
      },
    });
    expect(job.status(), await job.text()).toBe(201);
  }
  const overdue = await sentInvoice(request, client, clientName, 400, subDays(new Date(), 45));
  const current = await sentInvoice(request, client, clientName, 250, new Date());
  const paid = await request.post(`/api/invoices/${current.id}/payments`, {
    data: { amountCents: 15_000, method: 'check', paidOn: today },
    headers: { 'Idempotency-Key': `home-${tag}` },
  });
  expect(paid.status(), await paid.text()).toBe(201);

  // The owner's home: today's visits and the money, each tile opening its list.
  await page.goto('/');
  const todayGroup = page.getByRole('region', { name: 'Today' });
  await expect(todayGroup.getByText('2 visits today')).toBeVisible();
  // Done, in progress, late or to come depends on the hour the walk runs: the total does not.
  const overdueTile = page.getByRole('link', { name: /Invoices overdue/ });
  await expect(overdueTile).toContainText('$400.00');
  await expect(overdueTile).toContainText('1 invoice');
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'home-owner');
  await overdueTile.click();
  await expect(page).toHaveURL(/\/invoices\?status=overdue$/);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('overdue');
  const invoices = page.getByRole('table', { name: 'Invoices' });
  await expect(invoices.getByRole('link', { name: overdue.number })).toBeVisible();
  await expect(invoices.getByRole('link', { name: current.number })).toHaveCount(0);

  // The crew member's home, on their phone: their visit, not the office's.
  await crew.phone.goto('/');
  const mine = crew.phone.getByRole('list', { name: 'My visits today' });
  await expect(mine.getByRole('link', { name: new RegExp(`Crew visit ${tag}`) })).toBeVisible();
  await expect(crew.phone.getByText(`Office visit ${tag}`)).toHaveCount(0);
  await expect(crew.phone.getByRole('heading', { name: 'Money' })).toHaveCount(0);
  await expect(crew.phone.getByRole('link', { name: /No timer running/ })).toBeVisible();
  await snap(crew.phone, 'home-team-member');
  expect(await pageWidthProblem(crew.phone)).toBeNull();
  expect(await seriousViolations(crew.phone)).toEqual([]);
  expect(crew.errors).toEqual([]);
  await crew.context.close();

  // The revenue report: its chart and table, and the rows behind a bar and behind a figure.
  await page.goto('/reports');
  const table = page.getByRole('table', { name: 'Revenue' });
  await expect(table).toBeVisible();
  const bars = page.locator('.recharts-bar-rectangle');
  await expect(bars.first()).toBeVisible();
  const thisMonth = format(new Date(), 'MMM yyyy');
  await expect(table.getByRole('row', { name: new RegExp(thisMonth) })).toContainText('$250.00');
  await expect(table.getByRole('row', { name: /Total/ })).toContainText('$650.00');
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'reports-revenue');

  // Printed: the chart and the table, without the navigation and the controls.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Reports' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Download CSV' })).toBeHidden();
  await expect(table).toBeVisible();
  await expect(bars.first()).toBeVisible();
  await snap(page, 'reports-revenue-print');
  await page.emulateMedia({ media: 'screen' });

  // A bar: the last one drawn is this month's collected (the payment of today).
  await bars.last().click();
  let dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link').first()).toHaveAttribute('href', /\/invoices\//);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The same from the keyboard: the table's figure is a button.
  const figure = page.getByRole('button', {
    name: `Invoices, ${thisMonth}: $250.00, show the rows`,
  });
  await figure.focus();
  await page.keyboard.press('Enter');
  dialog = page.getByRole('dialog', { name: `Invoices, ${thisMonth}` });
  const row = dialog.getByRole('link', { name: new RegExp(current.number) });
  await expect(row).toHaveAttribute('href', `/invoices/${current.id}`);
  await expect(row).toContainText(clientName);
  await snap(page, 'reports-revenue-rows');
  await page.keyboard.press('Escape');

  // Receivables: the overdue invoice in its bucket.
  await page
    .getByRole('navigation', { name: 'Reports' })
    .getByRole('link', { name: 'Receivables ageing' })
    .click();
  const ageing = page.getByRole('table', { name: 'Receivables ageing' });
  await expect(ageing.getByRole('row', { name: new RegExp(clientName) })).toContainText('$500.00');
  await snap(page, 'reports-receivables');

  // The revenue report's CSV: the same lines as the table, then its Total line.
  await page
    .getByRole('navigation', { name: 'Reports' })
    .getByRole('link', { name: 'Revenue', exact: true })
    .click();
  await expect(table).toBeVisible();
  const tableLines = await reportTableLines(table);
  const { name: csvName, lines: csvLines } = await downloadReportCsv(page);
  expect(csvName).toMatch(/^revenue-.*\.csv$/);
  const plain = (text: string) => text.replace(/[$,]/g, '');
  // The table's columns: Period, Invoiced, Invoices, Tax, Collected, Tips, Refunds.
  const asCsv = (line: string[]) => [line[3], line[4], line[5], line[6], line[8], line[9]];
  expect(csvLines.slice(1).map(asCsv)).toEqual(
    tableLines.map((cells) => cells.slice(1).map(plain)),
  );
  expect(csvLines.at(-1)?.[0]).toBe('Total');
  expect(tableLines.at(-1)?.[0]).toBe('Total');

  // A quote sent today and four hours of the crew member's yesterday: quote conversion and
  // team hours each have a table and a chart.
  const quote = await acceptedQuote(request, clientName, client.id);
  const mailed = await request.post('/api/functions/send-estimate-email', {
    data: {
      recipientEmail: client.email,
      estimateId: quote.id,
      clientName,
      shareToken: quote.shareToken,
      amount: quote.amountCents / 100,
      expirationDate: day(new Date()),
      isQuote: true,
    },
  });
  expect(mailed.status(), await mailed.text()).toBe(200);
  const yesterday = day(subDays(new Date(), 1));
  const shift = await request.post('/api/time/entries', {
    data: {
      employeeId: cleo!.id,
      kind: 'shift',
      startedAt: `${yesterday}T08:00:00Z`,
      endedAt: `${yesterday}T12:00:00Z`,
      reason: 'Paper timesheet',
    },
  });
  expect(shift.status(), await shift.text()).toBe(201);

  const reportsNav = page.getByRole('navigation', { name: 'Reports' });
  await reportsNav.getByRole('link', { name: 'Quote conversion' }).click();
  const quotes = page.getByRole('table', { name: 'Quote conversion' });
  await expect(quotes.getByRole('row', { name: /Total/ })).toBeVisible();
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'By sales person' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'reports-quotes');

  await reportsNav.getByRole('link', { name: 'Team hours' }).click();
  const hours = page.getByRole('table', { name: 'Team hours' });
  await expect(hours.getByRole('row', { name: /Cleo/ })).toContainText('4.00');
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'reports-team-hours');

  // Scheduled mail, for the owner: the section is there and its dialog opens.
  await expect(page.getByRole('heading', { name: 'Schedule by e-mail' })).toBeVisible();
  await page.getByRole('button', { name: 'Schedule a report' }).click();
  const scheduleDialog = page.getByRole('dialog', { name: 'Schedule a report' });
  await expect(scheduleDialog.getByRole('checkbox').first()).toBeVisible();
  // The dialog fades in: axe reads the colours once it has.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
  );
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'reports-schedule-dialog');
  await page.keyboard.press('Escape');

  // The same screens at phone width, for the eye (and nothing runs past the screen).
  const phone = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    storageState: await page.context().storageState(),
  });
  const small = await phone.newPage();
  await small.goto('/');
  await expect(small.getByRole('link', { name: /Invoices overdue/ })).toContainText('$400.00');
  await snap(small, 'home-owner');
  expect(await pageWidthProblem(small)).toBeNull();
  await small.goto('/reports/revenue');
  await expect(small.getByRole('table', { name: 'Revenue' })).toBeVisible();
  await expect(small.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await snap(small, 'reports-revenue');
  expect(await pageWidthProblem(small)).toBeNull();
  for (const [name, title] of [
    ['quotes', 'Quote conversion'],
    ['team-hours', 'Team hours'],
  ] as const) {
    await small.goto(`/reports/${name}`);
    await expect(small.getByRole('table', { name: title })).toBeVisible();
    await expect(small.locator('.recharts-bar-rectangle').first()).toBeVisible();
    await snap(small, `reports-${name}`);
    expect(await pageWidthProblem(small)).toBeNull();
  }
  // The other three answer too, each with its table, or its empty state where this business has
  // nothing of the kind (no completed visit yet for the margin).
  for (const [name, title, empty] of [
    ['jobs', 'Jobs', 'No visits in this range'],
    ['margin', 'Margin', 'No completed visits in this range'],
    ['revenue-ahead', 'Revenue ahead', 'Nothing on the schedule and nothing owed'],
  ] as const) {
    await small.goto(`/reports/${name}`);
    await expect(small.getByRole('heading', { name: title, exact: true })).toBeVisible();
    await expect(
      small.getByRole('table', { name: title, exact: true }).or(small.getByText(empty)),
    ).toBeVisible();
    expect(await pageWidthProblem(small)).toBeNull();
    expect(await seriousViolations(small)).toEqual([]);
  }
  await small.getByRole('button', { name: 'Schedule a report' }).click();
  await expect(small.getByRole('dialog', { name: 'Schedule a report' })).toBeVisible();
  await snap(small, 'reports-schedule-dialog');
  expect(await pageWidthProblem(small)).toBeNull();
  await phone.close();

  // A sales person's home: their pipeline from /api/home/my-pipeline, on a phone.
  const salesContext = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  });
  const sales = await salesContext.newPage();
  const salesErrors: string[] = [];
  sales.on('console', (m) => {
    if (m.type() === 'error') salesErrors.push(m.text());
  });
  await signIn(sales, SALES_PERSON.email, SALES_PERSON.password);
  const pipelineGroup = sales.getByRole('region', { name: 'My pipeline' });
  await expect(pipelineGroup).toBeVisible();
  const stageTiles = pipelineGroup.getByRole('list', { name: 'My pipeline' }).getByRole('link');
  await expect(stageTiles.first()).toHaveAttribute(
    'href',
    /^\/sales\?view=list&owner=me&stage=new$/,
  );
  await expect(stageTiles).toHaveCount(4);
  await expect(
    pipelineGroup.getByRole('list', { name: 'My follow-ups' }).getByRole('link'),
  ).toHaveCount(2);
  await expect(sales.getByText('Loading...')).toHaveCount(0);
  expect(await seriousViolations(sales)).toEqual([]);
  await snap(sales, 'home-sales-person');
  expect(await pageWidthProblem(sales)).toBeNull();
  expect(salesErrors).toEqual([]);
  await salesContext.close();
});
