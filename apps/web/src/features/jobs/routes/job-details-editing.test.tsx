import type { JobDetail } from '@crewdesk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocationMapInnerProps } from '@/entities/location/ui/location-map-inner';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { jobBodyOf } from '../api/update-job';
import { ABBY, JOB_ID, makeJob } from '@/entities/job/test/fixtures';
import { JobDetailsPage } from './job-details-page';

// Leaflet needs a real layout engine: the lazily loaded map is replaced, the page is real.
vi.mock('@/entities/location/ui/location-map-inner', () => ({
  default: ({ latitude, longitude, tileUrl }: LocationMapInnerProps) => (
    <p>
      Pin at {latitude},{longitude} {tileUrl ? `on ${tileUrl}` : 'without tiles'}
    </p>
  ),
}));

afterEach(() => {
  toast.dismiss();
});

const BEN = {
  id: '4c0c8f0e-3333-4c43-9d55-0b7f6f1d2c01',
  firstName: 'Ben',
  lastName: 'Brown',
  userId: 'user-ben',
};
const GET = `GET /api/jobs/${JOB_ID}`;
const VISIT_INSPECTIONS = `GET /api/inspections?jobId=${JOB_ID}&limit=25`;
const PUT = `PUT /api/jobs/${JOB_ID}?scope=this`;
const MATERIALS = `GET /api/jobs/${JOB_ID}/materials`;
const ACCESS = `GET /api/jobs/${JOB_ID}/access`;
const TEAM = {
  'GET /api/team/employees/options': () => ({
    status: 200,
    body: [ABBY, BEN].map(({ id, firstName, lastName }) => ({ id, firstName, lastName })),
  }),
};

function open(role: 'owner' | 'team_member' = 'owner') {
  return renderRoute(<JobDetailsPage />, {
    me: makeMe({ role }),
    path: `/jobs/${JOB_ID}`,
    routePath: '/jobs/:id',
  });
}

function putBodies(calls: { key: string; body: unknown }[]) {
  return calls.filter((c) => c.key === PUT).map((c) => c.body);
}

/** The whole job as saved, with what the test changed: PUT replaces every field. */
function fullBody(job: JobDetail, changes: Record<string, unknown>) {
  return {
    kind: 'job',
    title: 'Deep clean',
    customerId: job.customer?.id,
    location: '12 Main St, Springfield, IL 62701',
    latitude: null,
    longitude: null,
    assigneeIds: [ABBY.id],
    startsAt: '2026-05-04T09:00:00',
    durationMinutes: 120,
    type: 'cleaning',
    priceCents: 12550,
    frequency: 'one-time',
    notes: 'Gate code 1234',
    lineItems: [],
    checklist: [],
    ...changes,
  };
}

