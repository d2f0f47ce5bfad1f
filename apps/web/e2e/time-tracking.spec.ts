import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { addDaysToDate, weekStartOf } from '@crewdesk/domain';
import { format } from 'date-fns';
import { expect, inviteTeamMember, signUp, snap, test, uniqueEmail } from './fixtures';

interface Entry {
  id: string;
  kind: string;
  employeeId: string;
  startedAt: string;
  endedAt: string | null;
}

/** The owner's view of one person's entries between two dates, through the API. */
async function entriesOf(page: Page, employeeId: string, from: string, to: string) {
  const res = await page.request.get(
    `/api/time/entries?employeeId=${employeeId}&from=${from}&to=${to}`,
  );
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: Entry[] }).items;
}

test('a team member times a day on a phone, offline included; the manager approves the week, which locks it, and downloads the payroll with its overtime', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const tag = Math.random().toString(36).slice(2, 6);
  await signUp(page, {
    email: uniqueEmail('time-owner'),
    password: 'correct horse battery',
    firstName: 'Tia',
    lastName: 'Keeper',
    businessName: `Timely Cleaning ${tag}`,
  });
  const crewName = `Cleo Clock${tag}`;
  const crew = await inviteTeamMember(page, browser, testInfo, crewName);
  const phone = crew.phone;
  const today = format(new Date(), 'yyyy-MM-dd');

  // The office plans a visit for today for the crew member (through the API, as the dialog is
  // walked in the jobs spec).
  const team = (await (await page.request.get('/api/team/employees?limit=100')).json()) as {
    items: { id: string; firstName: string }[];
  };
  const crewId = team.items.find((e) => e.firstName === 'Cleo')!.id;
  const job = await page.request.post('/api/jobs', {
    data: {
      title: `Kitchen deep clean ${tag}`,
      location: '12 Elm St, Austin, TX 78701',
      assigneeIds: [crewId],
      startsAt: `${today}T09:00:00`,
      priceCents: 18500,
    },
  });
  expect(job.status(), await job.text()).toBe(201);

  // On the phone: clock in.
  await phone.goto('/time-tracking');
  await expect(phone.getByText('You are clocked out.')).toBeVisible();
  await phone.getByRole('button', { name: 'Clock in' }).click();
  await expect(phone.getByRole('button', { name: 'Clock out' })).toBeVisible();
  const timer = phone.getByRole('status', { name: 'Your timer' });
  await expect(timer).toContainText('Shift');
  await snap(phone, 'time-clocked-in');

  // My visits: the visit's steps time it (travel, then the visit timer over the shift).
  await phone.goto('/jobs');
  const mine = phone.getByRole('list', { name: 'My visits today' });
  await mine.getByRole('button', { name: 'On my way' }).click();
  await mine.getByRole('button', { name: 'Start visit' }).click();
  await expect(mine.getByRole('button', { name: 'Complete visit' })).toBeVisible();
  await phone.goto('/time-tracking');
  await expect(timer).toContainText(`Visit: Kitchen deep clean ${tag}`);
  // No break in the middle of a visit.
  await expect(phone.getByRole('button', { name: 'Finish visit' })).toBeVisible();
  await phone.getByRole('button', { name: 'Finish visit' }).click();
  await expect(phone.getByRole('button', { name: 'Start break' })).toBeVisible();

  // A break, then back.
  await phone.getByRole('button', { name: 'Start break' }).click();
  await expect(timer).toContainText('Break');
  await phone.getByRole('button', { name: 'End break' }).click();
  await expect(phone.getByRole('button', { name: 'Start break' })).toBeVisible();

  // Offline: the clock-out waits on the phone and arrives once when the connection is back.
  await crew.context.setOffline(true);
  await phone.getByRole('button', { name: 'Clock out' }).click();
  await expect(phone.getByText(/1 punch waits on this phone/)).toBeVisible();
  await snap(phone, 'time-offline-punch');
  await crew.context.setOffline(false);
  await expect(phone.getByText(/waits on this phone/)).toBeHidden({ timeout: 20_000 });
  await expect(phone.getByRole('button', { name: 'Clock in' })).toBeVisible();
  // The offline attempt logged failed requests; nothing else may have.
  const unexpected = crew.errors.filter(
    (e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e),
  );
  expect(unexpected).toEqual([]);

  const day = await entriesOf(page, crewId, today, today);
  expect(day.map((e) => e.kind).sort()).toEqual(['break', 'shift', 'travel', 'visit']);
  expect(day.filter((e) => e.kind === 'shift')).toHaveLength(1);
  expect(day.every((e) => e.endedAt !== null)).toBe(true);

  // Last week, the office adds the crew member's five long days (9 h each: 5 h of overtime).
  const thisMonday = weekStartOf(today, 1);
  const lastMonday = addDaysToDate(thisMonday, -7);
  for (let i = 0; i < 5; i++) {
    const date = addDaysToDate(lastMonday, i);
    const added = await page.request.post('/api/time/entries', {
      data: {
        employeeId: crewId,
        kind: 'shift',
        startedAt: `${date}T08:00:00Z`,
        endedAt: `${date}T17:00:00Z`,
        reason: 'Paper timesheet from the week before the app',
      },
    });
    expect(added.status(), await added.text()).toBe(201);
  }

  // The manager sees this week and approves it: its entries are locked.
  await page.goto('/time-tracking');
  const week = page.getByRole('region', { name: 'Team week' });
  await expect(page.getByRole('rowheader', { name: new RegExp(crewName) })).toBeVisible();
  await page.getByRole('button', { name: `Approve: ${crewName}` }).click();
  await expect(page.getByText(`${crewName}: week approved and locked.`)).toBeVisible();
  const shift = day.find((e) => e.kind === 'shift')!;
  const locked = await page.request.patch(`/api/time/entries/${shift.id}`, {
    data: { startedAt: shift.startedAt, endedAt: shift.endedAt, reason: 'Late fix' },
  });
  expect(locked.status()).toBe(409);

  // Last week: approve it, then its payroll file carries 40 regular hours and 5 of overtime.
  await page.getByLabel('Week of').fill(lastMonday);
  const row = page.getByRole('row', { name: new RegExp(crewName) });
  await expect(row).toContainText('40h 00m');
  await expect(row).toContainText('5h 00m');
  await page.getByRole('button', { name: `Approve: ${crewName}` }).click();
  await expect(row).toContainText('Approved');
  await snap(page, 'time-team-week');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Payroll CSV' }).click(),
  ]);
  const csv = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\n');
  expect(csv[0]).toBe(
    'Employee ID,Last Name,First Name,Period Start,Period End,Regular Hours,Overtime Hours,Break Hours,Labor Cost',
  );
  const line = csv.find((l) => l.startsWith(crewId))!.split(',');
  expect(line.slice(1, 3)).toEqual([`Clock${tag}`, 'Cleo']);
  expect(line.slice(3, 7)).toEqual([lastMonday, addDaysToDate(lastMonday, 6), '40.00', '5.00']);
  await expect(week).toBeVisible();
  await crew.context.close();
});
