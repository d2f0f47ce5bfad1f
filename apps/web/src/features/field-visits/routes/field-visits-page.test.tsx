import type { FieldPack } from '@crewdesk/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FieldVisitsProvider } from '@/entities/field-visit/api/field-visits-context';
import { mockApi, renderRoute } from '@/test/utils';
import { FieldVisitsPage } from './field-visits-page';

const pack = (over: Partial<FieldPack> = {}): FieldPack => ({
  userId: 'user-1',
  timeZone: 'America/Chicago',
  dates: ['2026-12-01', '2026-12-02'],
  packedAt: '2026-12-01T13:00:00.000Z',
  locationConsent: false,
  visits: [
    {
      id: '0b0f8f9e-2f49-4a8e-9d2c-1b8d6f0a1c02',
      title: 'Basement deep clean',
      status: 'scheduled',
      startsAt: '2026-12-01T15:00:00.000Z',
      localStartsAt: '2026-12-01T09:00:00',
      durationMinutes: 120,
      customerName: 'Bea Basement',
      customerPhone: null,
      address: '12 Elm St, Austin, TX 78701',
      notes: '',
      checklist: [
        { id: '0b0f8f9e-2f49-4a8e-9d2c-1b8d6f0a1c03', label: 'Stairs', done: true },
        { id: '0b0f8f9e-2f49-4a8e-9d2c-1b8d6f0a1c04', label: 'Floor', done: false },
      ],
      accessLabels: [],
    },
  ],
  ...over,
});

const open = () =>
  renderRoute(
    <FieldVisitsProvider>
      <FieldVisitsPage />
    </FieldVisitsProvider>,
    { path: '/visits' },
  );

afterEach(() => vi.restoreAllMocks());

describe('FieldVisitsPage', () => {
  it("when the server answers, then today's visits show by day with their checklist", async () => {
    mockApi({ 'GET /api/field/visits': () => ({ status: 200, body: pack() }) });
    open();
    expect(await screen.findByRole('link', { name: 'Basement deep clean' })).toHaveAttribute(
      'href',
      '/visits/0b0f8f9e-2f49-4a8e-9d2c-1b8d6f0a1c02',
    );
    expect(screen.getByText('Checklist 1 of 2')).toBeInTheDocument();
    expect(screen.getByText('No visits.')).toBeInTheDocument();
  });

  it('when there are no visits, then it says so and what will appear', async () => {
    mockApi({ 'GET /api/field/visits': () => ({ status: 200, body: pack({ visits: [] }) }) });
    open();
    expect(await screen.findByText('No visits today or tomorrow')).toBeInTheDocument();
  });

  it('when the session has ended, then it asks to sign in', async () => {
    mockApi({
      'GET /api/field/visits': () => ({
        status: 401,
        body: { code: 'UNAUTHENTICATED', message: 'Sign in' },
      }),
    });
    open();
    expect(await screen.findByText('Sign in to see your visits')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/auth?returnTo=%2Fvisits',
    );
  });

  it('when the server fails and nothing is kept, then it says so with a way to try again', async () => {
    mockApi({
      'GET /api/field/visits': () => ({ status: 500, body: { code: 'INTERNAL', message: 'Oops' } }),
    });
    open();
    expect(await screen.findByText('Your visits could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('when the phone is offline and kept nothing, then it says how to keep visits on it', async () => {
    const { fetchMock } = mockApi({});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    open();
    expect(await screen.findByText('No visits on this phone yet')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
