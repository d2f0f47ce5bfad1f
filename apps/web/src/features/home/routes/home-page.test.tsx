import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { HomeMoney, HomeMyPipeline, HomeToday } from '@crewdesk/domain';
import { figureDefinitions } from '@crewdesk/domain';
import { makeVisit } from '@/entities/job/test/fixtures';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { homeKindOf } from '@crewdesk/domain';
import { HomePage } from './home-page';

const ACCOUNT = '11111111-1111-4111-8111-111111111111';
const DAY = '2026-11-25';
const jobsOf = (status: string) => ({ path: '/jobs', query: { from: DAY, to: DAY, status } });

const TODAY: HomeToday = {
  timeZone: 'America/Chicago',
  date: DAY,
  visits: {
    total: 7,
    done: { count: 3, link: jobsOf('completed') },
    inProgress: { count: 1, link: jobsOf('in_progress') },
    late: { count: 2, link: jobsOf('scheduled') },
    toCome: { count: 1, link: jobsOf('scheduled') },
    link: { path: '/schedule', query: { date: DAY } },
  },
  unassigned: { count: 4, link: { path: '/jobs', query: { assigneeId: 'unassigned' } } },
  requestsWaiting: { count: 5, link: { path: '/quotes/estimates', query: { status: 'unopened' } } },
  quotesWaiting: {
    count: 2,
    sent: 1,
    viewed: 1,
    amountCents: 250_000,
    link: { path: '/quotes/quotes', query: { status: 'sent' } },
  },
  timeToApprove: {
    count: 3,
    weeks: 2,
    corrections: 1,
    link: { path: '/time-tracking', query: {} },
  },
  definitions: figureDefinitions(['visits_today', 'unassigned_work']),
};

const MONEY: HomeMoney = {
  today: DAY,
  overdue: {
    count: 3,
    amountCents: 123_450,
    link: { path: '/invoices', query: { status: 'overdue' } },
  },
  outstanding: {
    count: 8,
    amountCents: 500_000,
    link: { path: '/reports/receivables', query: {} },
  },
  thisMonth: {
    from: '2026-11-01',
    to: DAY,
    invoicedCents: 1_100_000,
    collectedCents: 900_000,
    tipsCents: 0,
  },
  lastMonth: {
    from: '2026-10-01',
    to: '2026-10-31',
    invoicedCents: 1_000_000,
    collectedCents: 0,
    tipsCents: 0,
  },
  reportLink: {
    path: '/reports/revenue',
    query: { from: '2026-10-01', to: DAY, groupBy: 'month' },
  },
  definitions: figureDefinitions(['invoices_overdue']),
};

const STARTED_DONE = {
  hasContact: true,
  hasEstimate: true,
  hasJob: true,
  hasInvoice: true,
  done: true,
};

function officeApi(overrides: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  return mockApi({
    'GET /api/home/today': () => ({ status: 200, body: TODAY }),
    'GET /api/home/money': () => ({ status: 200, body: MONEY }),
    'GET /api/home/getting-started': () => ({ status: 200, body: STARTED_DONE }),
    ...overrides,
  });
}

describe('homeKindOf', () => {
  it('when the role is an office role, a field role or a sales person, then each gets its home', () => {
    expect(homeKindOf('owner', ACCOUNT)).toBe('office');
    expect(homeKindOf('business_manager', ACCOUNT)).toBe('office');
    expect(homeKindOf('team_leader', ACCOUNT)).toBe('field');
    expect(homeKindOf('team_member', ACCOUNT)).toBe('field');
    expect(homeKindOf('sales_person', ACCOUNT)).toBe('sales');
    expect(homeKindOf('estimate-free', ACCOUNT)).toBe('other');
    expect(homeKindOf('member', null)).toBe('other');
  });
});

