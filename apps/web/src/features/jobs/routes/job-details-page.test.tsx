import { NOT_YOUR_VISIT_MESSAGE, type Role } from '@crewdesk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { ABBY, JOB_ID, makeJob } from '@/entities/job/test/fixtures';
import { JobDetailsPage } from './job-details-page';

afterEach(() => {
  toast.dismiss();
});

const GET = `GET /api/jobs/${JOB_ID}`;
const TEAM = { 'GET /api/team/employees/options': () => ({ status: 200, body: [ABBY] }) };

function open(role: Role = 'owner', path = `/jobs/${JOB_ID}`) {
  return renderRoute(<JobDetailsPage />, {
    me: makeMe({ role }),
    path,
    routePath: path.startsWith('/tasks') ? '/tasks/:id' : '/jobs/:id',
    routes: [{ path: '/jobs', element: <p>Jobs list</p> }],
  });
}

describe('JobDetailsPage', () => {
  it('when a dispatcher opens a visit, then client, location, schedule, checklist, notes and history show with every action', async () => {
    mockApi({
      ...TEAM,
      [GET]: () => ({
        status: 200,
        body: makeJob({
          request: {
            id: '6f1c2a52-0d6e-4c43-9d55-0b7f6f1d2c01',
            title: 'Estimate for Ann Lee',
            type: 'estimate',
            amountCents: 12550,
          },
          history: [
            {
              id: 'e1e1c2a5-0d6e-4c43-9d55-0b7f6f1d2c01',
              kind: 'created',
              detail: null,
              actorName: 'Ada Lovelace',
              createdAt: '2026-05-01T10:00:00.000Z',
            },
            {
              id: 'e2e1c2a5-0d6e-4c43-9d55-0b7f6f1d2c01',
              kind: 'note_added',
              detail: { text: 'Dog in the yard' },
              actorName: 'Abby Adams',
              createdAt: '2026-05-02T10:00:00.000Z',
            },
          ],
        }),
      }),
    });
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Deep clean' }),
    ).toBeInTheDocument();
    const client = within(screen.getByRole('region', { name: 'Client' }));
    expect(client.getByText('Ann Lee')).toBeInTheDocument();
    expect(client.getByRole('link', { name: 'Call 555 010 0100' })).toHaveAttribute(
      'href',
      'tel:5550100100',
    );
    expect(client.getByRole('link', { name: 'E-mail ann@example.test' })).toHaveAttribute(
      'href',
      'mailto:ann@example.test',
    );
    const location = within(screen.getByRole('region', { name: 'Location' }));
    expect(location.getByRole('link', { name: /Navigate to/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=12%20Main%20St%2C%20Springfield%2C%20IL%2062701',
    );
    const schedule = within(screen.getByRole('region', { name: 'Schedule' }));
    expect(schedule.getByText('Mon, May 4, 2026')).toBeInTheDocument();
    expect(schedule.getByText('9:00 AM – 11:00 AM')).toBeInTheDocument();
    expect(schedule.getByText('Abby Adams')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Kitchen' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Remove Kitchen' })).toBeInTheDocument();
    const notes = within(screen.getByRole('region', { name: 'Notes' }));
    expect(notes.getByText('Gate code 1234')).toBeInTheDocument();
    expect(notes.getByText('Dog in the yard')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Estimate for Ann Lee' })).toHaveAttribute(
      'href',
      '/quotes/6f1c2a52-0d6e-4c43-9d55-0b7f6f1d2c01',
    );
    expect(screen.getByText('$125.50', { selector: 'span.text-lg' })).toBeInTheDocument();
    const history = within(screen.getByRole('list', { name: 'History' }));
    expect(
      history.getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent),
    ).toEqual(['Note added', 'Created']);
    const status = within(screen.getByRole('group', { name: 'Visit status' }));
    expect(status.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'On my way',
      'Start visit',
      'Cancel visit',
    ]);
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Add before photo/)).toHaveAttribute('accept', 'image/*');
    expect(screen.getByLabelText(/Add before photo/)).toHaveAttribute('capture', 'environment');
  });

  it('when a team member opens a visit that is not theirs, then the notice shows and no action', async () => {
    mockApi({ [GET]: () => ({ status: 200, body: makeJob({ canEdit: false, canWork: false }) }) });
    open('team_member');
    expect(await screen.findByText(NOT_YOUR_VISIT_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Visit status' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add note' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/photo/)).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Kitchen' })).toBeDisabled();
  });

  it('when the assignee taps Start visit, then the status is posted and the page shows the answer', async () => {
    const api = mockApi({
      [GET]: () => ({
        status: 200,
        body: makeJob({ canEdit: false, canWork: true, status: 'on_the_way' }),
      }),
      [`POST /api/jobs/${JOB_ID}/status`]: () => ({
        status: 200,
        body: makeJob({
          canEdit: false,
          canWork: true,
          status: 'in_progress',
          startedAt: '2026-05-04T14:05:00.000Z',
        }),
      }),
    });
    const user = userEvent.setup();
    open('team_member');
    const status = within(await screen.findByRole('group', { name: 'Visit status' }));
    // A field worker cannot cancel; only the next steps show.
    expect(status.getAllByRole('button').map((b) => b.textContent)).toEqual(['Start visit']);
    await user.click(status.getByRole('button', { name: 'Start visit' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: 'Visit status' })).getByRole('button', {
          name: 'Complete visit',
        }),
      ).toBeInTheDocument(),
    );
    expect(api.calls.find((c) => c.key === `POST /api/jobs/${JOB_ID}/status`)?.body).toEqual({
      status: 'in_progress',
    });
    // 14:05 UTC is 9:05 AM in Chicago: status times read on the business's clock.
    const times = within(screen.getByRole('region', { name: 'Status times' }));
    expect(times.getByText('May 4, 2026, 9:05 AM')).toBeInTheDocument();
  });

  it('when the assignee ticks an item and adds a note, then both are sent', async () => {
    const job = makeJob({ canEdit: false, canWork: true });
    const itemId = job.checklist[0]!.id;
    const api = mockApi({
      [GET]: () => ({ status: 200, body: job }),
      [`PATCH /api/jobs/${JOB_ID}/checklist/${itemId}`]: () => ({
        status: 200,
        body: makeJob({
          canEdit: false,
          checklist: [{ ...job.checklist[0]!, done: true, doneAt: '2026-05-04T15:00:00Z' }],
        }),
      }),
      [`POST /api/jobs/${JOB_ID}/notes`]: () => ({ status: 200, body: job }),
    });
    const user = userEvent.setup();
    open('team_member');
    await user.click(await screen.findByRole('checkbox', { name: 'Kitchen' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Kitchen' })).toBeChecked());
    expect(screen.queryByRole('button', { name: 'Remove Kitchen' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(
      within(screen.getByRole('region', { name: 'Notes' })).getByText('Required'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('New note'), 'Left the key under the mat');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.key === `POST /api/jobs/${JOB_ID}/notes`)?.body).toEqual({
        text: 'Left the key under the mat',
      }),
    );
    expect(api.calls.find((c) => c.key.startsWith('PATCH'))?.body).toEqual({ done: true });
  });

  it('when a photo is chosen, then it is uploaded raw with its label', async () => {
    const job = makeJob({ canEdit: false, canWork: true });
    const api = mockApi({
      [GET]: () => ({ status: 200, body: job }),
      [`POST /api/jobs/${JOB_ID}/photos?label=after`]: () => ({
        status: 200,
        body: makeJob({
          canEdit: false,
          photos: [
            {
              id: 'f0f1c2a5-0d6e-4c43-9d55-0b7f6f1d2c01',
              url: `/api/jobs/${JOB_ID}/photos/f0f1c2a5-0d6e-4c43-9d55-0b7f6f1d2c01`,
              label: 'after',
              width: 800,
              height: 600,
              shareable: false,
              createdAt: '2026-05-04T15:00:00Z',
            },
          ],
        }),
      }),
    });
    const user = userEvent.setup();
    open('team_member');
    await user.click(await screen.findByRole('radio', { name: 'After' }));
    const file = new File(['png'], 'kitchen.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText(/Add after photo/), file);
    const img = await screen.findByRole('img', { name: /After photo/ });
    expect(img).toHaveAttribute(
      'src',
      `/api/jobs/${JOB_ID}/photos/f0f1c2a5-0d6e-4c43-9d55-0b7f6f1d2c01`,
    );
    const call = api.fetchMock.mock.calls.find(([url]) => String(url).includes('/photos'));
    expect(call?.[1]?.body).toBe(file);
    expect((call?.[1]?.headers as Record<string, string>)['Content-Type']).toBe('image/png');
  });

  it('when the crew ticks "Show the client" on a photo, then it is marked shareable at once', async () => {
    const photoId = 'f0f1c2a5-0d6e-4c43-9d55-0b7f6f1d2c01';
    const api = mockApi({
      [GET]: () => ({
        status: 200,
        body: makeJob({
          canEdit: false,
          canWork: true,
          photos: [
            {
              id: photoId,
              url: `/api/jobs/${JOB_ID}/photos/${photoId}`,
              label: 'after',
              width: 800,
              height: 600,
              shareable: false,
              createdAt: '2026-05-04T15:00:00Z',
            },
          ],
        }),
      }),
      [`PUT /api/jobs/${JOB_ID}/photos/${photoId}/shareable`]: () => ({
        status: 200,
        body: { id: photoId, shareable: true },
      }),
    });
    const user = userEvent.setup();
    open('team_member');
    const box = await screen.findByRole('checkbox', { name: /^Show the client After photo/ });
    expect(box).not.toBeChecked();
    await user.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(
      api.calls.find((c) => c.key === `PUT /api/jobs/${JOB_ID}/photos/${photoId}/shareable`)?.body,
    ).toEqual({ shareable: true });
  });

  it('when the visit does not exist, then the not-found screen shows', async () => {
    mockApi({ [GET]: () => ({ status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } }) });
    open('owner', `/tasks/${JOB_ID}`);
    expect(await screen.findByRole('heading', { name: 'Task not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to tasks' })).toHaveAttribute('href', '/tasks');
  });

  it('when a dispatcher deletes a one-time visit, then it is deleted and the list opens', async () => {
    const api = mockApi({
      ...TEAM,
      [GET]: () => ({ status: 200, body: makeJob() }),
      [`DELETE /api/jobs/${JOB_ID}`]: () => ({ status: 204 }),
    });
    const user = userEvent.setup();
    const { router } = open();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this visit?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/jobs'));
    expect(api.calls.map((c) => c.key)).toContain(`DELETE /api/jobs/${JOB_ID}`);
  });

  it('when a completed job is opened by the office, then Create invoice bills it in one click and opens the invoice', async () => {
    const INVOICE = '1f2c3a52-0d6e-4c43-9d55-0b7f6f1d2c01';
    const api = mockApi({
      ...TEAM,
      [GET]: () => ({ status: 200, body: makeJob({ status: 'completed' }) }),
      [`POST /api/jobs/${JOB_ID}/invoice`]: () => ({
        status: 201,
        body: { id: INVOICE, number: 'INV-0042' },
      }),
    });
    const user = userEvent.setup();
    const { router } = open('sales_person');
    await user.click(await screen.findByRole('button', { name: 'Create invoice' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/invoices/${INVOICE}`));
    expect(api.calls.map((c) => c.key)).toContain(`POST /api/jobs/${JOB_ID}/invoice`);
    expect(await screen.findByText('Invoice created')).toBeInTheDocument();
  });

  it('when the job is invoiced already, then View invoice opens it instead', async () => {
    const INVOICE = '1f2c3a52-0d6e-4c43-9d55-0b7f6f1d2c01';
    mockApi({
      ...TEAM,
      [GET]: () => ({ status: 200, body: makeJob({ status: 'completed', invoiceId: INVOICE }) }),
    });
    open();
    expect(await screen.findByRole('link', { name: 'View invoice' })).toHaveAttribute(
      'href',
      `/invoices/${INVOICE}`,
    );
    expect(screen.queryByRole('button', { name: 'Create invoice' })).not.toBeInTheDocument();
  });

  it('when the job is not completed, or the role does not bill, then there is no Create invoice', async () => {
    mockApi({ ...TEAM, [GET]: () => ({ status: 200, body: makeJob({ status: 'in_progress' }) }) });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Deep clean' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Create invoice' })).not.toBeInTheDocument();
  });

  it('when a team leader opens a completed job, then there is no Create invoice', async () => {
    mockApi({
      ...TEAM,
      [GET]: () => ({ status: 200, body: makeJob({ status: 'completed', canWork: true }) }),
    });
    open('team_leader');
    expect(await screen.findByRole('heading', { level: 1, name: 'Deep clean' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Create invoice' })).not.toBeInTheDocument();
  });
});