describe('JobDetailsPage: assignees', () => {
  it('when a dispatcher adds a team member, then the whole job is PUT with both assignees and the page shows the answer', async () => {
    const job = makeJob();
    const api = mockApi({
      ...TEAM,
      [GET]: () => ({ status: 200, body: job }),
      [PUT]: () => ({ status: 200, body: makeJob({ assignees: [ABBY, BEN] }) }),
    });
    const user = userEvent.setup();
    open();
    const schedule = within(await screen.findByRole('region', { name: 'Schedule' }));
    const picker = schedule.getByRole('combobox', { name: 'Add an assignee' });
    // Abby is on the job already: only the others are offered.
    await waitFor(() =>
      expect(
        within(picker)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Choose a team member', 'Ben Brown']),
    );
    await user.selectOptions(picker, BEN.id);
    await user.click(schedule.getByRole('button', { name: 'Add' }));

    expect(await schedule.findByRole('button', { name: 'Remove Ben Brown' })).toBeInTheDocument();
    expect(putBodies(api.calls)).toEqual([fullBody(job, { assigneeIds: [ABBY.id, BEN.id] })]);
    expect(await screen.findByText('Assignee added')).toBeInTheDocument();
    // Everyone is now on the job: nothing left to add.
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Everyone is assigned']);
  });

  it('when a dispatcher removes the only assignee, then the job is PUT with no assignees and shows Unassigned', async () => {
    const job = makeJob();
    const api = mockApi({
      ...TEAM,
      [GET]: () => ({ status: 200, body: job }),
      [PUT]: () => ({ status: 200, body: makeJob({ assignees: [] }) }),
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Remove Abby Adams' }));

    const schedule = within(screen.getByRole('region', { name: 'Schedule' }));
    expect(await schedule.findByText('Unassigned')).toBeInTheDocument();
    expect(putBodies(api.calls)).toEqual([fullBody(job, { assigneeIds: [] })]);
    expect(await screen.findByText('Assignee removed')).toBeInTheDocument();
  });

  it('when a series visit changes its team and the save fails, then scope=this is used, the error shows and the team stays', async () => {
    const job = makeJob({
      seriesId: '5d0c8f0e-4444-4c43-9d55-0b7f6f1d2c01',
      recurring: true,
      frequency: 'weekly',
    });
    const api = mockApi({
      ...TEAM,
      [GET]: () => ({ status: 200, body: job }),
      [PUT]: () => ({
        status: 409,
        body: { code: 'CONFLICT', message: 'This visit was changed meanwhile.' },
      }),
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Remove Abby Adams' }));

    expect(await screen.findByText('This visit was changed meanwhile.')).toBeInTheDocument();
    expect(putBodies(api.calls)).toEqual([fullBody(job, { assigneeIds: [], frequency: 'weekly' })]);
    expect(screen.getByRole('button', { name: 'Remove Abby Adams' })).toBeEnabled();
  });

  it('when a team member opens a visit, then assignees and lines are read-only and the team is not asked for', async () => {
    const api = mockApi({
      [GET]: () => ({
        status: 200,
        body: makeJob({
          canEdit: false,
          lineItems: [{ description: 'Oven', quantity: 1, unitPriceCents: 4000 }],
          priceCents: 4000,
        }),
      }),
      // The visit's inspections (Start inspection): asked for, none yet.
      [VISIT_INSPECTIONS]: () => ({
        status: 200,
        body: { items: [], nextCursor: null, total: 0, totalCapped: false },
      }),
      // Materials used (issue 21): the assignee's visit.
      [MATERIALS]: () => ({
        status: 200,
        body: {
          jobId: JOB_ID,
          defaultLocationId: null,
          suggested: [],
          recorded: [],
          recordedAt: null,
        },
      }),
      // The Access panel (issue 26): the client's code labels, for the crew of the visit.
      [ACCESS]: () => ({
        status: 200,
        body: { state: 'not-yet', opensAt: null, closesAt: null, entries: [] },
      }),
    });
    open('team_member');
    const schedule = within(await screen.findByRole('region', { name: 'Schedule' }));
    expect(schedule.getByText('Abby Adams')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove Abby/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Add an assignee' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Line items' })).not.toBeInTheDocument();
    const price = within(screen.getByRole('region', { name: 'Price' }));
    expect(price.getByRole('cell', { name: /Oven/ })).toBeInTheDocument();
    expect(price.getByText('The total of the line item')).toBeInTheDocument();
    expect(api.calls.map((c) => c.key).sort()).toEqual(
      [GET, VISIT_INSPECTIONS, MATERIALS, ACCESS].sort(),
    );
  });
});

describe('JobDetailsPage: line items', () => {
  it('when a dispatcher adds a line, then its subtotal shows and the job is PUT with the line in cents', async () => {
    const job = makeJob();
    const saved = makeJob({
      lineItems: [{ description: 'Window cleaning', quantity: 2, unitPriceCents: 1250 }],
      priceCents: 2500,
    });
    const api = mockApi({
      ...TEAM,
      [GET]: () => ({ status: 200, body: job }),
      [PUT]: () => ({ status: 200, body: saved }),
    });
    const user = userEvent.setup();
    open();
    const section = within(await screen.findByRole('region', { name: 'Line items' }));
    await user.click(section.getByRole('button', { name: 'Add line' }));
    const line = within(section.getByRole('group', { name: 'Line 1' }));
    await waitFor(() => expect(line.getByLabelText('Description')).toHaveFocus());
    await user.type(line.getByLabelText('Description'), 'Window cleaning');
    await user.clear(line.getByLabelText('Quantity'));
    await user.type(line.getByLabelText('Quantity'), '2');
    await user.type(line.getByLabelText('Unit price ($)'), '12.50');
    expect(section.getByTestId('line-items-subtotal')).toHaveTextContent('$25.00');
    await user.click(section.getByRole('button', { name: 'Save line items' }));

    expect(await screen.findByText('Line items saved')).toBeInTheDocument();
    expect(putBodies(api.calls)).toEqual([
      fullBody(job, {
        lineItems: [{ description: 'Window cleaning', quantity: 2, unitPriceCents: 1250 }],
        priceCents: 2500,
      }),
    ]);
    const price = within(screen.getByRole('region', { name: 'Price' }));
    expect(price.getByText('$25.00')).toBeInTheDocument();
    expect(price.getByText('The total of the line item')).toBeInTheDocument();
    // Saved: the draft is the job's lines again, nothing left to save.
    expect(section.queryByRole('button', { name: 'Save line items' })).not.toBeInTheDocument();
  });

  it('when a line is invalid, then its messages show inline and nothing is sent', async () => {
    const api = mockApi({ ...TEAM, [GET]: () => ({ status: 200, body: makeJob() }) });
    const user = userEvent.setup();
    open();
    const section = within(await screen.findByRole('region', { name: 'Line items' }));
    await user.click(section.getByRole('button', { name: 'Add line' }));
    const line = within(section.getByRole('group', { name: 'Line 1' }));
    await user.clear(line.getByLabelText('Quantity'));
    await user.type(line.getByLabelText('Quantity'), '0');
    await user.type(line.getByLabelText('Unit price ($)'), '-1');
    await user.click(section.getByRole('button', { name: 'Save line items' }));

    // The form validates asynchronously (zod resolver): wait for its answer, not the click.
    await waitFor(() =>
      expect(line.getByLabelText('Description')).toHaveAccessibleDescription('Required'),
    );
    await waitFor(() => expect(line.getByLabelText('Description')).toHaveFocus());
    expect(line.getByLabelText('Quantity')).toHaveAccessibleDescription(
      'Quantity must be more than 0',
    );
    expect(line.getByLabelText('Unit price ($)')).toHaveAccessibleDescription(
      'Enter a price of $0 or more.',
    );
    expect(api.calls.some((c) => c.key.startsWith('PUT'))).toBe(false);
  });

  it('when a dispatcher edits one line and removes another, then only the kept line is sent', async () => {
    const job = makeJob({
      lineItems: [
        { description: 'Oven', quantity: 1, unitPriceCents: 4000 },
        { description: 'Fridge', quantity: 1, unitPriceCents: 3000 },
      ],
      priceCents: 7000,
    });
    const api = mockApi({
      ...TEAM,
      [GET]: () => ({ status: 200, body: job }),
      [PUT]: () => ({
        status: 200,
        body: makeJob({
          lineItems: [{ description: 'Fridge', quantity: 3, unitPriceCents: 3000 }],
          priceCents: 9000,
        }),
      }),
    });
    const user = userEvent.setup();
    open();
    const section = within(await screen.findByRole('region', { name: 'Line items' }));
    expect(section.getByTestId('line-items-subtotal')).toHaveTextContent('$70.00');
    await user.click(section.getByRole('button', { name: 'Remove line 1' }));
    const line = within(section.getByRole('group', { name: 'Line 1' }));
    expect(line.getByLabelText('Description')).toHaveValue('Fridge');
    await user.clear(line.getByLabelText('Quantity'));
    await user.type(line.getByLabelText('Quantity'), '3');
    expect(section.getByTestId('line-items-subtotal')).toHaveTextContent('$90.00');
    await user.click(section.getByRole('button', { name: 'Save line items' }));

    await waitFor(() =>
      expect(putBodies(api.calls)).toEqual([
        {
          ...jobBodyOf(job),
          lineItems: [{ description: 'Fridge', quantity: 3, unitPriceCents: 3000 }],
          priceCents: 9000,
        },
      ]),
    );
    expect(
      await within(screen.getByRole('region', { name: 'Price' })).findByText('$90.00'),
    ).toBeInTheDocument();
  });
});

describe('JobDetailsPage: location map', () => {
  it('when the visit has no coordinates, then no map is drawn and no tiles are asked for', async () => {
    const api = mockApi({ ...TEAM, [GET]: () => ({ status: 200, body: makeJob() }) });
    open();
    const location = within(await screen.findByRole('region', { name: 'Location' }));
    expect(location.getByText('12 Main St, Springfield, IL 62701')).toBeInTheDocument();
    expect(screen.queryByTestId('location-map')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Pin at/)).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.key === 'GET /api/map-tiles')).toBe(false);
  });

  it('when the visit has coordinates, then the map shows its pin with the configured tiles', async () => {
    mockApi({
      ...TEAM,
      [GET]: () => ({ status: 200, body: makeJob({ latitude: 39.8, longitude: -89.65 }) }),
      'GET /api/map-tiles': () => ({
        status: 200,
        body: { tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', tileAttribution: '© Test' },
      }),
    });
    open();
    const location = within(await screen.findByRole('region', { name: 'Location' }));
    const map = await location.findByTestId('location-map');
    expect(
      await within(map).findByText('Pin at 39.8,-89.65 on https://tiles.test/{z}/{x}/{y}.png'),
    ).toBeInTheDocument();
    expect(location.queryByText(/Map tiles are not available/)).not.toBeInTheDocument();
  });
});
