import type { VisitAccess } from '@crewdesk/domain';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { VisitAccessSection } from './visit-access-section';

const JOB_ID = '5b7c1c1e-1111-4c43-9d55-0b7f6f1d2c01';
const ENTRY_ID = '7d1e2f3a-3333-4c43-9d55-0b7f6f1d2c01';
const ok = (body: unknown) => () => ({ status: 200, body });
const HOUR_MS = 60 * 60 * 1000;
/** A time this far from when the test runs: the window is stated against now, not a date. */
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

/** The visit's access; by default its window opened an hour ago and closes in two hours. */
function access(over: Partial<VisitAccess>): VisitAccess {
  return {
    state: 'open',
    opensAt: fromNow(-HOUR_MS),
    closesAt: fromNow(2 * HOUR_MS),
    entries: [
      {
        id: ENTRY_ID,
        customerId: '9c0c8f0e-2222-4c43-9d55-0b7f6f1d2c01',
        label: 'Gate',
        createdAt: '2026-11-01T10:00:00.000Z',
        updatedAt: '2026-11-01T10:00:00.000Z',
      },
    ],
    ...over,
  };
}

function open() {
  return renderRoute(<VisitAccessSection jobId={JOB_ID} />, {
    me: makeMe({ role: 'team_member' }),
    path: `/jobs/${JOB_ID}`,
    routePath: '/jobs/:id',
  });
}

describe('VisitAccessSection', () => {
  it('when the window is open, then Reveal shows the code for the visit and Hide hides it', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      [`GET /api/jobs/${JOB_ID}/access`]: ok(access({})),
      [`POST /api/access-codes/${ENTRY_ID}/reveal`]: ok({
        entryId: ENTRY_ID,
        label: 'Gate',
        secret: '#4711',
        revealedAt: fromNow(0),
      }),
    });
    open();
    const region = within(await screen.findByRole('region', { name: 'Access' }));
    await user.click(await region.findByRole('button', { name: 'Reveal Gate' }));
    expect(await region.findByText('#4711')).toBeInTheDocument();
    expect(calls.find((c) => c.key.startsWith('POST'))?.body).toEqual({ jobId: JOB_ID });
    await user.click(region.getByRole('button', { name: 'Hide' }));
    expect(region.queryByText('#4711')).not.toBeInTheDocument();
  });

  it('when the window closes while the code is shown, then the code hides by itself', async () => {
    // The test's own clock: it runs on by itself (so the requests and the rendering go on as
    // usual), and the test moves it past the window's end, which comes before the minute a
    // revealed code otherwise stays on screen.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    mockApi({
      [`GET /api/jobs/${JOB_ID}/access`]: ok(access({ closesAt: fromNow(30_000) })),
      [`POST /api/access-codes/${ENTRY_ID}/reveal`]: ok({
        entryId: ENTRY_ID,
        label: 'Gate',
        secret: '#4711',
        revealedAt: fromNow(0),
      }),
    });
    try {
      open();
      const region = within(await screen.findByRole('region', { name: 'Access' }));
      await user.click(await region.findByRole('button', { name: 'Reveal Gate' }));
      expect(await region.findByText('#4711')).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(31_000));
      expect(region.queryByText('#4711')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('when the window is not open yet, then Reveal is off and it says when it opens', async () => {
    mockApi({ [`GET /api/jobs/${JOB_ID}/access`]: ok(access({ state: 'not-yet' })) });
    open();
    const region = within(await screen.findByRole('region', { name: 'Access' }));
    expect(await region.findByRole('button', { name: 'Reveal Gate' })).toBeDisabled();
    expect(region.getByText(/The codes open at .*an hour before the visit/)).toBeInTheDocument();
  });

  it('when the visit has ended, then Reveal is off and it says so', async () => {
    mockApi({ [`GET /api/jobs/${JOB_ID}/access`]: ok(access({ state: 'ended' })) });
    open();
    const region = within(await screen.findByRole('region', { name: 'Access' }));
    expect(await region.findByRole('button', { name: 'Reveal Gate' })).toBeDisabled();
    expect(region.getByText(/This visit has ended/)).toBeInTheDocument();
  });

  it('when the person is not on the visit, then no label shows', async () => {
    mockApi({
      [`GET /api/jobs/${JOB_ID}/access`]: ok(access({ state: 'not-assigned', entries: [] })),
    });
    open();
    const region = within(await screen.findByRole('region', { name: 'Access' }));
    expect(await region.findByText(/only to the crew assigned/)).toBeInTheDocument();
    expect(region.queryByRole('button')).not.toBeInTheDocument();
  });

  it('when loading fails, then it says so with a way to try again', async () => {
    mockApi({
      [`GET /api/jobs/${JOB_ID}/access`]: () => ({
        status: 500,
        body: { code: 'INTERNAL', message: 'Boom' },
      }),
    });
    open();
    const region = within(await screen.findByRole('region', { name: 'Access' }));
    expect(await region.findByText('Could not load the access codes')).toBeInTheDocument();
    expect(region.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
