import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JOB_PRICE_MESSAGE, type JobDetail } from '@crewdesk/domain';
import { makeJob } from '../test/fixtures';
import type { Customer } from '@/entities/customer/model/customer';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { JobScheduleDialog, type JobScheduleDialogProps } from './job-schedule-dialog';
import { makeCustomer } from '@/entities/customer/test/fixtures';

afterEach(() => {
  toast.dismiss();
});

const EMPLOYEES = [
  { id: '3b0c8f0e-1111-4c43-9d55-0b7f6f1d2c01', firstName: 'Abby', lastName: 'Adams' },
  { id: '3b0c8f0e-2222-4c43-9d55-0b7f6f1d2c01', firstName: 'Ben', lastName: 'Brown' },
];
const TEAM = 'GET /api/team/employees/options';

const JANE = makeCustomer({
  id: '9c0c8f0e-3333-4c43-9d55-0b7f6f1d2c01',
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.test',
  phone: '5550100100',
  company: 'Acme',
  address: '12 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  latitude: 39.8,
  longitude: -89.6,
  createdBy: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

function Harness(props: Partial<JobScheduleDialogProps>) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'Dialog open' : 'Dialog closed'}</p>
      <JobScheduleDialog open={open} onOpenChange={setOpen} {...props} />
    </>
  );
}

function dialog() {
  return within(screen.getByRole('dialog'));
}

