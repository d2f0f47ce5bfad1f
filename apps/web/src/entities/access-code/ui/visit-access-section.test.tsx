import type { VisitAccess } from '@crewdesk/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { VisitAccessSection } from './visit-access-section';

const JOB_ID = '5b7c1c1e-1111-4c43-9d55-0b7f6f1d2c01';
const ENTRY_ID = '7d1e2f3a-3333-4c43-9d55-0b7f6f1d2c01';
const ok = (body: unknown) => () => ({ status: 200, body });

function access(over: Partial<VisitAccess>): VisitAccess {
  return {
    state: 'open',
    opensAt: '2026-12-01T14:00:00.000Z',
    closesAt: '2026-12-01T17:00:00.000Z',
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
        revealedAt: '2026-12-01T14:30:00.000Z',
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
