import type { APIRequestContext } from '@playwright/test';
import { expect, inviteTeamMember, signUp, snap, test, uniqueEmail } from './fixtures';
import { pageWidthProblem, seriousViolations } from './page-checks';
import { addClient, assignedVisit, employeeIdOf } from './records';

const HERE = { latitude: 30.2672, longitude: -97.7431, accuracy: 15 };

interface MyLocations {
  items: { kind: string; punch: 'start' | 'end'; latitude: number; longitude: number }[];
}
interface Status {
  today: { kind: string; jobId: string | null; locationMissing: boolean }[];
}

async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

test("a crew member who consented keeps a location at On my way, Start and Complete taken on a freshly loaded visit page; with the phone's permission refused, the office sees it missing", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const tag = Math.random().toString(36).slice(2, 6);
  await signUp(page, {
    email: uniqueEmail('location-owner'),
    password: 'correct horse battery',
    firstName: 'Lou',
    lastName: 'Locator',
    businessName: `Location Cleaners ${tag}`,
  });
  const crew = await inviteTeamMember(page, browser, testInfo, `Gia Gps${tag}`);
  const phone = crew.phone;
  const crewId = await employeeIdOf(page.request, 'Gia');
  const client = await addClient(page.request, 'Pat', `Place${tag}`);
  const visitOf = (title: string, inMinutes: number) =>
    assignedVisit(page.request, { customerId: client.id, assigneeId: crewId, title, inMinutes });
  const first = await visitOf(`Porch sweep ${tag}`, 30);
  const second = await visitOf(`Garage tidy ${tag}`, 120);

  // Consent is given once (the server's record); the phone's browser allows its position.
  const consent = await phone.request.put('/api/time/consent', { data: { given: true } });
  expect(consent.status(), await consent.text()).toBe(200);
  await crew.context.grantPermissions(['geolocation']);
  await crew.context.setGeolocation(HERE);

  // The visit page opened directly, as the crew are told to, at 375 px.
  await phone.goto(`/visits/${first}`);
  for (const step of ['On my way', 'Start visit', 'Complete visit']) {
    await phone.getByRole('button', { name: step }).click();
  }
  await expect(phone.getByText('Completed', { exact: true })).toBeVisible();
  expect(await seriousViolations(phone)).toEqual([]);
  expect(await pageWidthProblem(phone)).toBeNull();
  await snap(phone, 'visit-location-completed');
  await expect
    .poll(
      async () =>
        (await getJson<MyLocations>(phone.request, '/api/time/my-locations')).items.length,
    )
    .toBeGreaterThanOrEqual(3);
  const kept = await getJson<MyLocations>(phone.request, '/api/time/my-locations');
  for (const item of kept.items) {
    expect(item).toMatchObject({ latitude: HERE.latitude, longitude: HERE.longitude });
  }
  const afterFirst = await getJson<Status>(phone.request, '/api/time/status');
  expect(afterFirst.today.filter((e) => e.jobId === first).every((e) => !e.locationMissing)).toBe(
    true,
  );

  // The same person on a wide screen, after a reload, with the browser's permission taken back.
  await crew.context.clearPermissions();
  await phone.setViewportSize({ width: 1280, height: 800 });
  await phone.goto(`/visits/${second}`);
  await phone.reload();
  await phone.getByRole('button', { name: 'On my way' }).click();
  await expect(phone.getByRole('button', { name: 'Start visit' })).toBeVisible();
  await expect
    .poll(async () =>
      (await getJson<Status>(phone.request, '/api/time/status')).today.some(
        (e) => e.jobId === second && e.kind === 'travel',
      ),
    )
    .toBe(true);
  const travel = (await getJson<Status>(phone.request, '/api/time/status')).today.find(
    (e) => e.jobId === second && e.kind === 'travel',
  );
  // Consent given, no position: the office sees "Location missing" rather than nothing.
  expect(travel?.locationMissing).toBe(true);
  expect(await pageWidthProblem(phone)).toBeNull();
  await snap(phone, 'visit-location-refused');
  expect(crew.errors).toEqual([]);
  await crew.context.close();
});
