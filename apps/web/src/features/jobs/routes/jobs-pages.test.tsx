import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { cellTexts, makeMe, mockApi, renderRoute } from '@/test/utils';
import { ABBY, makeJob, makeVisit } from '@/entities/job/test/fixtures';
import { JobsPage, NewJobPage, TasksPage } from './jobs-pages';

afterEach(() => {
  toast.dismiss();
});

const FIRST = 'GET /api/jobs?kind=job&limit=25';
const TEAM = 'GET /api/team/employees/options';
const team = { [TEAM]: () => ({ status: 200, body: [ABBY] }) };

function visit(n: number, overrides: Parameters<typeof makeVisit>[0] = {}) {
  return makeVisit({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    title: `Job ${n}`,
    customerName: `Client ${n}`,
    ...overrides,
  });
}

describe('Jobs list', () => {
  it('when the account has jobs, then they are listed with the next page on demand', async () => {
    mockApi({
      ...team,
      [FIRST]: () => ({
        status: 200,
        body: {
          items: [
            visit(1),
            visit(2, {
              status: 'completed',
              assignees: [],
              localStartsAt: null,
              startsAt: null,
              type: 'maintenance',
              priceCents: 0,
            }),
          ],
          nextCursor: 'c2',
          total: 3,
        },
      }),
      [`${FIRST}&cursor=c2`]: () => ({
        status: 200,
        body: { items: [visit(3)], nextCursor: null, total: 3 },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<JobsPage />, { me: makeMe(), path: '/jobs' });
    const table = await screen.findByRole('table', { name: 'Jobs' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(cellTexts(rows)).toEqual([
      [
        'Job 1',
        'Client 1',
        'Mon, May 4, 2026 · 9:00 AM',
        'Abby Adams',
        'Cleaning',
        '$125.50',
        'Scheduled',
      ],
      ['Job 2', 'Client 2', 'Not scheduled', 'Unassigned', 'Maintenance', '$0.00', 'Completed'],
    ]);
    expect(within(table).getByRole('link', { name: 'Job 1' })).toHaveAttribute(
      'href',
      '/jobs/00000000-0000-4000-8000-000000000001',
    );
    expect(screen.getByText('Showing 2 of 3 jobs')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('Job 3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('when the total stops at the server’s cap, then the count reads as a lower bound', async () => {
    mockApi({
      ...team,
      [FIRST]: () => ({
        status: 200,
        body: { items: [visit(1), visit(2)], nextCursor: 'c2', total: 10000, totalCapped: true },
      }),
    });
    renderRoute(<JobsPage />, { me: makeMe(), path: '/jobs' });
    expect(await screen.findByText('Showing 2 of 10000+ jobs')).toBeInTheDocument();
  });

  it('when the address names filters (a home tile), then the list starts with them', async () => {
    const query = `${FIRST}&status=completed&from=2026-11-25&to=2026-11-25`;
    const api = mockApi({
      ...team,
      [query]: () => ({ status: 200, body: { items: [visit(1)], nextCursor: null, total: 1 } }),
    });
    renderRoute(<JobsPage />, {
      me: makeMe(),
      path: '/jobs?from=2026-11-25&to=2026-11-25&status=completed',
    });
    expect(await screen.findByText('Showing 1 of 1 job')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('completed');
    expect(api.calls.map((c) => c.key)).not.toContain(FIRST);
  });

  it('when filters are chosen, then the list is asked again with them', async () => {
    const api = mockApi({
      ...team,
      [FIRST]: () => ({ status: 200, body: { items: [visit(1)], nextCursor: null, total: 1 } }),
      [`${FIRST}&status=completed`]: () => ({
        status: 200,
        body: { items: [], nextCursor: null, total: 0 },
      }),
      [`${FIRST}&status=completed&assigneeId=unassigned`]: () => ({
        status: 200,
        body: { items: [visit(4, { status: 'completed' })], nextCursor: null, total: 1 },
      }),
      [`${FIRST}&status=completed&assigneeId=unassigned&type=inspection`]: () => ({
        status: 200,
        body: { items: [], nextCursor: null, total: 0 },
      }),
      [`${FIRST}&status=completed&assigneeId=unassigned&type=inspection&from=2026-05-01`]: () => ({
        status: 200,
        body: { items: [], nextCursor: null, total: 0 },
      }),
      [`${FIRST}&status=completed&assigneeId=unassigned&type=inspection&from=2026-05-01&to=2026-05-31`]:
        () => ({ status: 200, body: { items: [], nextCursor: null, total: 0 } }),
      [`${FIRST}&status=completed&assigneeId=unassigned&type=inspection&from=2026-05-01&to=2026-05-31&q=oven`]:
        () => ({ status: 200, body: { items: [], nextCursor: null, total: 0 } }),
    });
    const user = userEvent.setup();
    renderRoute(<JobsPage />, { me: makeMe(), path: '/jobs' });
    await screen.findByRole('table', { name: 'Jobs' });

    await user.selectOptions(screen.getByLabelText('Status'), 'completed');
    expect(await screen.findByText('No matching jobs')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Assignee'), 'Unassigned');
    expect(await screen.findByRole('link', { name: 'Job 4' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Type'), 'inspection');
    await user.type(screen.getByLabelText('From'), '2026-05-01');
    await user.type(screen.getByLabelText('To'), '2026-05-31');
    await user.type(screen.getByLabelText('Search'), 'oven');
    await waitFor(() =>
      expect(api.calls.map((c) => c.key)).toContain(
        `${FIRST}&status=completed&assigneeId=unassigned&type=inspection&from=2026-05-01&to=2026-05-31&q=oven`,
      ),
    );
    expect(await screen.findByText('No matching jobs')).toBeInTheDocument();
  });

  it('when the list fails, then the error shows with Try again', async () => {
    mockApi({
      ...team,
      [FIRST]: () => ({ status: 500, body: { code: 'INTERNAL', message: 'Database is down' } }),
    });
    renderRoute(<JobsPage />, { me: makeMe(), path: '/jobs' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the jobs');
    expect(alert).toHaveTextContent('Database is down');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('when a dispatcher has no jobs yet, then New job opens the dialog', async () => {
    mockApi({
      ...team,
      [FIRST]: () => ({ status: 200, body: { items: [], nextCursor: null, total: 0 } }),
    });
    const user = userEvent.setup();
    renderRoute(<JobsPage />, { me: makeMe({ role: 'team_leader' }), path: '/jobs' });
    expect(await screen.findByText('No jobs yet')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'New job' })[0]!);
    // The dialog's code loads when it is first opened.
    expect(await screen.findByRole('dialog', { name: 'Add New Job Schedule' })).toBeInTheDocument();
  });

  it('when a team member opens /jobs, then their visits of today come first with Call, Navigate and the next status', async () => {
    const today = [
      visit(1, { localStartsAt: '2026-05-04T09:00:00', customerPhone: '(555) 010-0100' }),
      visit(2, {
        localStartsAt: '2026-05-04T13:30:00',
        status: 'in_progress',
        customerPhone: null,
      }),
    ];
    const api = mockApi({
      ...team,
      'GET /api/my-visits': () => ({
        status: 200,
        body: { timeZone: 'America/Chicago', date: '2026-05-04', visits: today },
      }),
      [FIRST]: () => ({ status: 200, body: { items: today, nextCursor: null, total: 2 } }),
      [`POST /api/jobs/${today[0]!.id}/status`]: () => ({
        status: 200,
        body: makeJob({ id: today[0]!.id, status: 'on_the_way' }),
      }),
      'POST /api/time/punches': () => ({ status: 200, body: {} }),
    });
    const user = userEvent.setup();
    renderRoute(<JobsPage />, { me: makeMe({ role: 'team_member' }), path: '/jobs' });
    const mine = within(await screen.findByRole('list', { name: 'My visits today' }));
    const cards = mine.getAllByRole('article');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByText('9:00 AM')).toBeInTheDocument();
    expect(first.getByText('Client 1')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Call Client 1' })).toHaveAttribute(
      'href',
      'tel:5550100100',
    );
    expect(first.getByRole('link', { name: /Navigate to/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=12%20Main%20St%2C%20Springfield%2C%20IL%2062701',
    );
    expect(within(cards[1]!).getByText('1:30 PM')).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('button', { name: 'Complete visit' })).toBeInTheDocument();
    // A team member plans nothing: no New job, no assignee filter.
    expect(screen.queryByRole('button', { name: 'New job' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Assignee')).not.toBeInTheDocument();

    await user.click(first.getByRole('button', { name: 'On my way' }));
    await waitFor(() =>
      expect(
        api.calls.find((c) => c.key === `POST /api/jobs/${today[0]!.id}/status`)?.body,
      ).toEqual({ status: 'on_the_way' }),
    );
    // The step on their own visit times it: travel to this visit.
    await waitFor(() =>
      expect(api.calls.find((c) => c.key === 'POST /api/time/punches')?.body).toMatchObject({
        action: 'on_my_way',
        jobId: today[0]!.id,
      }),
    );
  });
});

describe('Tasks list and /jobs/new', () => {
  it('when /tasks opens, then it lists tasks (kind=task) without the type filter', async () => {
    mockApi({
      ...team,
      'GET /api/jobs?kind=task&limit=25': () => ({
        status: 200,
        body: {
          items: [visit(5, { kind: 'task', title: 'Order supplies' })],
          nextCursor: null,
          total: 1,
        },
      }),
    });
    renderRoute(<TasksPage />, { me: makeMe(), path: '/tasks' });
    const table = await screen.findByRole('table', { name: 'Tasks' });
    expect(within(table).getByRole('link', { name: 'Order supplies' })).toHaveAttribute(
      'href',
      '/tasks/00000000-0000-4000-8000-000000000005',
    );
    expect(screen.queryByLabelText('Type')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New task' })).toBeInTheDocument();
  });

  it('when /jobs/new is closed, then it goes back to /jobs', async () => {
    mockApi({
      ...team,
      [FIRST]: () => ({ status: 200, body: { items: [], nextCursor: null, total: 0 } }),
    });
    const user = userEvent.setup();
    const { router } = renderRoute(<NewJobPage />, { me: makeMe(), path: '/jobs/new' });
    const d = screen.getByRole('dialog', { name: 'Add New Job Schedule' });
    await user.click(within(d).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/jobs'));
  });
});