describe('HomePage for the office', () => {
  it("when the owner opens it, then today's visits and the money show, each tile linking to its filtered list", async () => {
    officeApi();
    renderRoute(<HomePage />, { me: makeMe({ role: 'owner' }) });

    const visits = await screen.findByRole('list', { name: "Today's visits" });
    expect(screen.getByText('7 visits today')).toBeVisible();
    expect(within(visits).getByRole('link', { name: /Done\s*3/ })).toHaveAttribute(
      'href',
      `/jobs?from=${DAY}&to=${DAY}&status=completed`,
    );
    expect(within(visits).getByRole('link', { name: /Late\s*2/ })).toHaveAttribute(
      'href',
      `/jobs?from=${DAY}&to=${DAY}&status=scheduled`,
    );
    expect(screen.getByRole('link', { name: /Unassigned work\s*4/ })).toHaveAttribute(
      'href',
      '/jobs?assigneeId=unassigned',
    );
    expect(screen.getByRole('link', { name: /Requests waiting for a quote\s*5/ })).toHaveAttribute(
      'href',
      '/quotes/estimates?status=unopened',
    );
    expect(screen.getByRole('link', { name: /Quotes waiting for the client/ })).toHaveTextContent(
      '$2,500.00 · 1 viewed',
    );
    // Time tracking, reached from the home: what waits for approval.
    const time = screen.getByRole('link', { name: /Time to approve\s*3/ });
    expect(time).toHaveAttribute('href', '/time-tracking');
    expect(time).toHaveTextContent('2 weeks · 1 correction');

    const overdue = await screen.findByRole('link', { name: /Invoices overdue/ });
    expect(overdue).toHaveTextContent('$1,234.50');
    expect(overdue).toHaveTextContent('3 invoices');
    expect(overdue).toHaveAttribute('href', '/invoices?status=overdue');
    expect(screen.getByRole('link', { name: /Invoiced this month/ })).toHaveTextContent(
      '+10% on last month',
    );
    // Nothing collected last month: no percentage against zero.
    expect(screen.getByRole('link', { name: /Collected this month/ })).not.toHaveTextContent('%');
    // The first steps are all done: they are gone.
    expect(screen.queryByRole('heading', { name: 'Get started' })).not.toBeInTheDocument();
  });

  it('when a tile is clicked, then the list opens with the filter in its address', async () => {
    officeApi();
    const user = userEvent.setup();
    const { router } = renderRoute(<HomePage />, { me: makeMe({ role: 'owner' }) });
    await user.click(await screen.findByRole('link', { name: /Invoices overdue/ }));
    expect(await screen.findByText('Other page')).toBeVisible();
    expect(router.state.location.pathname).toBe('/invoices');
    expect(router.state.location.search).toBe('?status=overdue');
  });

  it('when some first steps are not done, then they show with the done ones marked', async () => {
    officeApi({
      'GET /api/home/getting-started': () => ({
        status: 200,
        body: {
          hasContact: true,
          hasEstimate: false,
          hasJob: false,
          hasInvoice: false,
          done: false,
        },
      }),
    });
    renderRoute(<HomePage />, { me: makeMe({ role: 'owner' }) });
    const steps = await screen.findByRole('region', { name: 'Get started' });
    expect(within(steps).getByText('1 of 4 done')).toBeVisible();
    expect(within(steps).getByText('Step 1 · Done')).toBeVisible();
    expect(within(steps).queryByRole('link', { name: 'Add a contact' })).not.toBeInTheDocument();
    expect(within(steps).getByRole('link', { name: 'Create an estimate' })).toHaveAttribute(
      'href',
      '/quotes/new',
    );
  });

  it('when one group fails, then it says so with Try again and the other group still shows', async () => {
    let fail = true;
    officeApi({
      'GET /api/home/today': () =>
        fail
          ? { status: 500, body: { code: 'INTERNAL', message: '' } }
          : { status: 200, body: TODAY },
    });
    const user = userEvent.setup();
    renderRoute(<HomePage />, { me: makeMe({ role: 'owner' }) });
    expect(await screen.findByText('Could not load today')).toBeVisible();
    expect(await screen.findByRole('link', { name: /Invoices overdue/ })).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('7 visits today')).toBeVisible();
  });

  it('when the groups are loading, then each shows Loading...', async () => {
    mockApi({
      'GET /api/home/today': () => ({ status: 200, body: TODAY }),
      'GET /api/home/money': () => ({ status: 200, body: MONEY }),
      'GET /api/home/getting-started': () => ({ status: 200, body: STARTED_DONE }),
    });
    renderRoute(<HomePage />, { me: makeMe({ role: 'owner' }) });
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual([
      'Loading...',
      'Loading...',
    ]);
    await screen.findByText('7 visits today');
  });
});

