import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VISIT_CHANGED_MESSAGE } from '@crewdesk/domain';
import { adoptFirstPaint } from '@/lib/first-paint';
import { makeMe, mockApi, OWNED_ACCOUNT, renderRoute } from '@/test/utils';
import { ANN, BOB, makeDataTransfer, makeSchedule, makeVisit } from '../test/fixtures';
import { SchedulePage } from './schedule-page';

afterEach(() => {
  toast.dismiss();
});

const WEEK = 'GET /api/schedule?from=2026-05-03&to=2026-05-09';

function drag(from: HTMLElement, to: HTMLElement) {
  const dataTransfer = makeDataTransfer();
  fireEvent.dragStart(from, { dataTransfer });
  fireEvent.dragOver(to, { dataTransfer });
  fireEvent.drop(to, { dataTransfer });
  fireEvent.dragEnd(from, { dataTransfer });
}

describe('Schedule', () => {
  it('when a dispatcher drags a visit to another member’s lane, then it moves at once and PATCH hands it over', async () => {
    const visit = makeVisit({
      title: 'Deep clean',
      localStartsAt: '2026-05-06T09:30:00',
      assignees: [ANN],
      version: 3,
    });
    const after = { ...visit, localStartsAt: '2026-05-07T09:30:00', assignees: [BOB], version: 4 };
    let moved = false;
    const api = mockApi({
      [WEEK]: () => ({
        status: 200,
        body: makeSchedule({
          visits: [moved ? after : visit],
        }),
      }),
      [`PATCH /api/jobs/${visit.id}/schedule`]: () => {
        moved = true;
        return { status: 200, body: after };
      },
    });
    renderRoute(<SchedulePage />, {
      me: makeMe({ role: 'owner' }),
      path: '/schedule?view=team&date=2026-05-06',
    });

    const card = await screen.findByTestId(`visit-${visit.id}`);
    expect(screen.getByTestId(`lane-${ANN.id}-2026-05-06`)).toContainElement(card);
    expect(card).toHaveAttribute('draggable', 'true');
    drag(card, screen.getByTestId(`lane-${BOB.id}-2026-05-07`));

    // Drawn in the new lane at once, and still there once the server has answered.
    expect(
      await within(screen.getByTestId(`lane-${BOB.id}-2026-05-07`)).findByTestId(
        `visit-${visit.id}`,
      ),
    ).toBeInTheDocument();
    expect(
      within(screen.getByTestId(`lane-${ANN.id}-2026-05-06`)).queryByTestId(`visit-${visit.id}`),
    ).not.toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls.find((c) => c.key.startsWith('PATCH'))?.body).toEqual({
        startsAt: '2026-05-07T09:30:00',
        fromAssigneeId: ANN.id,
        toAssigneeId: BOB.id,
        version: 3,
      }),
    );
  });

  it('when a visit is dropped on a slot of the week, then it moves to that time on that day', async () => {
    const visit = makeVisit({ title: 'Gutter check', localStartsAt: '2026-05-06T09:00:00' });
    const api = mockApi({
      [WEEK]: () => ({ status: 200, body: makeSchedule({ visits: [visit] }) }),
      [`PATCH /api/jobs/${visit.id}/schedule`]: () => ({ status: 200, body: visit }),
    });
    renderRoute(<SchedulePage />, { me: makeMe(), path: '/schedule?view=week&date=2026-05-06' });

    drag(
      await screen.findByTestId(`visit-${visit.id}`),
      screen.getByTestId('slot-2026-05-08-14:30'),
    );
    await waitFor(() =>
      expect(api.calls.find((c) => c.key.startsWith('PATCH'))?.body).toEqual({
        startsAt: '2026-05-08T14:30:00',
        version: 1,
      }),
    );
  });

  it('when someone else changed the visit meanwhile (409), then the server’s message shows and the schedule loads again', async () => {
    const visit = makeVisit({ title: 'Window wash', localStartsAt: '2026-05-06T09:00:00' });
    const monthKey = 'GET /api/schedule?from=2026-04-26&to=2026-06-06';
    const api = mockApi({
      [monthKey]: () => ({ status: 200, body: makeSchedule({ visits: [visit] }) }),
      [`PATCH /api/jobs/${visit.id}/schedule`]: () => ({
        status: 409,
        body: { code: 'CONFLICT', message: VISIT_CHANGED_MESSAGE },
      }),
    });
    renderRoute(<SchedulePage />, { me: makeMe(), path: '/schedule?view=month&date=2026-05-06' });

    // The month view asks for its own six weeks.
    expect(await screen.findByRole('grid', { name: 'Month' })).toBeInTheDocument();
    await screen.findByTestId(`visit-${visit.id}`);
    api.calls.length = 0;
    drag(screen.getByTestId(`visit-${visit.id}`), screen.getByTestId('day-2026-05-20'));

    expect(await screen.findByText(VISIT_CHANGED_MESSAGE)).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls.filter((c) => c.key === monthKey).length).toBeGreaterThanOrEqual(1),
    );
    // The visit is back where the server has it.
    await waitFor(() =>
      expect(screen.getByTestId('day-2026-05-06')).toContainElement(
        screen.getByTestId(`visit-${visit.id}`),
      ),
    );
  });

  it('when a day of the month has more visits than fit, then it shows three and “+N more” opens the day', async () => {
    const visits = Array.from({ length: 5 }, (_, i) =>
      makeVisit({ title: `Busy ${i}`, localStartsAt: `2026-05-12T0${i + 8}:00:00` }),
    );
    mockApi({
      'GET /api/schedule?from=2026-04-26&to=2026-06-06': () => ({
        status: 200,
        body: makeSchedule({ visits }),
      }),
      'GET /api/schedule?from=2026-05-12&to=2026-05-12': () => ({
        status: 200,
        body: makeSchedule({ visits }),
      }),
    });
    const user = userEvent.setup();
    const { router } = renderRoute(<SchedulePage />, {
      me: makeMe(),
      path: '/schedule?view=month&date=2026-05-06',
    });
    const day = await screen.findByTestId('day-2026-05-12');
    await waitFor(() => expect(within(day).getAllByRole('link')).toHaveLength(3));
    await user.click(within(day).getByRole('button', { name: '+2 more' }));
    expect(router.state.location.search).toBe('?view=day&date=2026-05-12');
    expect(
      await screen.findByRole('heading', { name: 'Tuesday, May 12, 2026' }),
    ).toBeInTheDocument();
  });

  it('when the week is shown, then Next and Today move the range and the title follows', async () => {
    mockApi({
      [WEEK]: () => ({ status: 200, body: makeSchedule() }),
      'GET /api/schedule?from=2026-05-10&to=2026-05-16': () => ({
        status: 200,
        body: makeSchedule(),
      }),
    });
    const user = userEvent.setup();
    renderRoute(<SchedulePage />, { me: makeMe(), path: '/schedule?view=week&date=2026-05-06' });
    expect(await screen.findByRole('heading', { name: 'May 3 – 9, 2026' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'May 10 – 16, 2026' })).toBeInTheDocument();
    expect(await screen.findByText(/Nothing scheduled this week/)).toBeInTheDocument();
  });

  it('when the business starts its weeks on Monday and writes dates the British way, then the week follows', async () => {
    let asked = false;
    mockApi({
      'GET /api/schedule?from=2026-05-04&to=2026-05-10': () => {
        asked = true;
        return { status: 200, body: makeSchedule() };
      },
    });
    const account = { ...OWNED_ACCOUNT, week_starts_on: 1, locale: 'en-GB' };
    renderRoute(<SchedulePage />, {
      me: makeMe({ accounts: [account] }),
      path: '/schedule?view=week&date=2026-05-06',
    });
    expect(await screen.findByRole('heading', { name: '4 – 10 May 2026' })).toBeInTheDocument();
    expect(asked).toBe(true);
  });

  it('when the range holds more visits than the schedule shows, then a notice says so and how to see the rest', async () => {
    mockApi({
      [WEEK]: () => ({
        status: 200,
        body: makeSchedule({ visits: [makeVisit()], truncated: true, visitLimit: 5000 }),
      }),
    });
    renderRoute(<SchedulePage />, { me: makeMe(), path: '/schedule?view=week&date=2026-05-06' });
    const notice = await screen.findByTestId('schedule-truncated');
    expect(notice).toHaveTextContent(
      'Showing the first 5,000 visits of this range. Narrow the range or filter by team member to see the rest.',
    );
    expect(notice).toHaveAttribute('role', 'status');
  });

  it('when the range holds all its visits, then there is no such notice', async () => {
    mockApi({ [WEEK]: () => ({ status: 200, body: makeSchedule({ visits: [makeVisit()] }) }) });
    renderRoute(<SchedulePage />, { me: makeMe(), path: '/schedule?view=week&date=2026-05-06' });
    expect(await screen.findByRole('heading', { name: 'May 3 – 9, 2026' })).toBeInTheDocument();
    await screen.findAllByTestId(/^visit-/);
    expect(screen.queryByTestId('schedule-truncated')).not.toBeInTheDocument();
  });

  it('when the colour toggle switches to status, then the legend lists the statuses', async () => {
    mockApi({ [WEEK]: () => ({ status: 200, body: makeSchedule() }) });
    const user = userEvent.setup();
    renderRoute(<SchedulePage />, { me: makeMe(), path: '/schedule?view=week&date=2026-05-06' });
    const legend = await screen.findByRole('list', { name: 'Legend' });
    expect(within(legend).getByText('Cleaning')).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('group', { name: 'Color by' })).getByRole('button', {
        name: 'Status',
      }),
    );
    expect(within(legend).getByText('On the way')).toBeInTheDocument();
    expect(within(legend).queryByText('Cleaning')).not.toBeInTheDocument();
  });

  it('when a team member opens the schedule, then visits open but cannot be dragged, and there is no member filter or side list', async () => {
    const visit = makeVisit({ title: 'My visit', assignees: [ANN] });
    mockApi({
      [WEEK]: () => ({ status: 200, body: makeSchedule({ visits: [visit], members: [ANN] }) }),
    });
    renderRoute(<SchedulePage />, {
      me: makeMe({ role: 'team_member' }),
      path: '/schedule?view=week&date=2026-05-06',
    });
    const card = await screen.findByTestId(`visit-${visit.id}`);
    expect(card).not.toHaveAttribute('draggable');
    expect(within(card).getByRole('link')).toHaveAttribute('href', `/jobs/${visit.id}`);
    expect(screen.queryByLabelText('Team member')).not.toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: /Unplanned/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New job' })).not.toBeInTheDocument();
  });

  it('when the schedule cannot load, then the server’s message shows with Try again', async () => {
    mockApi({
      [WEEK]: () => ({ status: 403, body: { code: 'FORBIDDEN', message: 'Not for you.' } }),
    });
    renderRoute(<SchedulePage />, { me: makeMe(), path: '/schedule?view=week&date=2026-05-06' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not for you.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('when an unplanned job is moved with the keyboard’s Move dialog, then PATCH gets the date, time and member', async () => {
    const job = makeVisit({
      title: 'Unplanned job',
      localStartsAt: null,
      startsAt: null,
      version: 2,
    });
    const api = mockApi({
      [WEEK]: () => ({ status: 200, body: makeSchedule({ unplanned: [job] }) }),
      [`PATCH /api/jobs/${job.id}/schedule`]: () => ({ status: 200, body: job }),
    });
    const user = userEvent.setup();
    renderRoute(<SchedulePage />, { me: makeMe(), path: '/schedule?view=week&date=2026-05-06' });
    const side = await screen.findByRole('complementary', { name: /Unplanned/ });
    await user.click(within(side).getByRole('button', { name: 'Move Unplanned job' }));
    const dialog = screen.getByRole('dialog', { name: 'Move visit' });
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2026-05-07' } });
    fireEvent.change(within(dialog).getByLabelText('Time'), { target: { value: '13:30' } });
    await user.selectOptions(within(dialog).getByLabelText('Team member'), BOB.id);
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.key.startsWith('PATCH'))?.body).toEqual({
        startsAt: '2026-05-07T13:30:00',
        fromAssigneeId: null,
        toAssigneeId: BOB.id,
        version: 2,
      }),
    );
  });
});

describe("Schedule, opened on today with the server's first paint", () => {
  // Last in this file: the adopted first paint stays known to the module for the file's tests.
  it('when the first paint said the week is empty, then the line stays in place while its visits load', () => {
    window.history.replaceState(null, '', '/schedule');
    document.body.innerHTML = `<div id="root"><div data-first-paint="" data-path="/schedule" data-title="Schedule" data-description="Who is where, and when." data-day-title="Wednesday, May 6, 2026" data-week-title="May 3 – 9, 2026" data-can-plan="true" data-empty-day="false" data-empty-week="true"></div></div>`;
    adoptFirstPaint(document.getElementById('root')!);
    // The visits never arrive in this test.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    renderRoute(<SchedulePage />, { me: makeMe({ role: 'owner' }), path: '/schedule' });
    expect(
      screen.getByText('Nothing scheduled this week. Click a time to add a job.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Nothing scheduled on this day/)).not.toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });
});
