import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { mockApi } from '@/test/utils';
import { learnLocationConsent } from '../model/location-consent';
import { flushPunches, punchNow, queuedPunches } from './punch-queue';

const HERE = { latitude: 41.8781, longitude: -87.6298, accuracy: 20 };

describe('punches kept on the phone without a signal', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  it('when a consented step is taken offline, then the place of the tap travels with it and is sent once back online', async () => {
    localStorage.setItem(STORAGE_KEYS.authSession, JSON.stringify({ userId: 'user-1' }));
    localStorage.setItem(STORAGE_KEYS.selectedAccountId, 'account-1');
    learnLocationConsent(true);
    Object.defineProperty(navigator, 'geolocation', {
      value: {
        getCurrentPosition: (found: PositionCallback) =>
          found({ coords: HERE } as GeolocationPosition),
      },
      configurable: true,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );

    const outcome = await punchNow('on_my_way', '0b0f8f9e-2f49-4a8e-9d2c-1b8d6f0a1c02');
    expect(outcome).toEqual({ kind: 'offline', waiting: 1 });
    const location = { latitude: 41.8781, longitude: -87.6298, accuracyMeters: 20 };
    expect(queuedPunches()).toEqual([expect.objectContaining({ action: 'on_my_way', location })]);

    // Back online, somewhere else: the place sent is where the tap was made.
    HERE.latitude = 0;
    const api = mockApi({
      'POST /api/time/punches': () => ({
        status: 200,
        body: {
          status: {
            employeeId: null,
            running: [],
            today: [],
            locationConsent: { given: true, at: null, text: '' },
          },
          locationStored: true,
          replayed: false,
        },
      }),
    });
    expect((await flushPunches()).kind).toBe('sent');
    expect(api.calls.map((c) => (c.body as { location: unknown }).location)).toEqual([location]);
    expect(queuedPunches()).toEqual([]);
  });

  it('when another person signs in on this phone, then the consent heard for the first is not theirs', async () => {
    localStorage.setItem(STORAGE_KEYS.authSession, JSON.stringify({ userId: 'user-1' }));
    localStorage.setItem(STORAGE_KEYS.selectedAccountId, 'account-1');
    learnLocationConsent(true);
    localStorage.setItem(STORAGE_KEYS.authSession, JSON.stringify({ userId: 'user-2' }));
    const asked = vi.fn();
    Object.defineProperty(navigator, 'geolocation', {
      value: { getCurrentPosition: asked },
      configurable: true,
    });
    // Offline, and nothing heard for this person: no position is asked for.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await punchNow('clock_in');
    expect(asked).not.toHaveBeenCalled();
    expect(queuedPunches()).toEqual([
      expect.objectContaining({ action: 'clock_in', location: null }),
    ]);
  });

  it('when two flushes are asked for at once and a tap comes meanwhile, then each punch is sent once, in order, and none is lost', async () => {
    localStorage.setItem(STORAGE_KEYS.authSession, JSON.stringify({ userId: 'user-1' }));
    localStorage.setItem(STORAGE_KEYS.selectedAccountId, 'account-1');
    learnLocationConsent(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await punchNow('on_my_way', 'job-1');
    await punchNow('visit_start', 'job-1');
    const sent: string[] = [];
    let late: Promise<unknown> | null = null;
    const answer = {
      status: {
        employeeId: null,
        running: [],
        today: [],
        locationConsent: { given: false, at: null, text: '' },
      },
      locationStored: false,
      replayed: false,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const { action } = JSON.parse(init.body as string) as { action: string };
        sent.push(action);
        // A third tap while the first is on its way.
        late ??= punchNow('visit_stop', 'job-1');
        return new Response(JSON.stringify(answer), { status: 200 });
      }),
    );
    await Promise.all([flushPunches(), flushPunches()]);
    await late;
    expect(sent).toEqual(['on_my_way', 'visit_start', 'visit_stop']);
    expect(queuedPunches()).toEqual([]);
  });
});
