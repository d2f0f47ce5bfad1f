import { localDateOf, type TimeStatus } from '@crewdesk/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { TimeTrackingPage } from './time-tracking-page';

/** The week the page opens on: today on this device's calendar. */
// The fixture business has chosen no zone: its today is UTC's, as the server reads it.
const TODAY = localDateOf(new Date(), 'UTC');
const EMPLOYEE = '0b0b0b0b-0000-4000-8000-000000000001';

function status(running: TimeStatus['running'] = []): TimeStatus {
  return {
    employeeId: EMPLOYEE,
    running,
    today: running,
    locationConsent: { given: false, at: null, text: 'Record my location when I clock in.' },
  };
}

const SHIFT = {
  id: '0b0b0b0b-0000-4000-8000-000000000002',
  employeeId: EMPLOYEE,
  employeeName: 'Ada Lovelace',
  kind: 'shift' as const,
  jobId: null,
  jobTitle: null,
  startedAt: new Date(Date.now() - 65_000).toISOString(),
  endedAt: null,
  workDate: '2026-11-25',
  source: 'web' as const,
  autoClosed: false,
  edited: false,
  clockOff: false,
  locationMissing: false,
};

const RULES = {
  weekStartsOn: 1,
  weeklyOvertimeHours: 40,
  dailyOvertimeHours: null,
  forgottenPunchHours: 12,
  locationRetentionDays: 90,
};

const NO_CORRECTIONS = {
  'GET /api/time/corrections?status=pending': () => ({ status: 200, body: { items: [] } }),
  'GET /api/time/settings': () => ({ status: 200, body: RULES }),
};

afterEach(() => localStorage.clear());

