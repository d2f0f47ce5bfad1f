import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Customer } from '../model/customer';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { ContactDialog } from './contact-dialog';
import { makeCustomer } from '../test/fixtures';

const SAVED = makeCustomer({
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@navy.test',
  phone: '555 010 0199',
  company: 'Navy Yard',
  address: '1 Main St',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  latitude: 45.5,
  longitude: -122.6,
  source: 'referral',
});

function Harness({ customer }: { customer?: Customer }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>Dialog {open ? 'open' : 'closed'}</p>
      <ContactDialog open={open} onOpenChange={setOpen} customer={customer ?? null} />
    </>
  );
}

const teamApi = {
  'GET /api/team/employees/options': () => ({
    status: 200,
    body: [{ id: 'emp-1', firstName: 'Kwame', lastName: 'Mensah' }],
  }),
};

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  const form = within(screen.getByRole('form', { name: 'Add New Contact' }));
  await user.type(form.getByLabelText('First name'), 'Grace');
  await user.type(form.getByLabelText('Last name'), 'Hopper');
  await user.type(form.getByLabelText('Email'), 'grace@navy.test');
  await user.type(form.getByLabelText('Phone'), '555 010 0199');
  return form;
}

describe('ContactDialog', () => {
  it('when values are typed, then the spec’s messages show on change, with the spec’s defaults', async () => {
    mockApi(teamApi);
    const user = userEvent.setup();
    renderRoute(<Harness />, { me: makeMe() });
    expect(screen.getByRole('dialog', { name: 'Add New Contact' })).toBeInTheDocument();
    expect(screen.getByText('Fill in the details for the new contact.')).toBeInTheDocument();
    const form = within(screen.getByRole('form', { name: 'Add New Contact' }));
    expect(form.getByRole('button', { name: 'Commercial' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(form.getByRole('button', { name: 'Website' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(form.getByRole('group', { name: 'Source' })).getAllByRole('button')).toHaveLength(
      7,
    );

    await user.type(form.getByLabelText('First name'), 'G');
    expect(await form.findByText('First name must be at least 2 characters.')).toBeInTheDocument();
    await user.type(form.getByLabelText('Last name'), 'H');
    expect(await form.findByText('Last name must be at least 2 characters.')).toBeInTheDocument();
    await user.type(form.getByLabelText('Email'), 'nope');
    expect(await form.findByText('Please enter a valid email address.')).toBeInTheDocument();
    await user.type(form.getByLabelText('Phone'), '555');
    expect(await form.findByText('Please enter a valid phone number.')).toBeInTheDocument();
  });

  it('when a new contact is saved, then the server gets the form, the toast says so and the dialog closes', async () => {
    const api = mockApi({
      ...teamApi,
      'POST /api/customers': () => ({ status: 201, body: SAVED }),
    });
    const user = userEvent.setup();
    renderRoute(<Harness />, { me: makeMe() });
    const form = await fillValid(user);
    await user.click(form.getByRole('button', { name: 'Residential' }));
    await user.click(form.getByRole('button', { name: 'Referral' }));
    await user.type(form.getByLabelText(/Company/), 'Navy Yard');
    await user.click(form.getByRole('button', { name: 'Save Contact' }));

    expect(await screen.findByText('Contact added')).toBeInTheDocument();
    expect(screen.getByText('New contact has been successfully added.')).toBeInTheDocument();
    expect(await screen.findByText('Dialog closed')).toBeInTheDocument();
    expect(api.calls.find((c) => c.key === 'POST /api/customers')?.body).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@navy.test',
      phone: '555 010 0199',
      company: 'Navy Yard',
      customerType: 'residential',
      source: 'referral',
      assignedTo: '',
    });
  });

  it('when a name or handle is longer than its limit, then the input stops typing at it, the limit’s message shows and nothing is sent', async () => {
    const api = mockApi({
      ...teamApi,
      'POST /api/customers': () => ({ status: 201, body: SAVED }),
    });
    const user = userEvent.setup();
    renderRoute(<Harness />, { me: makeMe() });
    const form = await fillValid(user);
    const firstName = form.getByLabelText('First name');
    expect(firstName).toHaveAttribute('maxLength', '100');
    expect(form.getByLabelText(/^Instagram/)).toHaveAttribute('maxLength', '200');

    // Pasted or filled in by the browser: maxLength does not cut what a script sets.
    fireEvent.change(firstName, { target: { value: 'G'.repeat(101) } });
    fireEvent.change(form.getByLabelText(/^Instagram/), { target: { value: '@'.repeat(201) } });
    await user.click(form.getByRole('button', { name: 'Save Contact' }));

    expect(
      await form.findByText('First name must be 100 characters or fewer.'),
    ).toBeInTheDocument();
    expect(form.getByText('Instagram must be 200 characters or fewer.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.key === 'POST /api/customers')).toBe(false);
  });

  it('when the server refuses, then the error toast carries its message and the dialog stays', async () => {
    mockApi({
      ...teamApi,
      'POST /api/customers': () => ({
        status: 400,
        body: { code: 'BAD_REQUEST', message: 'Choose a team member of this business.' },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<Harness />, { me: makeMe() });
    const form = await fillValid(user);
    await user.click(form.getByRole('button', { name: 'Save Contact' }));
    expect(await screen.findByText('Choose a team member of this business.')).toBeInTheDocument();
    expect(screen.getByText('Dialog open')).toBeInTheDocument();
  });

  it('when there is no business account, then nothing is sent and the spec’s message shows', async () => {
    const api = mockApi(teamApi);
    const user = userEvent.setup();
    renderRoute(<Harness />, { me: makeMe({ accounts: [], activeAccountId: null }) });
    const form = await fillValid(user);
    await user.click(form.getByRole('button', { name: 'Save Contact' }));
    expect(
      await screen.findByText('No business associated with your account. Please contact support.'),
    ).toBeInTheDocument();
    expect(api.calls.some((c) => c.key === 'POST /api/customers')).toBe(false);
  });

  it('when Cancel is pressed, then it asks first: Continue Editing keeps the form, Yes, Cancel closes it', async () => {
    mockApi(teamApi);
    const user = userEvent.setup();
    renderRoute(<Harness />, { me: makeMe() });
    const form = within(screen.getByRole('form', { name: 'Add New Contact' }));
    await user.type(form.getByLabelText('First name'), 'Grace');
    await user.click(form.getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel Contact Creation' });
    expect(
      within(confirm).getByText(
        'Are you sure you want to cancel? All unsaved changes will be lost.',
      ),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Continue Editing' }));
    expect(screen.getByText('Dialog open')).toBeInTheDocument();
    expect(form.getByLabelText('First name')).toHaveValue('Grace');

    await user.click(form.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, Cancel' }),
    );
    expect(await screen.findByText('Dialog closed')).toBeInTheDocument();
  });

  it('when a contact is edited, then the dialog says Edit Contact, sends a PUT and toasts the update', async () => {
    const api = mockApi({
      ...teamApi,
      'PUT /api/customers/c-1': () => ({ status: 200, body: { ...SAVED, phone: '555 010 0200' } }),
    });
    const user = userEvent.setup();
    renderRoute(<Harness customer={SAVED} />, { me: makeMe() });
    expect(screen.getByRole('dialog', { name: 'Edit Contact' })).toBeInTheDocument();
    expect(screen.getByText('Update contact details.')).toBeInTheDocument();
    const form = within(screen.getByRole('form', { name: 'Edit Contact' }));
    expect(form.getByLabelText('First name')).toHaveValue('Grace');
    expect(form.getByRole('button', { name: 'Residential' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.clear(form.getByLabelText('Phone'));
    await user.type(form.getByLabelText('Phone'), '555 010 0200');
    await user.click(form.getByRole('button', { name: 'Save Contact' }));
    expect(await screen.findByText('Contact updated')).toBeInTheDocument();
    expect(screen.getByText('Contact has been successfully updated.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.key === 'PUT /api/customers/c-1')?.body).toMatchObject({
      phone: '555 010 0200',
      city: 'Portland',
      latitude: 45.5,
    });
  });
});
