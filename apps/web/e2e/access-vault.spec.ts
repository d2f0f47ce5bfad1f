import type { Page } from '@playwright/test';
import { localDateTimeOf } from '@crewdesk/domain';
import { expect, inviteTeamMember, signUp, snap, test, uniqueEmail } from './fixtures';
import { pageWidthProblem, seriousViolations } from './page-checks';
import { addClient } from './records';

/** Axe's serious findings and sideways scrolling, on the screen `page` shows. */
async function checkScreen(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
  expect(await pageWidthProblem(page)).toBeNull();
}

test('an admin adds a gate code on a contact; the crew of a visit there reveals it on a phone inside the window, and not for a visit outside it', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const tag = Math.random().toString(36).slice(2, 6);
  await signUp(page, {
    email: uniqueEmail('vault-owner'),
    password: 'correct horse battery',
    firstName: 'Vera',
    lastName: 'Vault',
    businessName: `Gatekeepers ${tag}`,
  });
  const crew = await inviteTeamMember(page, browser, testInfo, `Gus Gate${tag}`);
  const phone = crew.phone;

  // The office's records, set up through the API: a client, and two visits there for the crew
  // member: one starting in half an hour (its window opened half an hour ago), one in three days.
  const profile = (await (await page.request.get('/api/business-profile')).json()) as {
    timeZone: string;
  };
  const team = (await (await page.request.get('/api/team/employees?limit=100')).json()) as {
    items: { id: string; firstName: string }[];
  };
  const crewId = team.items.find((e) => e.firstName === 'Gus')!.id;
  const client = await addClient(page.request, 'Hattie', `Hinge${tag}`);
  const visitAt = async (title: string, minutesFromNow: number) => {
    const start = new Date(Date.now() + minutesFromNow * 60_000);
    const res = await page.request.post('/api/jobs', {
      data: {
        title,
        customerId: client.id,
        location: '12 Elm St, Austin, TX 78701',
        assigneeIds: [crewId],
        startsAt: localDateTimeOf(start, profile.timeZone),
        durationMinutes: 120,
        priceCents: 12000,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const soon = await visitAt(`Lobby clean ${tag}`, 30);
  const later = await visitAt(`Window wash ${tag}`, 3 * 24 * 60);

  // The admin adds the gate code on the contact's page, by keyboard in the dialog.
  await page.goto(`/customers/${client.id}`);
  const panel = page.getByRole('region', { name: 'Access codes' });
  await expect(panel.getByText('No access codes yet.', { exact: false })).toBeVisible();
  await panel.getByRole('button', { name: 'Add code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an access code' });
  await dialog.getByLabel('Label').fill('Gate');
  await dialog.getByLabel('Code or note').fill('#4711 then the bell');
  await dialog.getByLabel('Code or note').press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Add code' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(panel.getByText('Gate', { exact: true })).toBeVisible();
  // Listed by its label only: the code shows only when revealed.
  await expect(panel.getByText('#4711 then the bell')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Reveal Gate' }).click();
  await expect(panel.getByText('#4711 then the bell')).toBeVisible();
  await checkScreen(page);
  await snap(page, 'access-vault-contact');
  await page.setViewportSize({ width: 375, height: 812 });
  await checkScreen(page);
  await snap(page, 'access-vault-contact');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The crew member, on a phone, opens the visit starting in half an hour and reveals the code.
  await phone.goto(`/jobs/${soon}`);
  const access = phone.getByRole('region', { name: 'Access' });
  await access.getByRole('button', { name: 'Reveal Gate' }).click();
  await expect(access.getByText('#4711 then the bell')).toBeVisible();
  await checkScreen(phone);
  await snap(phone, 'access-vault-visit-open');

  // For the visit in three days, the code is not shown: the panel says when it opens.
  await phone.goto(`/jobs/${later}`);
  const laterAccess = phone.getByRole('region', { name: 'Access' });
  await expect(laterAccess.getByText(/The codes open at .*an hour before the visit/)).toBeVisible();
  await expect(laterAccess.getByRole('button', { name: 'Reveal Gate' })).toBeDisabled();
  await expect(laterAccess.getByText('#4711')).toHaveCount(0);
  const refused = await phone.request.post(
    `/api/access-codes/${await entryId(page, client.id)}/reveal`,
    {
      data: { jobId: later },
    },
  );
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toMatch(
    /an hour before the visit/,
  );
  expect(await refused.text()).not.toContain('#4711');
  await checkScreen(phone);
  await snap(phone, 'access-vault-visit-closed');
  expect(crew.errors).toEqual([]);
  await crew.context.close();

  // The admin's reveal log: who revealed the code, and for which visit.
  await page.reload();
  await panel.getByRole('button', { name: 'Show the reveal log' }).click();
  const log = page.getByRole('list', { name: 'Reveal log' });
  await expect(log.getByText(`Gus Gate${tag}`, { exact: false })).toBeVisible();
  await expect(log.getByText(`Lobby clean ${tag}`, { exact: false })).toBeVisible();
  await snap(page, 'access-vault-log');
});

async function entryId(page: Page, customerId: string): Promise<string> {
  const res = await page.request.get(`/api/customers/${customerId}/access-codes`);
  return ((await res.json()) as { entries: { id: string }[] }).entries[0]!.id;
}
