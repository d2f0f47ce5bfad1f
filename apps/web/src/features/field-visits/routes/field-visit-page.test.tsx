import type { FieldPack } from '@crewdesk/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FieldVisitsProvider } from '@/entities/field-visit/api/field-visits-context';
import { STORAGE_KEYS } from '@/lib/storage';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { FieldVisitPage } from './field-visit-page';

const VISIT_ID = '0b0f8f9e-2f49-4a8e-9d2c-1b8d6f0a1c02';

const pack: FieldPack = {
  userId: 'user-1',
  timeZone: 'America/Chicago',
  dates: ['2026-12-01', '2026-12-02'],
  packedAt: '2026-12-01T13:00:00.000Z',
  locationConsent: false,
  visits: [
    {
      id: VISIT_ID,
      title: 'Basement deep clean',
      status: 'in_progress',
      startsAt: '2026-12-01T15:00:00.000Z',
      localStartsAt: '2026-12-01T09:00:00',
      durationMinutes: 120,
      customerName: 'Bea Basement',
      customerPhone: '(512) 555-0100',
      address: '12 Elm St, Austin, TX 78701',
      notes: 'Use the side door.',
      checklist: [{ id: '0b0f8f9e-2f49-4a8e-9d2c-1b8d6f0a1c03', label: 'Stairs', done: false }],
      accessLabels: ['Lockbox by the back door'],
    },
  ],
};

/** The visit's inspections (Start inspection, online): none yet. */
const noInspections = {
  [`GET /api/inspections?jobId=${VISIT_ID}&limit=25`]: () => ({
    status: 200,
    body: { items: [], nextCursor: null, total: 0, totalCapped: false },
  }),
};

const open = (id = VISIT_ID) =>
  renderRoute(
    <FieldVisitsProvider>
      <FieldVisitPage />
    </FieldVisitsProvider>,
    { path: `/visits/${id}`, routePath: '/visits/:id', me: makeMe({ role: 'team_member' }) },
  );

