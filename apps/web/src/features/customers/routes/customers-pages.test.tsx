import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Customer } from '@/entities/customer/model/customer';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { CustomersPage } from './customers-pages';
import { makeCustomer } from '@/entities/customer/test/fixtures';

function customer(n: number, extra: Partial<Customer> = {}): Customer {
  return makeCustomer({
    id: `c-${n}`,
    firstName: `First${n}`,
    lastName: `Last${n}`,
    email: `person${n}@example.test`,
    phone: '555 010 0199',
    company: n % 2 === 0 ? `Company ${n}` : null,
    customerType: 'commercial',
    assignedTo: n === 1 ? 'emp-1' : null,
    ...extra,
  });
}

const teamApi = {
  'GET /api/team/employees/options': () => ({
    status: 200,
    body: [{ id: 'emp-1', firstName: 'Kwame', lastName: 'Mensah' }],
  }),
};

describe('CustomersPage', () => {
  it('when the account has contacts, then they are listed with the total and the next page loads on demand', async () => {
    mockApi({
      ...teamApi,
      'GET /api/customers?sort=newest&limit=25': () => ({
        status: 200,
        body: { items: [customer(1), customer(2)], nextCursor: 'cur-2', total: 3 },
      }),
      'GET /api/customers?sort=newest&limit=25&cursor=cur-2': () => ({
        status: 200,
        body: { items: [customer(3)], nextCursor: null, total: 3 },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<CustomersPage />, { me: makeMe() });
    const table = await screen.findByRole('table', { name: 'Contacts' });
    expect(within(table).getByRole('link', { name: 'First1 Last1' })).toHaveAttribute(
      'href',
      '/customers/c-1',
    );
    expect(await within(table).findByText('Kwame Mensah')).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('First3 Last3')).toBeInTheDocument();
    expect(screen.getByText('Showing 3 of 3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('when a filter and a search are set, then the list asks for them', async () => {
    const api = mockApi({
      ...teamApi,
      'GET /api/customers?sort=newest&limit=25': () => ({
        status: 200,
        body: { items: [customer(1)], nextCursor: null, total: 1 },
      }),
      'GET /api/customers?sort=newest&limit=25&customerType=residential': () => ({
        status: 200,
        body: { items: [], nextCursor: null, total: 0 },
      }),
      'GET /api/customers?sort=newest&limit=25&q=gr&customerType=residential': () => ({
        status: 200,
        body: { items: [customer(9, { firstName: 'Grace' })], nextCursor: null, total: 1 },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<CustomersPage />, { me: makeMe() });
    await screen.findByRole('table', { name: 'Contacts' });
    await user.selectOptions(screen.getByLabelText('Customer type'), 'residential');
    expect(await screen.findByText('No matching contacts')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search'), 'gr');
    expect(
      await within(await screen.findByRole('table', { name: 'Contacts' })).findByText(
        'Grace Last9',
      ),
    ).toBeInTheDocument();
    expect(api.calls.map((c) => c.key)).toContain(
      'GET /api/customers?sort=newest&limit=25&q=gr&customerType=residential',
    );
  });

  it('when the account has no contacts, then the empty state offers to add or import', async () => {
    mockApi({
      ...teamApi,
      'GET /api/customers?sort=newest&limit=25': () => ({
        status: 200,
        body: { items: [], nextCursor: null, total: 0 },
      }),
    });
    renderRoute(<CustomersPage />, { me: makeMe() });
    const empty = await screen.findByRole('region', { name: 'No contacts yet' });
    expect(within(empty).getByRole('button', { name: 'Add contact' })).toBeInTheDocument();
    expect(within(empty).getByRole('button', { name: 'Import CSV' })).toBeInTheDocument();
  });

  it('when loading fails, then it says so and offers to try again', async () => {
    mockApi({
      ...teamApi,
      'GET /api/customers?sort=newest&limit=25': () => ({
        status: 500,
        body: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
      }),
    });
    renderRoute(<CustomersPage />, { me: makeMe() });
    expect(
      await screen.findByText(/Something went wrong on our side/, {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('when a contact is deleted, then it asks first and says whether it was archived', async () => {
    const api = mockApi({
      ...teamApi,
      'GET /api/customers?sort=newest&limit=25': () => ({
        status: 200,
        body: { items: [customer(1)], nextCursor: null, total: 1 },
      }),
      'DELETE /api/customers/c-1': () => ({ status: 200, body: { outcome: 'archived' } }),
    });
    const user = userEvent.setup();
    renderRoute(<CustomersPage />, { me: makeMe() });
    await screen.findByRole('table', { name: 'Contacts' });
    await user.click(screen.getAllByRole('button', { name: 'Delete First1 Last1' })[0]!);
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete First1 Last1?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Contact archived')).toBeInTheDocument();
    expect(api.calls.map((c) => c.key)).toContain('DELETE /api/customers/c-1');
  });
});
