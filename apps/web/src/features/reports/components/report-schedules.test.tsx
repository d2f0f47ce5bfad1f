import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  figureDefinitions,
  type ReportSchedule,
  type RevenueAheadReport,
  type TeamEmployee,
} from '@crewdesk/domain';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { ReportsPage } from '../routes/reports-page';

const ANN = '00000000-0000-4000-8000-0000000000c1';
const BO = '00000000-0000-4000-8000-0000000000c2';
const SCHEDULE = '00000000-0000-4000-8000-0000000000d1';

const AHEAD: RevenueAheadReport = {
  today: '2026-11-25',
  timeZone: 'UTC',
  windows: [],
  owed: { totalCents: 0, overdueCents: 0, invoiceCount: 0, link: { path: '/', query: {} } },
  definitions: figureDefinitions(['revenue_ahead']),
};

function employee(id: string, userId: string | null, firstName: string): TeamEmployee {
  return {
    id,
    firstName,
    lastName: 'Lee',
    email: `${firstName.toLowerCase()}@example.com`,
    phone: null,
    employmentStatus: 'active',
    payRateCents: null,
    crewLeaderId: null,
    userId,
    role: userId ? 'manager' : null,
    memberStatus: userId ? 'active' : null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

const TEAM = {
  items: [
    employee('00000000-0000-4000-8000-0000000000e1', ANN, 'Ann'),
    employee('00000000-0000-4000-8000-0000000000e2', BO, 'Bo'),
    // Staff without a login cannot receive mail: not offered.
    employee('00000000-0000-4000-8000-0000000000e3', null, 'Cy'),
  ],
  total: 3,
  limit: 100,
  offset: 0,
  nextOffset: null,
};

const EXISTING: ReportSchedule = {
  id: SCHEDULE,
  report: 'margin',
  frequency: 'monthly',
  recipients: [{ userId: ANN, name: 'Ann Lee', email: 'ann@example.com' }],
  lastSentFor: '2026-10-01',
};

function open(role: 'owner' | 'manager') {
  return renderRoute(<ReportsPage />, {
    me: makeMe({ role }),
    path: '/reports/revenue-ahead',
    routePath: '/reports/:report',
  });
}

const base = {
  'GET /api/reports/revenue-ahead': () => ({ status: 200, body: AHEAD }),
  'GET /api/team/employees?status=active&limit=100': () => ({ status: 200, body: TEAM }),
};

describe('Schedule by e-mail', () => {
  it('when an owner opens reports, then the schedules are listed and one can be created with chosen members', async () => {
    const posted = vi.fn();
    let schedules = [EXISTING];
    mockApi({
      ...base,
      'GET /api/reports/schedules': () => ({ status: 200, body: { schedules, max: 20 } }),
      'POST /api/reports/schedules': (init) => {
        const body = JSON.parse(String(init?.body));
        posted(body);
        const created: ReportSchedule = {
          id: '00000000-0000-4000-8000-0000000000d2',
          report: body.report,
          frequency: body.frequency,
          recipients: [{ userId: BO, name: 'Bo Lee', email: 'bo@example.com' }],
          lastSentFor: null,
        };
        schedules = [...schedules, created];
        return { status: 201, body: created };
      },
    });
    const user = userEvent.setup();
    open('owner');
    const list = await screen.findByRole('list', { name: 'Scheduled reports' });
    expect(list).toHaveTextContent('Margin, monthly');
    expect(list).toHaveTextContent('To Ann Lee');

    await user.click(screen.getByRole('button', { name: 'Schedule a report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule a report' });
    expect(within(dialog).queryByRole('checkbox', { name: /Cy Lee/ })).not.toBeInTheDocument();
    // Nobody chosen: the domain's message, and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Choose at least one recipient.',
    );
    expect(posted).not.toHaveBeenCalled();

    await user.selectOptions(within(dialog).getByLabelText('Report'), 'team-hours');
    await user.click(within(dialog).getByRole('radio', { name: /Monthly/ }));
    await user.click(await within(dialog).findByRole('checkbox', { name: /Bo Lee/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() =>
      expect(posted).toHaveBeenCalledWith({
        report: 'team-hours',
        frequency: 'monthly',
        recipientUserIds: [BO],
      }),
    );
    expect(await screen.findByText('Team hours, monthly')).toBeVisible();
  });

  it('when the server refuses a change, then its message shows in the form; a schedule can be deleted', async () => {
    const deleted = vi.fn();
    mockApi({
      ...base,
      'GET /api/reports/schedules': () => ({
        status: 200,
        body: { schedules: [EXISTING], max: 20 },
      }),
      [`PUT /api/reports/schedules/${SCHEDULE}`]: () => ({
        status: 400,
        body: {
          code: 'BAD_REQUEST',
          message: 'Recipients must be active members of this business.',
        },
      }),
      [`DELETE /api/reports/schedules/${SCHEDULE}`]: () => {
        deleted();
        return { status: 204, body: null };
      },
    });
    const user = userEvent.setup();
    open('owner');
    await user.click(await screen.findByRole('button', { name: 'Edit Margin, monthly' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the scheduled report' });
    expect(within(dialog).getByLabelText('Report')).toHaveValue('margin');
    expect(await within(dialog).findByRole('checkbox', { name: /Ann Lee/ })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(
      await within(dialog).findByText('Recipients must be active members of this business.'),
    ).toBeVisible();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Delete Margin, monthly' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toHaveBeenCalled());
  });

  it('when there are none, then it says so', async () => {
    mockApi({
      ...base,
      'GET /api/reports/schedules': () => ({ status: 200, body: { schedules: [], max: 20 } }),
    });
    open('owner');
    expect(await screen.findByText(/No report is mailed yet/)).toBeVisible();
  });

  it('when the load fails, then it offers to try again', async () => {
    mockApi({
      ...base,
      'GET /api/reports/schedules': () => ({
        status: 500,
        body: { code: 'INTERNAL', message: '' },
      }),
    });
    open('owner');
    expect(await screen.findByText('Could not load the scheduled reports')).toBeVisible();
  });

  it('when a manager opens reports, then scheduling is not offered and not asked for', async () => {
    const api = mockApi(base);
    open('manager');
    await screen.findByRole('heading', { name: 'Revenue ahead' });
    expect(screen.queryByRole('heading', { name: 'Schedule by e-mail' })).not.toBeInTheDocument();
    expect(api.calls.map((c) => c.key)).not.toContain('GET /api/reports/schedules');
  });
});