describe('FieldVisitPage', () => {
  it("when opened, then it shows the office's notes, the access names without codes, and the next step", async () => {
    mockApi({ 'GET /api/field/visits': () => ({ status: 200, body: pack }), ...noInspections });
    open();
    expect(
      await screen.findByRole('heading', { name: 'Basement deep clean', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Use the side door.')).toBeInTheDocument();
    expect(screen.getByText('Lockbox by the back door')).toBeInTheDocument();
    expect(screen.getByText(/Codes are never kept on the phone/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete visit' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call Bea Basement' })).toHaveAttribute(
      'href',
      'tel:5125550100',
    );
  });

  it('when this browser cannot keep changes, then a tick is taken back and the crew is told', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/field/visits': () => ({ status: 200, body: pack }), ...noInspections });
    open();
    const stairs = await screen.findByRole('checkbox', { name: 'Stairs' });
    await user.click(stairs);
    expect(
      await screen.findByText(/A checklist tick on “Basement deep clean” was not saved/),
    ).toBeInTheDocument();
    expect(stairs).not.toBeChecked();
  });

  it('when the crew is online, then Start inspection is offered on the visit, as on the full page', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/field/visits': () => ({ status: 200, body: pack }),
      ...noInspections,
      'GET /api/inspection-templates?archived=false': () => ({
        status: 200,
        body: { items: [], starters: [] },
      }),
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Start inspection' }));
    expect(await screen.findByRole('dialog', { name: 'Start an inspection' })).toBeInTheDocument();
  });

  it('when the visit is not in the copy, then it says so and leads back', async () => {
    mockApi({ 'GET /api/field/visits': () => ({ status: 200, body: pack }), ...noInspections });
    open('0b0f8f9e-2f49-4a8e-9d2c-1b8d6f0a1c99');
    expect(await screen.findByText('This visit is not on this phone')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My visits' })).toHaveAttribute('href', '/visits');
  });
});

describe('FieldVisitPage: the location at a step', () => {
  const HERE = { latitude: 30.2672, longitude: -97.7431, accuracy: 12 };
  const consentStatus = (given: boolean) => ({
    employeeId: '0b0f8f9e-2f49-4a8e-9d2c-1b8d6f0a1c04',
    running: [],
    today: [],
    locationConsent: { given, at: given ? '2026-11-30T12:00:00.000Z' : null, text: 'Consent' },
  });

  /** The phone's position service: granted (answers HERE) or refused by the person. */
  function phonePosition(permission: 'granted' | 'refused') {
    const getCurrentPosition = vi.fn(
      (found: PositionCallback, failed?: PositionErrorCallback | null) => {
        if (permission === 'granted') found({ coords: HERE } as GeolocationPosition);
        else failed?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError);
      },
    );
    Object.defineProperty(navigator, 'geolocation', {
      value: { getCurrentPosition },
      configurable: true,
    });
    return getCurrentPosition;
  }
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  /** A page loaded fresh, signed in as user-1 of one business, the copy saying `consent`. */
  async function completeFromFreshPage(consent: boolean | undefined, serverConsent = false) {
    const user = userEvent.setup();
    localStorage.setItem(STORAGE_KEYS.authSession, JSON.stringify({ userId: 'user-1' }));
    localStorage.setItem(STORAGE_KEYS.selectedAccountId, 'account-1');
    const body = consent === undefined ? { ...pack, locationConsent: undefined } : pack;
    const api = mockApi({
      ...noInspections,
      'GET /api/field/visits': () => ({
        status: 200,
        body: { ...body, ...(consent === undefined ? {} : { locationConsent: consent }) },
      }),
      'GET /api/time/status': () => ({ status: 200, body: consentStatus(serverConsent) }),
      'POST /api/time/punches': () => ({
        status: 200,
        body: {
          status: consentStatus(consent ?? serverConsent),
          locationStored: true,
          replayed: false,
        },
      }),
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Complete visit' }));
    await vi.waitFor(() =>
      expect(api.calls.some((c) => c.key === 'POST /api/time/punches')).toBe(true),
    );
    const punch = api.calls.find((c) => c.key === 'POST /api/time/punches')!.body as {
      action: string;
      jobId: string;
      location: unknown;
    };
    return { punch, calls: api.calls.map((c) => c.key) };
  }

  it('when the person consented and the phone allows it, then Complete keeps where it was taken, from a page opened directly', async () => {
    const asked = phonePosition('granted');
    const { punch, calls } = await completeFromFreshPage(true);
    expect(punch).toMatchObject({
      action: 'visit_stop',
      jobId: VISIT_ID,
      location: { latitude: 30.2672, longitude: -97.7431, accuracyMeters: 12 },
    });
    expect(asked).toHaveBeenCalledTimes(1);
    // The copy of the visits said so: nothing else was asked.
    expect(calls).not.toContain('GET /api/time/status');
  });

  it('when the person has not consented, then the phone is never asked and no location is sent', async () => {
    const asked = phonePosition('granted');
    const { punch } = await completeFromFreshPage(false);
    expect(punch.location).toBeNull();
    expect(asked).not.toHaveBeenCalled();
  });

  it('when the phone refuses its position, then the step is still sent, with no location (the office sees it missing)', async () => {
    phonePosition('refused');
    const { punch } = await completeFromFreshPage(true);
    expect(punch).toMatchObject({ action: 'visit_stop', location: null });
  });

  it("when this device has not heard the consent yet, then the server's record is asked before the position", async () => {
    const asked = phonePosition('granted');
    const { punch, calls } = await completeFromFreshPage(undefined, true);
    expect(calls).toContain('GET /api/time/status');
    expect(asked).toHaveBeenCalledTimes(1);
    expect(punch.location).toEqual({ latitude: 30.2672, longitude: -97.7431, accuracyMeters: 12 });
  });
});