const TIME_STATUS = (running: boolean) => ({
  employeeId: '0b0b0b0b-0000-4000-8000-000000000001',
  running: running
    ? [
        {
          id: '0b0b0b0b-0000-4000-8000-000000000011',
          employeeId: '0b0b0b0b-0000-4000-8000-000000000001',
          employeeName: 'Ada Lovelace',
          kind: 'shift',
          jobId: null,
          jobTitle: null,
          startedAt: new Date(Date.now() - 3_600_000).toISOString(),
          endedAt: null,
          workDate: DAY,
          source: 'web',
          autoClosed: false,
          edited: false,
          clockOff: false,
          locationMissing: false,
        },
      ]
    : [],
  today: [],
  locationConsent: { given: false, at: null, text: '' },
});

describe('HomePage for the field', () => {
  it('when a team member opens it, then their visits, next visits, timer and unread count show, and no office figure is asked for', async () => {
    const api = mockApi({
      'GET /api/my-visits': () => ({
        status: 200,
        body: { timeZone: 'UTC', date: DAY, visits: [makeVisit({ title: 'Deep clean' })] },
      }),
      'GET /api/home/my-next-visits': () => ({
        status: 200,
        body: {
          timeZone: 'UTC',
          from: '2026-11-26',
          visits: [
            makeVisit({
              id: '7a1c2a52-0d6e-4c43-9d55-0b7f6f1d2c09',
              title: 'Window wash',
              localStartsAt: '2026-11-27T10:00:00',
            }),
          ],
        },
      }),
      'GET /api/time/status': () => ({ status: 200, body: TIME_STATUS(true) }),
      'GET /api/notifications/unread-count': () => ({ status: 200, body: { unread: 3 } }),
    });
    renderRoute(<HomePage />, { me: makeMe({ role: 'team_member' }) });

    const today = await screen.findByRole('list', { name: 'My visits today' });
    expect(within(today).getByRole('link', { name: /Deep clean/ })).toHaveAttribute(
      'href',
      '/jobs/7a1c2a52-0d6e-4c43-9d55-0b7f6f1d2c01',
    );
    const next = await screen.findByRole('list', { name: 'My next visits' });
    expect(within(next).getByRole('link', { name: /Window wash/ })).toHaveTextContent('Nov 27');
    expect(await screen.findByRole('link', { name: /Shift running/ })).toHaveAttribute(
      'href',
      '/time-tracking',
    );
    expect(await screen.findByRole('link', { name: /Unread\s*3/ })).toHaveAttribute(
      'href',
      '/notifications',
    );
    expect(screen.queryByRole('heading', { name: 'Money' })).not.toBeInTheDocument();
    expect(api.calls.map((c) => c.key).filter((k) => k.includes('/home/'))).toEqual([
      'GET /api/home/my-next-visits',
    ]);
  });

  it('when the member has no visits and no timer, then each group says so', async () => {
    mockApi({
      'GET /api/my-visits': () => ({
        status: 200,
        body: { timeZone: 'UTC', date: DAY, visits: [] },
      }),
      'GET /api/home/my-next-visits': () => ({
        status: 200,
        body: { timeZone: 'UTC', from: '2026-11-26', visits: [] },
      }),
      'GET /api/time/status': () => ({ status: 200, body: TIME_STATUS(false) }),
      'GET /api/notifications/unread-count': () => ({ status: 200, body: { unread: 0 } }),
    });
    renderRoute(<HomePage />, { me: makeMe({ role: 'team_leader' }) });
    expect(await screen.findByText('No visits for you today.')).toBeVisible();
    expect(await screen.findByText('Nothing planned for you in the next two weeks.')).toBeVisible();
    expect(await screen.findByRole('link', { name: /No timer running/ })).toBeVisible();
    expect(await screen.findByRole('link', { name: /All read/ })).toBeVisible();
  });
});

