import type { Page } from '@playwright/test';
import { expect, inviteTeamMember, openPhone, signUp, snap, test, uniqueEmail } from './fixtures';
import { waitForMail } from './mail';
import { pageWidthProblem, seriousViolations } from './page-checks';
import { addClient, assignedVisit, employeeIdOf } from './records';

/** A real 1×1 PNG. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Failures the browser logs while offline, or for the answer the walk cuts on purpose. */
const EXPECTED_FAILURES = /ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch/;

async function checkScreen(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
  expect(await pageWidthProblem(page)).toBeNull();
}

test("a crew member works today's visit on a phone with no signal: ticks, a photo, a note and the steps wait on the phone, then arrive once; the client reports a problem on the proof page", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const tag = Math.random().toString(36).slice(2, 6);
  await signUp(page, {
    email: uniqueEmail('offline-owner'),
    password: 'correct horse battery',
    firstName: 'Olga',
    lastName: 'Office',
    businessName: `Basement Cleaners ${tag}`,
  });
  const crew = await inviteTeamMember(page, browser, testInfo, `Cody Cellar${tag}`);
  const phone = crew.phone;

  const crewId = await employeeIdOf(page.request, 'Cody');
  const client = await addClient(page.request, 'Bea', `Basement${tag}`);
  const title = `Basement deep clean ${tag}`;
  const jobId = await assignedVisit(page.request, {
    customerId: client.id,
    assigneeId: crewId,
    title,
    inMinutes: 30,
    durationMinutes: 120,
    notes: 'Use the side door; the stairs are steep.',
    checklist: ['Vacuum the stairs', 'Mop the floor'],
  });

  // Online: the phone loads its visits (and the service worker takes the page from the next load).
  await phone.goto('/visits');
  await phone.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await phone.reload();
  await expect
    .poll(() => phone.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);
  await expect(phone.getByRole('heading', { name: 'My visits', level: 1 })).toBeVisible();
  await expect(phone.getByText('All changes saved')).toBeVisible();
  await checkScreen(phone);
  await snap(phone, 'offline-visits-list');

  // No signal: the visit opens from the phone's copy, even after a reload.
  await crew.context.setOffline(true);
  await phone.reload();
  await expect(phone.getByText('Offline', { exact: true })).toBeVisible();
  await phone.getByRole('link', { name: title }).click();
  await expect(phone.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(phone.getByText('Use the side door; the stairs are steep.')).toBeVisible();

  await phone.getByRole('button', { name: 'On my way' }).click();
  await phone.getByRole('button', { name: 'Start visit' }).click();
  await phone.getByRole('checkbox', { name: 'Vacuum the stairs' }).check();
  await phone.getByRole('checkbox', { name: 'Mop the floor' }).check();
  await phone.getByRole('radio', { name: 'After' }).check();
  await phone.locator('input[type="file"]').setInputFiles({
    name: 'floor.png',
    mimeType: 'image/png',
    buffer: PHOTO,
  });
  await expect(phone.getByText('1 photo waiting to be sent')).toBeVisible();
  await phone.getByLabel('Add a note').fill('Side gate was open when I arrived.');
  await phone.getByRole('button', { name: 'Save note' }).click();
  await phone.getByRole('button', { name: 'Complete visit' }).click();
  await expect(phone.getByText('Completed', { exact: true })).toBeVisible();
  // Seven things the worker did: three steps, two ticks, a photo and a note. The steps' timer
  // punches wait beside them, as part of the same taps, and are not counted again.
  await expect(phone.getByTestId('changes-waiting')).toHaveText('7 changes waiting');
  await checkScreen(phone);
  await snap(phone, 'offline-visit-worked');

  // Still there after a reload with no signal.
  await phone.reload();
  await expect(phone.getByRole('checkbox', { name: 'Mop the floor' })).toBeChecked();
  await expect(phone.getByTestId('changes-waiting')).toHaveText('7 changes waiting');

  // Back online, the first answer is lost on the way back (the server has the changes): the
  // phone keeps them, sends them again, and the server applies nothing twice.
  let cut = 0;
  await phone.route('**/api/field/changes', async (route) => {
    if (cut > 0) return route.continue();
    cut += 1;
    await route.fetch();
    await route.abort('failed');
  });
  await crew.context.setOffline(false);
  await expect.poll(() => cut).toBe(1);
  await phone.getByRole('button', { name: 'Send now' }).click();
  await expect(phone.getByText('All changes saved')).toBeVisible({ timeout: 30_000 });
  await phone.unroute('**/api/field/changes');

  const job = (await (await page.request.get(`/api/jobs/${jobId}`)).json()) as {
    status: string;
    checklist: { done: boolean }[];
    photos: { label: string }[];
    history: { kind: string; detail: { text?: string } | null }[];
  };
  expect(job.status).toBe('completed');
  expect(job.checklist.map((item) => item.done)).toEqual([true, true]);
  expect(job.photos.map((p) => p.label)).toEqual(['after']);
  const kinds = job.history.map((event) => event.kind);
  expect(kinds.filter((k) => k === 'note_added')).toHaveLength(1);
  expect(kinds.filter((k) => k === 'checklist_checked')).toHaveLength(2);
  expect(kinds.filter((k) => k === 'photo_added')).toHaveLength(1);
  expect(kinds.filter((k) => k === 'status_changed')).toHaveLength(3);
  expect(crew.errors.filter((e) => !EXPECTED_FAILURES.test(e))).toEqual([]);

  // The client opens the proof of service from its automatic e-mail and reports a problem.
  const mail = await waitForMail(client.email, (m) => m.subject.includes(title));
  const link = mail.links.find((l) => l.includes('/proof/'));
  expect(link, mail.text).toBeDefined();
  const clientPhone = await openPhone(browser, testInfo);
  await clientPhone.page.goto(link!);
  await clientPhone.page.getByRole('button', { name: 'Report a problem' }).click();
  await clientPhone.page.getByLabel('What went wrong?').fill('The stairs were still dusty.');
  await clientPhone.page.getByRole('button', { name: 'Send the report' }).click();
  await expect(clientPhone.page.getByText(/You reported a problem on/)).toBeVisible();
  expect(clientPhone.errors).toEqual([]);
  await clientPhone.context.close();

  await page.goto(`/jobs/${jobId}`);
  await expect(
    page.getByText('The client reported a problem: “The stairs were still dusty.”'),
  ).toBeVisible();
  await expect(page.getByText('Side gate was open when I arrived.')).toBeVisible();

  // The list at desktop width.
  await crew.context.close();
  await page.goto('/visits');
  await expect(page.getByRole('heading', { name: 'My visits', level: 1 })).toBeVisible();
  await checkScreen(page);
  await snap(page, 'offline-visits-list');
});