describe('TimeTrackingPage: the punch card', () => {
  it('when a team member clocks in, then one punch with its own id is sent and the timer runs', async () => {
    let clockedIn = false;
    const api = mockApi({
      'GET /api/time/status': () => ({ status: 200, body: status(clockedIn ? [SHIFT] : []) }),
      ...NO_CORRECTIONS,
      'POST /api/time/punches': () => {
        clockedIn = true;
        return {
          status: 200,
          body: { status: status([SHIFT]), locationStored: false, replayed: false },
        };
      },
    });
    renderRoute(<TimeTrackingPage />, { me: makeMe({ role: 'team_member' }) });
    expect(await screen.findByText('You are clocked out.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Clock in' }));

    expect(await screen.findByRole('button', { name: 'Clock out' })).toBeInTheDocument();
    const punches = api.calls.filter((c) => c.key === 'POST /api/time/punches');
    expect(punches).toHaveLength(1);
    expect(punches[0]?.body).toMatchObject({ action: 'clock_in', jobId: null, location: null });
    expect((punches[0]?.body as { clientId: string }).clientId).toMatch(/^[0-9a-f-]{36}$/);
    // A team member sees no team week.
    expect(screen.queryByRole('heading', { name: 'Team week' })).not.toBeInTheDocument();
  });

  it('when the connection is down, then the punch waits on the phone and is sent once when it is back', async () => {
    let online = false;
    const sent: unknown[] = [];
    const api = mockApi({
      'GET /api/time/status': () => ({ status: 200, body: status() }),
      ...NO_CORRECTIONS,
      'POST /api/time/punches': (init) => {
        if (!online) throw new TypeError('Failed to fetch');
        sent.push(JSON.parse(String(init?.body)));
        return {
          status: 200,
          body: { status: status([SHIFT]), locationStored: false, replayed: false },
        };
      },
    });
    renderRoute(<TimeTrackingPage />, { me: makeMe({ role: 'team_member' }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Clock in' }));
    expect(await screen.findByText(/1 punch waits on this phone/)).toBeInTheDocument();
    const tried = api.calls.filter((c) => c.key === 'POST /api/time/punches');
    expect(tried).toHaveLength(1);

    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });

    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0] as { clientId: string }).clientId).toBe(
      (tried[0]?.body as { clientId: string }).clientId,
    );
    await waitFor(() => expect(screen.queryByText(/waits on this phone/)).not.toBeInTheDocument());
  });

  it('when the status cannot be loaded, then it says so and offers to try again', async () => {
    mockApi({
      'GET /api/time/status': () => ({ status: 500, body: { code: 'INTERNAL', message: 'x' } }),
    });
    renderRoute(<TimeTrackingPage />, { me: makeMe({ role: 'team_member' }) });
    expect(await screen.findByText(/Could not load your time/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('TimeTrackingPage: the team week', () => {
  it('when a manager opens it, then each person shows regular time, overtime and an approve button', async () => {
    const approve = vi.fn();
    const edited = vi.fn();
    const week = {
      weekStart: '2026-11-23',
      dates: [
        '2026-11-23',
        '2026-11-24',
        '2026-11-25',
        '2026-11-26',
        '2026-11-27',
        '2026-11-28',
        '2026-11-29',
      ],
      rows: [
        {
          employeeId: EMPLOYEE,
          employeeName: 'Ada Lovelace',
          status: 'open',
          days: ['23', '24', '25', '26', '27', '28', '29'].map((d) => ({
            date: `2026-11-${d}`,
            workedMinutes: d === '29' ? 0 : 450,
            breakMinutes: 0,
          })),
          workedMinutes: 2700,
          regularMinutes: 2400,
          overtimeMinutes: 300,
          breakMinutes: 0,
          flags: { forgottenPunch: 1, edited: 0, locationMissing: 0, running: 0 },
          labourCostCents: 90_000,
        },
      ],
    };
    mockApi({
      'GET /api/time/status': () => ({ status: 200, body: status() }),
      ...NO_CORRECTIONS,
      [`GET /api/time/timesheets?week=${TODAY}`]: () => ({ status: 200, body: week }),
      [`GET /api/time/entries?employeeId=${EMPLOYEE}&from=2026-11-23&to=2026-11-29`]: () => ({
        status: 200,
        body: { items: [{ ...SHIFT, endedAt: new Date(Date.now() - 1000).toISOString() }] },
      }),
      [`PATCH /api/time/entries/${SHIFT.id}`]: (init) => {
        edited(JSON.parse(String(init?.body)));
        return { status: 200, body: SHIFT };
      },
      'POST /api/time/timesheets/actions': (init) => {
        approve(JSON.parse(String(init?.body)));
        return { status: 200, body: { ...week, rows: [{ ...week.rows[0], status: 'approved' }] } };
      },
    });
    renderRoute(<TimeTrackingPage />, { me: makeMe({ role: 'owner' }) });
    const row = await screen.findByRole('rowheader', { name: /Ada Lovelace/ });
    expect(row).toHaveTextContent('Forgotten punch');
    expect(screen.getByRole('cell', { name: '40h 00m' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '5h 00m' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Payroll CSV/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/api\/time\/payroll\.csv\?from=\d{4}-\d{2}-\d{2}&to=/),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Approve: Ada Lovelace' }));

    // The time rules: a daily limit out of range is refused with the domain's words.
    const rulesForm = await screen.findByRole('form', { name: 'Time rules' });
    await userEvent.type(within(rulesForm).getByLabelText('Daily overtime after (hours)'), '30');
    await userEvent.click(within(rulesForm).getByRole('button', { name: 'Save rules' }));
    expect(
      await within(rulesForm).findByText('Daily overtime starts after 1 to 24 hours.'),
    ).toBeInTheDocument();

    // The person's entries open under their row; an edit sends new times with its reason.
    await userEvent.click(screen.getByRole('button', { name: 'Ada Lovelace' }));
    await userEvent.click(await screen.findByRole('button', { name: /^Edit Shift from/ }));
    await userEvent.type(screen.getByLabelText('Why'), 'Loaded the van first');
    await userEvent.click(screen.getByRole('button', { name: 'Save the change' }));
    await waitFor(() =>
      expect(edited).toHaveBeenCalledWith(
        expect.objectContaining({ reason: 'Loaded the van first', endedAt: expect.any(String) }),
      ),
    );

    await waitFor(() =>
      expect(approve).toHaveBeenCalledWith({
        employeeId: EMPLOYEE,
        weekStart: '2026-11-23',
        action: 'approve',
      }),
    );
  });
});

describe('TimeTrackingPage: opened from the team hours report', () => {
  it('when the link names a range and a person, then that week shows with their entries open', async () => {
    const weekOf = '2026-10-05';
    mockApi({
      'GET /api/time/status': () => ({ status: 200, body: status() }),
      ...NO_CORRECTIONS,
      [`GET /api/time/timesheets?week=${weekOf}`]: () => ({
        status: 200,
        body: {
          weekStart: weekOf,
          dates: [weekOf],
          rows: [
            {
              employeeId: EMPLOYEE,
              employeeName: 'Ada Lovelace',
              status: 'open',
              days: [{ date: weekOf, workedMinutes: 60, breakMinutes: 0 }],
              workedMinutes: 60,
              regularMinutes: 60,
              overtimeMinutes: 0,
              breakMinutes: 0,
              flags: { forgottenPunch: 0, edited: 0, locationMissing: 0, running: 0 },
              labourCostCents: 0,
            },
          ],
        },
      }),
      [`GET /api/time/entries?employeeId=${EMPLOYEE}&from=${weekOf}&to=${weekOf}`]: () => ({
        status: 200,
        body: { items: [] },
      }),
    });
    renderRoute(<TimeTrackingPage />, {
      me: makeMe({ role: 'owner' }),
      path: `/time-tracking?from=${weekOf}&to=2026-10-11&employeeId=${EMPLOYEE}`,
    });
    expect(await screen.findByLabelText('Week of')).toHaveValue(weekOf);
    expect(await screen.findByRole('button', { name: 'Ada Lovelace' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });
});

describe('TimeTrackingPage: a second link while it is open', () => {
  it('when the report links to another week, then the page moves to it', async () => {
    const emptyWeek = (weekStart: string) => ({
      status: 200,
      body: { weekStart, dates: [weekStart], rows: [] },
    });
    const api = mockApi({
      'GET /api/time/status': () => ({ status: 200, body: status() }),
      ...NO_CORRECTIONS,
      'GET /api/time/timesheets?week=2026-10-05': () => emptyWeek('2026-10-05'),
      'GET /api/time/timesheets?week=2026-11-02': () => emptyWeek('2026-11-02'),
    });
    const { router } = renderRoute(<TimeTrackingPage />, {
      me: makeMe({ role: 'owner' }),
      path: '/time-tracking?from=2026-10-05&to=2026-10-11',
    });
    expect(await screen.findByLabelText('Week of')).toHaveValue('2026-10-05');

    await act(() => router.navigate('/time-tracking?from=2026-11-02&to=2026-11-08'));
    expect(await screen.findByLabelText('Week of')).toHaveValue('2026-11-02');
    await waitFor(() =>
      expect(api.calls.map((c) => c.key)).toContain('GET /api/time/timesheets?week=2026-11-02'),
    );
  });
});

describe('TimeTrackingPage: corrections', () => {
  it('when a team member asks to correct an entry, then the new times and the reason are sent', async () => {
    const done = { ...SHIFT, endedAt: new Date(Date.now() - 1_000).toISOString() };
    const api = mockApi({
      'GET /api/time/status': () => ({ status: 200, body: { ...status(), today: [done] } }),
      ...NO_CORRECTIONS,
      'POST /api/time/corrections': () => ({ status: 201, body: {} }),
    });
    renderRoute(<TimeTrackingPage />, { me: makeMe({ role: 'team_member' }) });
    await userEvent.click(await screen.findByRole('button', { name: /Ask to correct: Shift/ }));
    const form = screen.getByRole('form', { name: 'Ask for a correction' });
    await userEvent.click(within(form).getByRole('button', { name: 'Ask for the correction' }));
    expect(await within(form).findByText('Say why the entry changes.')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Why'), 'Started at 7:30');
    await userEvent.click(within(form).getByRole('button', { name: 'Ask for the correction' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.key === 'POST /api/time/corrections')?.body).toMatchObject({
        entryId: SHIFT.id,
        reason: 'Started at 7:30',
      }),
    );
  });

  it('when a team leader sees a correction waiting, then approving it sends the decision', async () => {
    const correction = {
      id: '0b0b0b0b-0000-4000-8000-000000000009',
      employeeId: EMPLOYEE,
      employeeName: 'Ada Lovelace',
      entryId: null,
      startedAt: '2026-11-19T14:00:00.000Z',
      endedAt: '2026-11-19T18:00:00.000Z',
      reason: 'Phone was dead',
      status: 'pending',
      note: null,
      createdAt: '2026-11-20T14:00:00.000Z',
    };
    const api = mockApi({
      'GET /api/time/status': () => ({ status: 200, body: status() }),
      'GET /api/time/corrections?status=pending': () => ({
        status: 200,
        body: { items: [correction] },
      }),
      [`GET /api/time/timesheets?week=${TODAY}`]: () => ({
        status: 200,
        body: { weekStart: TODAY, dates: [], rows: [] },
      }),
      [`POST /api/time/corrections/${correction.id}/decision`]: () => ({
        status: 200,
        body: { ...correction, status: 'approved' },
      }),
    });
    renderRoute(<TimeTrackingPage />, { me: makeMe({ role: 'team_leader' }) });
    expect(await screen.findByText('Phone was dead')).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: "Approve Ada Lovelace's correction" }),
    );
    await waitFor(() =>
      expect(
        api.calls.find((c) => c.key === `POST /api/time/corrections/${correction.id}/decision`)
          ?.body,
      ).toEqual({ approve: true, note: null }),
    );
  });
});
