import type { Page } from '@playwright/test';
import { format } from 'date-fns';
import { waitForMail } from './mail';
import {
  expect,
  inviteTeamMember,
  openSettingsSection,
  signUp,
  snap,
  test,
  uniqueEmail,
} from './fixtures';

/** A tiny real PNG (4 × 4 pixels): the camera's photo, resized by the server like any other. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWPYcuISHDEQxwEAvUEk4b7bxBwAAAAASUVORK5CYII=',
  'base64',
);

/** One item of the template editor: its label, whether it is required, and its remedy. */
async function fillItem(
  page: Page,
  position: string,
  item: { label: string; remedy: string; price: string; photoWhenFailed?: boolean },
) {
  const editor = page.getByRole('group', { name: position });
  await editor.getByLabel('Item label').fill(item.label);
  if (item.photoWhenFailed) {
    await editor.getByLabel('Required', { exact: true }).check();
    await editor.getByLabel('Photo required when failed').check();
  }
  await editor.getByLabel('Remedy when failed (optional)').fill(item.remedy);
  await editor.getByLabel('Remedy price ($)').fill(item.price);
}

test('a manager builds a template; a team member inspects a visit on a phone and signs; the client ticks two of three findings and signs, and an accepted quote with those two lines appears', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const tag = Math.random().toString(36).slice(2, 6);
  await signUp(page, {
    email: uniqueEmail('insp-owner'),
    password: 'correct horse battery',
    firstName: 'Ines',
    lastName: 'Pector',
    businessName: `Spotless Checks ${tag}`,
  });
  const crew = await inviteTeamMember(page, browser, testInfo, `Ira Checker${tag}`);
  const phone = crew.phone;

  // Settings > Inspection templates: a template whose first item needs a photo when it fails.
  const templateName = `Bathroom check ${tag}`;
  await page.goto('/settings');
  await openSettingsSection(page, 'Inspection templates');
  await page.getByRole('button', { name: 'New template' }).click();
  await page.getByLabel('Template name').fill(templateName);
  await page.getByLabel('Section 1 title').fill('Bathroom');
  await fillItem(page, 'Section 1, item 1', {
    label: 'Shower clean',
    remedy: 'Re-clean the shower',
    price: '45',
    photoWhenFailed: true,
  });
  await page.getByRole('button', { name: 'Add item to section 1' }).click();
  await fillItem(page, 'Section 1, item 2', {
    label: 'Sink clean',
    remedy: 'Re-clean the sink',
    price: '30',
  });
  await page.getByRole('button', { name: 'Add item to section 1' }).click();
  await fillItem(page, 'Section 1, item 3', {
    label: 'Mirror streak-free',
    remedy: 'Polish the mirror',
    price: '20',
  });
  await page.getByRole('button', { name: 'Create template' }).click();
  const templates = page.getByRole('list', { name: 'Inspection templates' });
  await expect(templates.getByText(templateName)).toBeVisible();
  await snap(page, 'inspections-template');

  // The office plans today's visit for the crew member (the jobs walk covers the dialog).
  const team = (await (await page.request.get('/api/team/employees?limit=100')).json()) as {
    items: { id: string; firstName: string }[];
  };
  const crewId = team.items.find((e) => e.firstName === 'Ira')!.id;
  const created = await page.request.post('/api/jobs', {
    data: {
      title: `Bathroom deep clean ${tag}`,
      location: '8 Oak St, Austin, TX 78701',
      assigneeIds: [crewId],
      startsAt: `${format(new Date(), 'yyyy-MM-dd')}T10:00:00`,
      priceCents: 16000,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const job = (await created.json()) as { id: string };

  // On the phone: start the inspection from the visit and fail every item.
  await phone.goto(`/jobs/${job.id}`);
  await phone.getByRole('button', { name: 'Start inspection' }).click();
  const start = phone.getByRole('dialog');
  await start.getByLabel('Template').selectOption({ label: `${templateName} (3 items)` });
  await start.getByRole('button', { name: 'Start inspection' }).click();
  await expect(phone).toHaveURL(/\/inspections\/[0-9a-f-]{36}$/);
  const inspectionId = phone.url().split('/').pop()!;
  for (const label of ['Shower clean', 'Sink clean', 'Mirror streak-free']) {
    await phone.getByRole('group', { name: label }).getByRole('button', { name: 'Fail' }).click();
  }
  await expect(phone.getByText('Saved')).toHaveCount(3);
  // Meanwhile the office keeps a staff-only note on it.
  const note = await page.request.patch(`/api/inspections/${inspectionId}/notes`, {
    data: { internalNotes: `Gate code ${tag}-4321` },
  });
  expect(note.status(), await note.text()).toBe(200);

  // Finishing is stopped by the photo the failed shower needs.
  await phone.getByRole('button', { name: 'Finish inspection' }).click();
  await expect(phone.getByText(/must be done before finishing|before finishing/)).toBeVisible();
  await expect(phone.getByRole('dialog', { name: 'Sign and finish' })).toBeHidden();
  await snap(phone, 'inspections-missing');
  const shower = phone.getByRole('listitem', { name: 'Shower clean' });
  await shower.locator('input[type="file"]').setInputFiles({
    name: 'shower.png',
    mimeType: 'image/png',
    buffer: PHOTO,
  });
  await expect(shower.getByRole('list', { name: 'Photos' }).getByRole('listitem')).toHaveCount(1);

  // Then it asks for the inspector's signature.
  await phone.getByRole('button', { name: 'Finish inspection' }).click();
  const sign = phone.getByRole('dialog', { name: 'Sign and finish' });
  await sign.getByLabel('Inspector’s full name').fill(`Ira Checker${tag}`);
  await sign.getByRole('button', { name: 'Sign and finish' }).click();
  await expect(phone.getByText(/^Finished/).first()).toBeVisible();
  await snap(phone, 'inspections-finished');
  const phoneErrors = crew.errors.filter((e) => !/Failed to load resource/.test(e));
  expect(phoneErrors).toEqual([]);

  // The office e-mails the report to the client.
  const clientEmail = uniqueEmail('insp-client');
  await page.goto(`/inspections/${inspectionId}`);
  await page.getByLabel('Client’s e-mail').fill(clientEmail);
  const sentAt = new Date();
  await page.getByRole('button', { name: 'Send report' }).click();
  const mail = await waitForMail(clientEmail, () => true, {
    after: new Date(sentAt.getTime() - 1000),
  });
  const link = mail.links.find((l) => l.includes('/inspection-report/'));
  expect(link).toBeDefined();

  // The client, in a browser of their own: the report without anything internal.
  const clientContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const client = await clientContext.newPage();
  await client.goto(new URL(link!).pathname);
  await expect(client.getByRole('heading', { name: templateName })).toBeVisible();
  await expect(client.getByText(`Gate code ${tag}-4321`)).toHaveCount(0);
  await expect(client.getByText('Internal')).toHaveCount(0);
  const findings = client.getByRole('checkbox');
  await expect(findings).toHaveCount(3);
  await client.getByRole('checkbox', { name: /Re-clean the shower/ }).check();
  await client.getByRole('checkbox', { name: /Re-clean the sink/ }).check();
  await client.getByRole('checkbox', { name: /Polish the mirror/ }).uncheck();
  await expect(client.getByTestId('findings-total')).toHaveText('$75.00');
  await client.getByLabel('Your full name').fill('Pat Client');
  await client.getByRole('button', { name: 'Accept and sign' }).click();
  await expect(client.getByText(/Accepted by Pat Client/)).toBeVisible();
  await snap(client, 'inspections-client-accepted');
  await clientContext.close();

  // Under Requests: an accepted quote with exactly those two lines.
  const detail = (await (await page.request.get(`/api/inspections/${inspectionId}`)).json()) as {
    quoteRequestIds: string[];
  };
  expect(detail.quoteRequestIds).toHaveLength(1);
  const quote = (await (
    await page.request.get(`/api/requests/${detail.quoteRequestIds[0]}`)
  ).json()) as { status: string; amountCents: number; details: { findings: unknown[] } };
  expect(quote).toMatchObject({ status: 'accepted', amountCents: 7500 });
  expect(quote.details.findings).toHaveLength(2);
  await page.goto(`/quotes/${detail.quoteRequestIds[0]}`);
  await expect(page.getByText('$75.00').first()).toBeVisible();
  await expect(page.getByText(/Accepted/).first()).toBeVisible();
  await crew.context.close();
});
