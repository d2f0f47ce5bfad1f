import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { RunningTimerChip } from './running-timer-chip';

const running = (kinds: ('shift' | 'visit' | 'break')[]) => ({
  employeeId: '0b0b0b0b-0000-4000-8000-000000000001',
  running: kinds.map((kind, i) => ({
    id: `0b0b0b0b-0000-4000-8000-00000000001${i}`,
    employeeId: '0b0b0b0b-0000-4000-8000-000000000001',
    employeeName: 'Ada Lovelace',
    kind,
    jobId: null,
    jobTitle: null,
    startedAt: new Date(Date.now() - (i + 1) * 3_600_000).toISOString(),
    endedAt: null,
    workDate: '2026-11-25',
    source: 'web',
    autoClosed: false,
    edited: false,
    clockOff: false,
    locationMissing: false,
  })),
  today: [],
  locationConsent: { given: false, at: null, text: '' },
});

describe('RunningTimerChip', () => {
  it('when a visit runs over the shift, then the header shows the visit’s timer and opens Time tracking', async () => {
    mockApi({ 'GET /api/time/status': () => ({ status: 200, body: running(['shift', 'visit']) }) });
    renderRoute(<RunningTimerChip />, { me: makeMe({ role: 'team_member' }) });
    const chip = await screen.findByRole('link', {
      name: /^Visit 2:\d\d:\d\d, running: open Time tracking$/,
    });
    expect(chip).toHaveAttribute('href', '/time-tracking');
  });

  it('when nothing runs, then nothing shows', async () => {
    const api = mockApi({ 'GET /api/time/status': () => ({ status: 200, body: running([]) }) });
    renderRoute(<RunningTimerChip />, { me: makeMe({ role: 'team_member' }) });
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('when the role does not track time, then it asks nothing', () => {
    const api = mockApi({});
    renderRoute(<RunningTimerChip />, { me: makeMe({ role: 'sales_person' }) });
    expect(api.calls).toEqual([]);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