describe('JobScheduleDialog', () => {
  it('when it opens for a new job, then it starts at 9:00 AM, cleaning, one-time and unassigned', async () => {
    mockApi({ [TEAM]: () => ({ status: 200, body: EMPLOYEES }) });
    renderRoute(<Harness />, { me: makeMe() });
    expect(screen.getByRole('dialog', { name: 'Add New Job Schedule' })).toBeInTheDocument();
    const d = dialog();
    expect(d.getByLabelText('Time')).toHaveValue('9:00 AM');
    expect(d.getByLabelText('Type')).toHaveValue('cleaning');
    expect(d.getByLabelText('Frequency')).toHaveValue('one-time');
    expect(d.getByLabelText('Assignee')).toHaveValue('');
    expect(await d.findByRole('option', { name: 'Abby Adams' })).toBeInTheDocument();
    expect(d.getByRole('option', { name: 'Unassigned' })).toBeInTheDocument();
    expect(d.getByRole('button', { name: 'Create' })).toBeInTheDocument();
    expect(d.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('when Create is pressed with no title and no location, then both say Required and nothing is sent', async () => {
    const api = mockApi({ [TEAM]: () => ({ status: 200, body: EMPLOYEES }) });
    const user = userEvent.setup();
    renderRoute(<Harness />, { me: makeMe() });
    await user.click(dialog().getByRole('button', { name: 'Create' }));
    expect(dialog().getAllByText('Required')).toHaveLength(2);
    expect(dialog().getByLabelText('Job Title')).toHaveAttribute('aria-invalid', 'true');
    expect(dialog().getByLabelText('Location')).toHaveAttribute('aria-invalid', 'true');
    expect(dialog().getByLabelText('Job Title')).toHaveFocus();
    expect(api.calls.some((c) => c.key.startsWith('POST'))).toBe(false);

    await user.type(dialog().getByLabelText('Job Title'), 'Deep clean');
    expect(dialog().getAllByText('Required')).toHaveLength(1);
  });

  it('when the input breaks a domain rule, then the message of the domain shows and nothing is sent', async () => {
    const api = mockApi({ [TEAM]: () => ({ status: 200, body: EMPLOYEES }) });
    const user = userEvent.setup();
    renderRoute(<Harness />, { me: makeMe() });
    const d = dialog();
    await user.type(d.getByLabelText('Job Title'), 'Deep clean');
    await user.type(d.getByLabelText('Price ($)'), '-5');
    await user.selectOptions(d.getByLabelText('Frequency'), 'weekly');
    await user.click(d.getByRole('button', { name: 'Create' }));

    expect(d.getByText(JOB_PRICE_MESSAGE)).toBeInTheDocument();
    expect(d.getByText('A recurring job needs a first date and time.')).toBeInTheDocument();
    expect(d.getByLabelText('Price ($)')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((c) => c.key.startsWith('POST'))).toBe(false);

    // Every change checks the whole form again: a one-time job needs no date.
    await user.selectOptions(d.getByLabelText('Frequency'), 'one-time');
    await waitFor(() =>
      expect(d.queryByText('A recurring job needs a first date and time.')).not.toBeInTheDocument(),
    );
    expect(d.getByText(JOB_PRICE_MESSAGE)).toBeInTheDocument();
  });

  it('when a customer is picked, then Location gets their address, and Create sends the combined start and price in cents', async () => {
    const saved = makeJob({ id: '7a1c2a52-0d6e-4c43-9d55-0b7f6f1d2c99', title: 'Deep clean' });
    const api = mockApi({
      [TEAM]: () => ({ status: 200, body: EMPLOYEES }),
      'GET /api/customers/recent': () => ({ status: 200, body: [] }),
      'GET /api/customers/search?q=Ja': () => ({ status: 200, body: [JANE] }),
      'POST /api/jobs': () => ({ status: 201, body: saved }),
    });
    const onSaved = vi.fn<(job: JobDetail) => void>();
    const user = userEvent.setup();
    renderRoute(<Harness defaults={{ startsAt: '2026-05-04T10:00:00' }} onSaved={onSaved} />, {
      me: makeMe(),
    });
    const d = dialog();
    // The default start from the schedule fills the date and the time.
    expect(d.getByLabelText('Date')).toHaveTextContent('May 4th, 2026');
    expect(d.getByLabelText('Time')).toHaveValue('10:00 AM');

    await user.type(d.getByLabelText('Client'), 'Ja');
    await user.click(await d.findByRole('option', { name: /Jane Doe \(Acme\)/ }));
    expect(d.getByLabelText('Location')).toHaveValue('12 Main St, Springfield, IL 62701');
    expect(d.getByLabelText('Client')).toHaveValue('Jane Doe (Acme)');

    await user.type(d.getByLabelText('Job Title'), 'Deep clean');
    await user.selectOptions(d.getByLabelText('Assignee'), 'Ben Brown');
    await user.selectOptions(d.getByLabelText('Time'), '1:30 PM');
    await user.selectOptions(d.getByLabelText('Type'), 'inspection');
    await user.selectOptions(d.getByLabelText('Frequency'), 'weekly');
    await user.type(d.getByLabelText('Price ($)'), '125.5');
    await user.type(d.getByLabelText(/Notes/), 'Bring ladder');
    await user.click(d.getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Dialog closed')).toBeInTheDocument();
    expect(api.calls.find((c) => c.key === 'POST /api/jobs')?.body).toEqual({
      kind: 'job',
      title: 'Deep clean',
      customerId: JANE.id,
      location: '12 Main St, Springfield, IL 62701',
      latitude: 39.8,
      longitude: -89.6,
      assigneeIds: [EMPLOYEES[1]?.id],
      startsAt: '2026-05-04T13:30:00',
      durationMinutes: 120,
      type: 'inspection',
      priceCents: 12550,
      frequency: 'weekly',
      notes: 'Bring ladder',
      lineItems: [],
      checklist: [],
    });
    expect(onSaved).toHaveBeenCalledWith(saved);
    expect(await screen.findByText('Job created')).toBeInTheDocument();
  });

  it('when the server refuses the save, then its message is toasted and the dialog stays open', async () => {
    mockApi({
      [TEAM]: () => ({ status: 200, body: EMPLOYEES }),
      'POST /api/jobs': () => ({
        status: 403,
        body: {
          code: 'FORBIDDEN',
          message: 'Only admins, managers and team leaders can plan or change jobs.',
        },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<Harness />, { me: makeMe() });
    await user.type(dialog().getByLabelText('Job Title'), 'Windows');
    await user.type(dialog().getByLabelText('Location'), '1 Elm St');
    await user.click(dialog().getByRole('button', { name: 'Create' }));
    expect(
      await screen.findByText('Only admins, managers and team leaders can plan or change jobs.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Dialog open')).toBeInTheDocument();
    expect(dialog().getByLabelText('Job Title')).toHaveValue('Windows');
  });

  it('when a recurring visit is updated, then it asks which visits and sends that scope', async () => {
    const job = makeJob({
      seriesId: 'a1a1c2a5-0d6e-4c43-9d55-0b7f6f1d2c01',
      recurring: true,
      frequency: 'weekly',
      time: '7:15 AM',
      lineItems: [{ description: 'Oven', quantity: 1, unitPriceCents: 2500 }],
    });
    const api = mockApi({
      [TEAM]: () => ({ status: 200, body: EMPLOYEES }),
      [`PUT /api/jobs/${job.id}?scope=following`]: () => ({ status: 200, body: job }),
    });
    const user = userEvent.setup();
    renderRoute(<Harness job={job} />, { me: makeMe() });
    expect(screen.getByRole('dialog', { name: 'Edit Job Schedule' })).toBeInTheDocument();
    const d = dialog();
    expect(d.getByLabelText('Job Title')).toHaveValue('Deep clean');
    expect(d.getByLabelText('Location')).toHaveValue(job.location);
    // A time set by a drag on the schedule is kept as it is.
    expect(d.getByLabelText('Time')).toHaveDisplayValue('7:15 AM');
    expect(d.getByLabelText('Price ($)')).toHaveValue(125.5);
    expect(d.getByRole('button', { name: 'Delete' })).toBeInTheDocument();

    await user.clear(d.getByLabelText('Job Title'));
    await user.type(d.getByLabelText('Job Title'), 'Spring clean');
    await user.click(d.getByRole('button', { name: 'Update' }));
    const scope = await screen.findByRole('alertdialog', { name: 'Edit a recurring visit' });
    await user.click(within(scope).getByRole('button', { name: 'This and following visits' }));

    await waitFor(() => expect(screen.getByText('Dialog closed')).toBeInTheDocument());
    const body = api.calls.find((c) => c.key.startsWith('PUT'))?.body;
    expect(body).toMatchObject({
      title: 'Spring clean',
      startsAt: '2026-05-04T07:15:00',
      priceCents: 12550,
      lineItems: [{ description: 'Oven', quantity: 1, unitPriceCents: 2500 }],
      assigneeIds: [job.assignees[0]?.id],
    });
  });

  it('when Delete is confirmed, then the job is deleted and onDeleted runs', async () => {
    const job = makeJob();
    const api = mockApi({
      [TEAM]: () => ({ status: 200, body: EMPLOYEES }),
      [`DELETE /api/jobs/${job.id}`]: () => ({ status: 204 }),
    });
    const onDeleted = vi.fn();
    const user = userEvent.setup();
    renderRoute(<Harness job={job} onDeleted={onDeleted} />, { me: makeMe() });
    await user.click(dialog().getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this visit?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(api.calls.map((c) => c.key)).toContain(`DELETE /api/jobs/${job.id}`);
    expect(screen.getByText('Dialog closed')).toBeInTheDocument();
  });

  it('when it is a task, then location is optional and type, price and frequency are not asked', async () => {
    const task = makeJob({ kind: 'task', title: 'Order supplies', location: '' });
    const api = mockApi({
      [TEAM]: () => ({ status: 200, body: EMPLOYEES }),
      'POST /api/jobs': () => ({ status: 201, body: task }),
    });
    const user = userEvent.setup();
    renderRoute(<Harness kind="task" />, { me: makeMe() });
    expect(screen.getByRole('dialog', { name: 'Add New Task' })).toBeInTheDocument();
    expect(dialog().queryByLabelText('Type')).not.toBeInTheDocument();
    expect(dialog().queryByLabelText('Frequency')).not.toBeInTheDocument();
    await user.type(dialog().getByLabelText('Task Title'), 'Order supplies');
    await user.click(dialog().getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByText('Dialog closed')).toBeInTheDocument());
    expect(api.calls.find((c) => c.key === 'POST /api/jobs')?.body).toMatchObject({
      kind: 'task',
      title: 'Order supplies',
      location: '',
      startsAt: null,
      frequency: 'one-time',
    });
  });
  it('when the client is cleared, then the new-contact dialog opens and the saved contact becomes the client', async () => {
    const GRACE: Customer = {
      ...JANE,
      id: '9c0c8f0e-4444-4c43-9d55-0b7f6f1d2c01',
      firstName: 'Grace',
      lastName: 'Hopper',
      company: null,
      address: '1 Navy Way',
      city: 'Arlington',
      state: 'VA',
      zip: '22202',
    };
    mockApi({
      [TEAM]: () => ({ status: 200, body: EMPLOYEES }),
      'POST /api/customers': () => ({ status: 201, body: GRACE }),
    });
    const user = userEvent.setup();
    renderRoute(<Harness job={makeJob()} />, { me: makeMe() });
    expect(dialog().getByLabelText('Client')).toHaveValue('Ann Lee');
    await user.click(dialog().getByRole('button', { name: 'Clear customer' }));
    const contact = within(await screen.findByRole('form', { name: 'Add New Contact' }));
    await user.type(contact.getByLabelText('First name'), 'Grace');
    await user.type(contact.getByLabelText('Last name'), 'Hopper');
    await user.type(contact.getByLabelText('Email'), 'grace@navy.test');
    await user.type(contact.getByLabelText('Phone'), '555 010 0199');
    await user.click(contact.getByRole('button', { name: 'Save Contact' }));
    await waitFor(() =>
      expect(screen.getByRole('dialog', { name: 'Edit Job Schedule' })).toBeInTheDocument(),
    );
    const d = within(screen.getByRole('dialog', { name: 'Edit Job Schedule' }));
    await waitFor(() => expect(d.getByLabelText('Client')).toHaveValue('Grace Hopper'));
    expect(d.getByLabelText('Location')).toHaveValue('1 Navy Way, Arlington, VA 22202');
  });
});