describe('HomePage for a sales person', () => {
  it('when a sales person opens it, then their stages and follow-ups show, each opening the server link', async () => {
    const OPP = '00000000-0000-4000-8000-0000000000e1';
    const stage = (s: 'new' | 'contacted' | 'quoted', count: number) => ({
      stage: s,
      count,
      totalCents: count * 100_000,
      link: { path: '/sales', query: { view: 'list', owner: 'me', stage: s } },
    });
    const api = mockApi({
      'GET /api/home/my-pipeline': () => ({
        status: 200,
        body: {
          today: '2026-11-25',
          timeZone: 'UTC',
          stages: [stage('new', 2), stage('contacted', 1), stage('quoted', 0)],
          open: { count: 3, totalCents: 300_000, link: { path: '/sales', query: { owner: 'me' } } },
          followUps: {
            dueToday: {
              count: 1,
              link: { path: '/sales', query: { view: 'list', owner: 'me' } },
            },
            overdue: {
              count: 2,
              link: { path: '/sales', query: { view: 'list', owner: 'me', overdue: 'true' } },
            },
            next: [
              {
                id: OPP,
                title: 'Office cleaning for Acme',
                stage: 'contacted',
                followUpOn: '2026-11-20',
                overdue: true,
                valueCents: 120_000,
                link: { path: `/sales/${OPP}`, query: {} },
              },
            ],
          },
          definitions: figureDefinitions(['pipeline_open', 'follow_ups_due']),
        } satisfies HomeMyPipeline,
      }),
    });
    renderRoute(<HomePage />, { me: makeMe({ role: 'sales_person' }) });
    const pipeline = await screen.findByRole('list', { name: 'My pipeline' });
    const tiles = within(pipeline).getAllByRole('link');
    expect(tiles.map((t) => t.textContent)).toEqual([
      'New2$2,000.00',
      'Contacted1$1,000.00',
      'Quoted0$0.00',
      'All open3$3,000.00',
    ]);
    expect(tiles[0]).toHaveAttribute('href', '/sales?view=list&owner=me&stage=new');
    const followUps = screen.getByRole('list', { name: 'My follow-ups' });
    expect(within(followUps).getByRole('link', { name: /Follow-ups overdue\s*2/ })).toHaveAttribute(
      'href',
      '/sales?view=list&owner=me&overdue=true',
    );
    expect(
      within(followUps).getByRole('link', { name: /Follow-ups due today\s*1/ }),
    ).toHaveAttribute('href', '/sales?view=list&owner=me');
    const next = screen.getByRole('list', { name: 'Next follow-ups' });
    const line = within(next).getByRole('link', { name: /Office cleaning for Acme/ });
    expect(line).toHaveAttribute('href', `/sales/${OPP}`);
    expect(line).toHaveTextContent('Contacted · overdue since Nov 20, 2026');
    await waitFor(() => expect(api.calls.map((c) => c.key)).not.toContain('GET /api/home/today'));
    expect(api.calls.map((c) => c.key)).not.toContain('GET /api/sales/board?scope=mine');
  });

  it('when the pipeline fails, then the group says so', async () => {
    mockApi({
      'GET /api/home/my-pipeline': () => ({ status: 500, body: { code: 'INTERNAL', message: '' } }),
    });
    renderRoute(<HomePage />, { me: makeMe({ role: 'sales_person' }) });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeVisible();
  });
});

describe('HomePage for other roles', () => {
  it('when an estimate-free user opens it, then it lists only the screens their role may open and asks for no tiles', async () => {
    const api = mockApi({});
    renderRoute(<HomePage />, { me: makeMe({ role: 'estimate-free' }) });
    const links = screen.getByRole('region', { name: 'Where to go' });
    expect(
      within(links)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
      // The invoice list is for admins, managers and sales people (spec section 6).
    ).toEqual(['/quotes', '/notifications', '/settings']);
    expect(api.calls).toEqual([]);
  });
});
