import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import type { VisitsMapProps } from '../components/visits-map';
import { businessToday } from '@/lib/business-today';
import { makeMapAnswer, makeMapVisit, MEMBER_ID } from '../test/fixtures';
import { MapPage, NO_TILES_NOTE } from './map-page';

// Leaflet needs a real layout engine: the map itself is replaced, the page around it is real.
vi.mock('../components/visits-map', () => ({
  default: ({ answer, numbers, line }: VisitsMapProps) => (
    <ul aria-label="Pins">
      {answer.visits.map((v) => (
        <li key={v.id} title={v.title}>
          {numbers.get(v.id)}
        </li>
      ))}
      <li>line:{line.length}</li>
    </ul>
  ),
}));

afterEach(() => {
  toast.dismiss();
});

const today = businessToday();
const OPTIONS = 'GET /api/team/employees/options';
const first = makeMapVisit({ title: 'Office clean', localStartsAt: `${today}T09:00:00` });
const second = makeMapVisit({
  title: 'Shop inspection',
  localStartsAt: `${today}T11:00:00`,
  latitude: 40.8,
  longitude: -73.9,
});
const nowhere = makeMapVisit({
  title: 'Cabin check',
  localStartsAt: `${today}T15:00:00`,
  latitude: null,
  longitude: null,
});

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [OPTIONS]: () => ({
      status: 200,
      body: [{ id: MEMBER_ID, firstName: 'Ann', lastName: 'Lee' }],
    }),
    [`GET /api/map?date=${today}`]: () => ({
      status: 200,
      body: makeMapAnswer({ visits: [second, first, nowhere] }),
    }),
    [`GET /api/map?date=${today}&assigneeId=${MEMBER_ID}`]: () => ({
      status: 200,
      body: makeMapAnswer({ visits: [second, first, nowhere] }),
    }),
    ...extra,
  });
}

describe('Map', () => {
  it('when the day has visits, then they are listed in time order beside the map, with the no-tiles note', async () => {
    api();
    renderRoute(<MapPage />, { me: makeMe(), path: '/map' });
    const list = await screen.findByRole('list', { name: 'Visits of the day' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Office clean', 'Shop inspection', 'Cabin check']);
    expect(within(list).getByRole('link', { name: 'Office clean' })).toHaveAttribute(
      'href',
      `/jobs/${first.id}`,
    );
    expect(within(list).getByText(/Not on the map/)).toBeInTheDocument();
    expect(screen.getByTestId('visits-map')).toBeInTheDocument();
    expect(await screen.findByTitle('Office clean')).toHaveTextContent('1');
    expect(screen.getByText(NO_TILES_NOTE)).toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveValue(today);
  });

  it('when Suggest order is asked for a member, then the numbered order, the distance and the line show, and Apply saves it', async () => {
    const calls = api({
      'POST /api/map/route': () => ({
        status: 200,
        body: {
          start: { label: '5 Office Rd', latitude: 40.71, longitude: -74.01 },
          order: [second.id, first.id],
          totalKm: 12.34,
          skipped: [nowhere.id],
        },
      }),
      'POST /api/map/route/apply': () => ({ status: 200, body: { visits: [second, first] } }),
    });
    const user = userEvent.setup();
    renderRoute(<MapPage />, { me: makeMe({ role: 'manager' }), path: '/map' });
    await screen.findByRole('list', { name: 'Visits of the day' });
    expect(screen.getByRole('button', { name: 'Suggest order' })).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('Team member'), MEMBER_ID);
    await user.click(screen.getByRole('button', { name: 'Suggest order' }));

    const order = await screen.findByRole('list', { name: 'Suggested order' });
    expect(
      within(order)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1.Shop inspection · now 11:00 AM', '2.Office clean · now 9:00 AM']);
    expect(screen.getByText('12.3 km')).toBeInTheDocument();
    expect(screen.getByText(/Left out \(no position\): Cabin check/)).toBeInTheDocument();
    expect(screen.getByTitle('Shop inspection')).toHaveTextContent('1');
    expect(screen.getByText('line:3')).toBeInTheDocument();
    expect(calls.calls.find((c) => c.key === 'POST /api/map/route')?.body).toEqual({
      date: today,
      assigneeId: MEMBER_ID,
    });

    await user.click(screen.getByRole('button', { name: 'Apply to schedule' }));
    expect(await screen.findByText('Schedule updated')).toBeInTheDocument();
    expect(calls.calls.find((c) => c.key === 'POST /api/map/route/apply')?.body).toEqual({
      date: today,
      assigneeId: MEMBER_ID,
      order: [second.id, first.id],
    });
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Suggested order' })).not.toBeInTheDocument(),
    );
    // The map loads again with the new times.
    expect(
      calls.calls.filter((c) => c.key === `GET /api/map?date=${today}&assigneeId=${MEMBER_ID}`)
        .length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('when the map cannot load, then the server’s message shows', async () => {
    mockApi({
      [OPTIONS]: () => ({ status: 200, body: [] }),
      [`GET /api/map?date=${today}`]: () => ({
        status: 403,
        body: { code: 'FORBIDDEN', message: 'Only admins and managers can open the map.' },
      }),
    });
    renderRoute(<MapPage />, { me: makeMe(), path: '/map' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only admins and managers can open the map.',
    );
  });
});
