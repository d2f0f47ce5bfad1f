import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { customerChoiceOf, type Customer } from '../model/customer';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { CUSTOMER_LIST_HIDE_DELAY_MS, CustomerSearchBox } from './customer-search-box';
import { makeCustomer } from '../test/fixtures';

function customer(overrides: Partial<Customer>): Customer {
  return makeCustomer({
    id: crypto.randomUUID(),
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane@example.com',
    phone: '5550100100',
    customerType: 'commercial',
    createdBy: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });
}

const JANE = customer({ firstName: 'Jane', lastName: 'Doe', company: 'Acme' });
const JACK = customer({ firstName: 'Jack', lastName: 'Jones', email: 'jack@example.com' });
const RECENT = [
  customer({ firstName: 'Rita', lastName: 'Recent', company: 'Newco', email: '' }),
  JACK,
];

function Harness({
  onChange,
  onAddNew,
  initial = null,
}: {
  onChange: (c: Customer | null) => void;
  onAddNew: () => void;
  initial?: Customer | null;
}) {
  const [value, setValue] = useState<Customer | null>(initial);
  return (
    <>
      <label htmlFor="client">Client</label>
      <CustomerSearchBox
        id="client"
        value={value && customerChoiceOf(value)}
        onChange={(c) => {
          setValue(c);
          onChange(c);
        }}
        onAddNew={onAddNew}
      />
      <button type="button">Elsewhere</button>
    </>
  );
}

type Handlers = Parameters<typeof mockApi>[0];

function setup(
  handlers: Handlers,
  options: { activeAccountId?: string | null; initial?: Customer } = {},
) {
  const api = mockApi(handlers);
  const onChange = vi.fn();
  const onAddNew = vi.fn();
  const me =
    options.activeAccountId === null ? makeMe({ activeAccountId: null, accounts: [] }) : makeMe();
  renderRoute(<Harness onChange={onChange} onAddNew={onAddNew} initial={options.initial} />, {
    me,
  });
  return { api, onChange, onAddNew, user: userEvent.setup() };
}

const box = () => screen.getByRole('combobox', { name: 'Client' });

describe('CustomerSearchBox', () => {
  it('when focused before typing, then the 5 newest contacts come under Recent Customers', async () => {
    const { user } = setup({ 'GET /api/customers/recent': () => ({ status: 200, body: RECENT }) });
    expect(box()).toHaveAttribute('placeholder', 'Search customers...');

    await user.click(box());

    expect(screen.getByText('Recent Customers')).toBeInTheDocument();
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Rita Recent (Newco)',
      'Jack Jonesjack@example.com',
    ]);
  });

  it('when 2 characters are typed, then one search runs after the pause, Searching... shows, then Search Results', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { api, user } = setup({
      'GET /api/customers/recent': () => ({ status: 200, body: RECENT }),
      'GET /api/customers/search?q=ja': () => ({ status: 200, body: [JANE, JACK] }),
    });
    const fetchMock = api.fetchMock;
    const original = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('search')) await gate;
      return original!(input, init);
    });

    await user.click(box());
    await user.type(box(), 'j');
    // One character: still the recent list, no search.
    expect(screen.getByText('Recent Customers')).toBeInTheDocument();
    await user.type(box(), 'a');
    expect(screen.getByText('Search Results')).toBeInTheDocument();
    expect(screen.getByText('Searching...')).toBeInTheDocument();
    act(() => release());

    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Jane Doe (Acme)jane@example.com',
      'Jack Jonesjack@example.com',
    ]);
    expect(screen.queryByText('Searching...')).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.key.includes('search')).map((c) => c.key)).toEqual([
      'GET /api/customers/search?q=ja',
    ]);
  });

  it('when nothing matches or nothing is recent, then the spec empty messages show with the term', async () => {
    const { user } = setup({
      'GET /api/customers/recent': () => ({ status: 200, body: [] }),
      'GET /api/customers/search?q=zz%20top': () => ({ status: 200, body: [] }),
    });
    await user.click(box());
    expect(await screen.findByText('No recent customers found.')).toBeInTheDocument();

    await user.type(box(), 'zz top');
    expect(await screen.findByText('No customers found for "zz top".')).toBeInTheDocument();
  });

  it('when a contact is picked, then the box is read-only with "First Last (Company)" and a clear button that empties it', async () => {
    const { user, onChange } = setup({
      'GET /api/customers/recent': () => ({ status: 200, body: RECENT }),
      'GET /api/customers/search?q=jan': () => ({ status: 200, body: [JANE] }),
    });
    await user.click(box());
    await user.type(box(), 'jan');
    await user.click(await screen.findByRole('option', { name: /Jane Doe \(Acme\)/ }));

    expect(onChange).toHaveBeenLastCalledWith(JANE);
    const picked = screen.getByRole('textbox', { name: 'Client' });
    expect(picked).toHaveValue('Jane Doe (Acme)');
    expect(picked).toHaveAttribute('readonly');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear customer' }));

    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(box()).toHaveValue('');
    await waitFor(() => expect(box()).toHaveFocus());
  });

  it('when a picked contact has no company, then no brackets show', () => {
    setup({}, { initial: JACK });
    expect(screen.getByRole('textbox', { name: 'Client' })).toHaveValue('Jack Jones');
  });

  it('when used with the keyboard, then arrows move through the list, Enter picks and Escape closes', async () => {
    const { user, onChange } = setup({
      'GET /api/customers/recent': () => ({ status: 200, body: RECENT }),
    });
    await user.click(box());
    await screen.findAllByRole('option');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findAllByRole('option')).toHaveLength(2);
    await user.keyboard('{ArrowDown}');
    expect(box()).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[1]?.id);
    await user.keyboard('{Enter}');

    expect(onChange).toHaveBeenLastCalledWith(JACK);
  });

  it('when + Add New Customer is chosen, then the caller is asked to open its contact dialog', async () => {
    const { user, onAddNew } = setup({
      'GET /api/customers/recent': () => ({ status: 200, body: RECENT }),
    });
    await user.click(box());
    await user.click(screen.getByRole('button', { name: '+ Add New Customer' }));

    expect(onAddNew).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('when the box loses the focus, then the list hides 200 ms later', async () => {
    const { user } = setup({ 'GET /api/customers/recent': () => ({ status: 200, body: RECENT }) });
    await user.click(box());
    await screen.findAllByRole('option');

    // The component's clock, not the machine's: a busy CI machine can take longer than 200 ms
    // between two steps of a real-time test.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
      expect(screen.getByRole('listbox')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(CUSTOMER_LIST_HIDE_DELAY_MS - 1));
      expect(screen.getByRole('listbox')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('when the search or the recent list fails, then the spec error toasts show', async () => {
    const { user } = setup({
      'GET /api/customers/recent': () => ({
        status: 500,
        body: { code: 'INTERNAL', message: 'x' },
      }),
      'GET /api/customers/search?q=ja': () => ({
        status: 500,
        body: { code: 'INTERNAL', message: 'x' },
      }),
    });
    await user.click(box());
    expect(await screen.findByText('Failed to fetch latest customers.')).toBeInTheDocument();

    await user.type(box(), 'ja');
    expect(await screen.findByText('Failed to search customers.')).toBeInTheDocument();
    expect(screen.getAllByText('Error').length).toBeGreaterThanOrEqual(2);
  });

  it('when there is no active business account, then nothing is fetched', async () => {
    const { api, user } = setup({}, { activeAccountId: null });
    await user.click(box());
    await user.type(box(), 'jane');
    await new Promise((r) => setTimeout(r, 400));

    expect(api.calls).toEqual([]);
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });
});
