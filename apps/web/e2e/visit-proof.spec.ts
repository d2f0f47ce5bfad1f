import { expect, openPhone, signUp, snap, test, uniqueEmail } from './fixtures';
import { waitForMail } from './mail';
import { pageWidthProblem, seriousViolations } from './page-checks';
import { format } from 'date-fns';
import { addClient } from './records';

/** A real 1×1 PNG. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('a completed visit e-mails the client its proof page; the client reports a problem on a phone, and the office sees it on the visit', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const tag = Math.random().toString(36).slice(2, 6);
  await signUp(page, {
    email: uniqueEmail('proof-owner'),
    password: 'correct horse battery',
    firstName: 'Paula',
    lastName: 'Proof',
    businessName: `Spotless ${tag}`,
  });
  const client = await addClient(page.request, 'Quinn', `Quill${tag}`);
  // The owner works the visit: assigned, timed (the punches give arrival and departure), a
  // checklist ticked, and an after photo marked to show the client.
  const team = (await (await page.request.get('/api/team/employees?limit=100')).json()) as {
    items: { id: string; firstName: string }[];
  };
  const ownerId = team.items.find((e) => e.firstName === 'Paula')!.id;
  const created = await page.request.post('/api/jobs', {
    data: {
      title: `Office clean ${tag}`,
      customerId: client.id,
      location: '12 Elm St, Austin, TX 78701',
      startsAt: `${format(new Date(), 'yyyy-MM-dd')}T08:00:00`,
      priceCents: 21500,
      assigneeIds: [ownerId],
      checklist: ['Kitchen floor', 'Windows'],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: jobId, checklist } = (await created.json()) as {
    id: string;
    checklist: { id: string }[];
  };
  const punch = async (action: string) => {
    const now = new Date().toISOString();
    const res = await page.request.post('/api/time/punches', {
      data: { clientId: crypto.randomUUID(), action, jobId, at: now, sentAt: now },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  await punch('clock_in');
  await punch('visit_start');
  const tick = await page.request.patch(`/api/jobs/${jobId}/checklist/${checklist[0]!.id}`, {
    data: { done: true },
  });
  expect(tick.status(), await tick.text()).toBe(200);
  await page.goto(`/jobs/${jobId}`);
  await page.getByRole('radio', { name: 'After' }).click();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'floor.png',
    mimeType: 'image/png',
    buffer: PHOTO,
  });
  const photos = page.getByRole('list', { name: 'Photos' });
  await expect(photos.getByRole('img')).toHaveCount(1);
  await photos.getByRole('checkbox', { name: /^Show the client/ }).check();
  await expect(photos.getByRole('checkbox', { name: /^Show the client/ })).toBeChecked();
  await snap(page, 'visit-proof-photo-shared');
  await punch('visit_stop');
  for (const status of ['in_progress', 'completed']) {
    const res = await page.request.post(`/api/jobs/${jobId}/status`, { data: { status } });
    expect(res.status(), await res.text()).toBe(200);
  }

  // The automatic e-mail to the contact carries the page's link.
  const mail = await waitForMail(client.email, (m) => m.subject.includes(`Office clean ${tag}`));
  const link = mail.links.find((l) => l.includes('/proof/'));
  expect(link, mail.text).toBeDefined();

  // The client opens it on a phone: the visit, and nothing internal (no price).
  const phone = await openPhone(browser, testInfo);
  await phone.page.goto(link!);
  const article = phone.page.getByRole('article', { name: `Visit completed by Spotless ${tag}` });
  await expect(article.getByRole('heading', { name: `Office clean ${tag}` })).toBeVisible();
  await expect(article).not.toContainText('215');
  await expect(article.getByText('Kitchen floor')).toBeVisible();
  await expect(article.getByRole('img', { name: 'After 1' })).toBeVisible();
  // Arrival and departure, from the punches (times only).
  await expect(article.getByRole('definition').nth(1)).not.toHaveText('—');
  await expect(article.getByRole('definition').nth(2)).not.toHaveText('—');
  expect(await seriousViolations(phone.page)).toEqual([]);
  expect(await pageWidthProblem(phone.page)).toBeNull();
  await snap(phone.page, 'visit-proof-page');

  // They report a problem.
  await article.getByRole('button', { name: 'Report a problem' }).click();
  await article.getByLabel('What went wrong?').fill('The kitchen floor was not mopped.');
  await article.getByRole('button', { name: 'Send the report' }).click();
  await expect(article.getByText(/You reported a problem on/)).toBeVisible();
  await expect(article.getByRole('button', { name: 'Report a problem' })).toHaveCount(0);
  expect(await seriousViolations(phone.page)).toEqual([]);
  await snap(phone.page, 'visit-proof-answered');
  expect(phone.errors).toEqual([]);
  await phone.context.close();

  // The office sees it on the visit: its history and its proof of service panel.
  await page.goto(`/jobs/${jobId}`);
  await expect(
    page.getByText('The client reported a problem: “The kitchen floor was not mopped.”'),
  ).toBeVisible();
  const proof = page.getByRole('region', { name: 'Proof of service' });
  await expect(proof.getByText('The kitchen floor was not mopped.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'visit-proof-office');

  // The page at desktop width, answered.
  await page.goto(link!);
  await expect(page.getByText(/You reported a problem on/)).toBeVisible();
  await snap(page, 'visit-proof-answered');
});
