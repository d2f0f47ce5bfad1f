import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { cellTexts, makeMe, mockApi, renderRoute } from '@/test/utils';
import {
  CUSTOMER_ID,
  INVOICE_ID,
  makeInvoice,
  makeListResponse,
  makeSettings,
  makeSummary,
} from '@/entities/invoice/test/fixtures';
import { InvoiceListPage, InvoicesLayout, NewInvoicePage } from './invoices-pages';

afterEach(() => {
  toast.dismiss();
});

const FIRST = 'GET /api/invoices?limit=25';
const SETTINGS = 'GET /api/invoice-settings';

function invoice(n: number, overrides: Parameters<typeof makeSummary>[0] = {}) {
  return makeSummary({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    number: `INV-000${n}`,
    clientName: `Client ${n}`,
    ...overrides,
  });
}

function openList(path = '/invoices') {
  return renderRoute(<InvoiceListPage />, { me: makeMe(), path, routePath: '/invoices' });
}

describe('Invoice list', () => {
  it('when the address names filters (a home tile), then the list starts filtered by them', async () => {
    const api = mockApi({
      [`${FIRST}&status=overdue`]: () => ({ status: 200, body: makeListResponse([]) }),
    });
    openList('/invoices?status=overdue');
    expect(await screen.findByRole('heading', { name: 'No matching invoices' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('overdue');
    expect(api.calls.map((c) => c.key)).toEqual([`${FIRST}&status=overdue`]);
  });

  it('when the business has invoices, then the totals, the rows and the next page show', async () => {
    mockApi({
      [FIRST]: () => ({
        status: 200,
        body: makeListResponse(
          [invoice(1), invoice(2, { status: 'overdue', balanceCents: 5000, totalCents: 9000 })],
          { nextCursor: 'c2' },
        ),
      }),
      [`${FIRST}&cursor=c2`]: () => ({ status: 200, body: makeListResponse([invoice(3)]) }),
    });
    const user = userEvent.setup();
    openList();

    const outstanding = await screen.findByRole('group', { name: 'Outstanding' });
    expect(outstanding).toHaveTextContent('$1,234.56');
    expect(outstanding).toHaveTextContent('4 invoices');
    const overdue = screen.getByRole('group', { name: 'Overdue' });
    expect(overdue).toHaveTextContent('$500.00');
    expect(overdue).toHaveTextContent('1 invoice');

    const table = screen.getByRole('table', { name: 'Invoices' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(cellTexts(rows)).toEqual([
      ['INV-0001', 'Client 1', 'Nov 21, 2026', 'Dec 21, 2026', 'Sent', '$284.80', '$284.80'],
      ['INV-0002', 'Client 2', 'Nov 21, 2026', 'Dec 21, 2026', 'Overdue', '$90.00', '$50.00'],
    ]);
    expect(within(table).getByRole('link', { name: 'INV-0001' })).toHaveAttribute(
      'href',
      '/invoices/00000000-0000-4000-8000-000000000001',
    );

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByRole('link', { name: 'INV-0003' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('when a status is picked, then the list is asked again with it, and an empty answer says nothing matches', async () => {
    const api = mockApi({
      [FIRST]: () => ({ status: 200, body: makeListResponse([invoice(1)]) }),
      [`${FIRST}&status=overdue`]: () => ({ status: 200, body: makeListResponse([]) }),
    });
    const user = userEvent.setup();
    openList();
    await screen.findByRole('table', { name: 'Invoices' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'overdue');
    expect(await screen.findByRole('heading', { name: 'No matching invoices' })).toBeVisible();
    expect(api.calls.map((c) => c.key)).toContain(`${FIRST}&status=overdue`);
    // The totals are the business's, whatever the filter.
    expect(screen.getByRole('group', { name: 'Outstanding' })).toHaveTextContent('$1,234.56');
  });

  it('when the search is typed, then the list asks for it once typing pauses', async () => {
    const api = mockApi({
      [FIRST]: () => ({ status: 200, body: makeListResponse([invoice(1)]) }),
      [`${FIRST}&q=INV-0001`]: () => ({ status: 200, body: makeListResponse([invoice(1)]) }),
    });
    const user = userEvent.setup();
    openList();
    await screen.findByRole('table', { name: 'Invoices' });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'INV-0001');
    await waitFor(() => expect(api.calls.map((c) => c.key)).toContain(`${FIRST}&q=INV-0001`));
    // One request for the whole word, not one per key.
    expect(api.calls.filter((c) => c.key.includes('q=')).length).toBe(1);
  });

  it('when the address names a client, then only their invoices are asked for, under a chip that removes the filter', async () => {
    const api = mockApi({
      [`${FIRST}&customerId=${CUSTOMER_ID}`]: () => ({
        status: 200,
        body: makeListResponse([invoice(1, { customerId: CUSTOMER_ID, clientName: 'Ann Lee' })]),
      }),
      [FIRST]: () => ({ status: 200, body: makeListResponse([invoice(1), invoice(2)]) }),
      [`GET /api/customers/${CUSTOMER_ID}`]: () => ({
        status: 200,
        body: { id: CUSTOMER_ID, firstName: 'Ann', lastName: 'Lee-Park', company: null },
      }),
    });
    const user = userEvent.setup();
    const { router } = openList(`/invoices?customerId=${CUSTOMER_ID}`);
    expect(await screen.findByText('Ann Lee-Park', { selector: 'span' })).toBeInTheDocument();
    expect(api.calls[0]?.key).toBe(`${FIRST}&customerId=${CUSTOMER_ID}`);

    await user.click(screen.getByRole('button', { name: 'Remove the client filter' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(await within(table).findByRole('link', { name: 'INV-0002' })).toBeInTheDocument();
  });

  it('when there are no invoices at all, then the empty state offers New invoice', async () => {
    mockApi({ [FIRST]: () => ({ status: 200, body: makeListResponse([]) }) });
    openList();
    const empty = await screen.findByRole('region', { name: 'No invoices yet' });
    expect(within(empty).getByRole('link', { name: /New invoice/ })).toHaveAttribute(
      'href',
      '/invoices/new',
    );
  });

  it('when loading fails, then the server message shows with Try again', async () => {
    mockApi({
      [FIRST]: () => ({
        status: 500,
        body: { code: 'INTERNAL', message: 'The database is asleep.' },
      }),
    });
    openList();
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is asleep.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('Invoices layout', () => {
  it('shows the header actions and the three views, and Batch invoice opens its dialog', async () => {
    mockApi({ 'GET /api/invoiceable-jobs': () => ({ status: 200, body: { items: [] } }) });
    const user = userEvent.setup();
    renderRoute(<InvoicesLayout />, { me: makeMe(), path: '/invoices' });
    expect(screen.getByRole('heading', { level: 1, name: 'Invoices' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /New invoice/ })).toHaveAttribute(
      'href',
      '/invoices/new',
    );
    const views = within(screen.getByRole('navigation', { name: 'Invoice views' }));
    expect(views.getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual([
      '/invoices',
      '/invoices/payments',
      '/invoices/history',
    ]);
    await user.click(screen.getByRole('button', { name: /Batch invoice/ }));
    expect(await screen.findByRole('dialog', { name: 'Batch invoice' })).toBeInTheDocument();
    expect(
      await screen.findByText('No completed jobs are waiting for an invoice.'),
    ).toBeInTheDocument();
  });
});

function openNew(path = '/invoices/new') {
  return renderRoute(<NewInvoicePage />, {
    me: makeMe(),
    path,
    routePath: '/invoices/new',
    routes: [{ path: '/invoices/:id', element: <p>Invoice page</p> }],
  });
}

describe('New invoice', () => {
  it('starts from the invoice settings: default terms, tax rate and terms text, due date computed', async () => {
    mockApi({ [SETTINGS]: () => ({ status: 200, body: makeSettings() }) });
    openNew();
    const form = await screen.findByRole('form', { name: 'New invoice' });
    expect(within(form).getByLabelText('Payment terms')).toHaveValue('net_15');
    expect(within(form).getByLabelText('Tax rate %')).toHaveValue('8.25');
    expect(within(form).getByLabelText(/^Terms/)).toHaveValue('Payment due within 15 days.');

    fireEvent.change(within(form).getByLabelText('Issue date'), {
      target: { value: '2026-11-20' },
    });
    expect(within(form).getByLabelText('Due date')).toHaveTextContent('Dec 5, 2026');
    // Custom terms make the due date a field, starting from the date the terms gave.
    await userEvent.setup().selectOptions(within(form).getByLabelText('Payment terms'), 'custom');
    expect(within(form).getByLabelText('Due date')).toHaveValue('2026-12-05');
  });

  it('when lines, a discount and tax are typed, then the totals follow live', async () => {
    mockApi({ [SETTINGS]: () => ({ status: 200, body: makeSettings() }) });
    const user = userEvent.setup();
    openNew();
    const form = await screen.findByRole('form', { name: 'New invoice' });
    const line1 = within(within(form).getByRole('group', { name: 'Line 1' }));
    await user.type(line1.getByLabelText('Description'), 'Deep clean');
    await user.type(line1.getByLabelText('Unit price $'), '240');
    await user.click(within(form).getByRole('button', { name: 'Add line item' }));
    const line2 = within(within(form).getByRole('group', { name: 'Line 2' }));
    await user.type(line2.getByLabelText('Description'), 'Supplies');
    await user.clear(line2.getByLabelText('Qty'));
    await user.type(line2.getByLabelText('Qty'), '2.5');
    await user.type(line2.getByLabelText('Unit price $'), '10');
    await user.click(line2.getByLabelText('Taxable'));
    expect(line2.getByLabelText('Line 2 total')).toHaveTextContent('$25.00');

    // Tax 8.25 % on the taxable line only: 265.00 + 19.80.
    expect(within(form).getByRole('definition', { name: 'Total' })).toHaveTextContent('$284.80');
    await user.selectOptions(within(form).getByLabelText('Discount type'), 'percent');
    await user.type(within(form).getByLabelText('Discount %'), '10');
    // 265.00 − 26.50 = 238.50; tax 8.25 % on the taxable share (240 − 24) = 17.82.
    expect(within(form).getByRole('definition', { name: 'Subtotal' })).toHaveTextContent('$265.00');
    expect(within(form).getByRole('definition', { name: 'Discount' })).toHaveTextContent('−$26.50');
    expect(within(form).getByRole('definition', { name: 'Tax' })).toHaveTextContent('$17.82');
    expect(within(form).getByRole('definition', { name: 'Total' })).toHaveTextContent('$256.32');
  });

  it('when saved empty, then the domain messages show next to their fields and nothing is sent', async () => {
    const api = mockApi({ [SETTINGS]: () => ({ status: 200, body: makeSettings() }) });
    const user = userEvent.setup();
    openNew();
    const form = await screen.findByRole('form', { name: 'New invoice' });
    await user.type(
      within(within(form).getByRole('group', { name: 'Line 1' })).getByLabelText('Qty'),
      '.123',
    );
    await user.click(within(form).getByRole('button', { name: 'Save invoice' }));

    expect(within(form).getByLabelText('Client name')).toHaveAccessibleDescription('Required');
    expect(within(form).getByLabelText('Client name')).toHaveFocus();
    const line = within(within(form).getByRole('group', { name: 'Line 1' }));
    expect(line.getByLabelText('Description')).toHaveAccessibleDescription('Required');
    expect(line.getByLabelText('Qty')).toHaveAccessibleDescription(
      'Quantity can have at most two decimals',
    );
    expect(line.getByLabelText('Unit price $')).toHaveAccessibleDescription('Required');
    expect(api.calls.some((c) => c.key === 'POST /api/invoices')).toBe(false);
  });

  it('when a picked client and lines are saved, then the body is the domain input and the new invoice opens', async () => {
    const api = mockApi({
      [SETTINGS]: () => ({ status: 200, body: makeSettings() }),
      [`GET /api/customers/${CUSTOMER_ID}`]: () => ({
        status: 200,
        body: {
          id: CUSTOMER_ID,
          firstName: 'Ann',
          lastName: 'Lee',
          email: 'ann@example.test',
          phone: '',
          company: null,
          address: '12 Main St',
          city: 'Springfield',
          state: 'IL',
          zip: '62701',
        },
      }),
      'POST /api/invoices': () => ({ status: 201, body: makeInvoice({ id: INVOICE_ID }) }),
    });
    const user = userEvent.setup();
    const { router } = openNew(`/invoices/new?customerId=${CUSTOMER_ID}`);
    const form = await screen.findByRole('form', { name: 'New invoice' });
    // The client from the address fills the fields; the name stays editable.
    expect(within(form).getByLabelText(/^Client\b/, { selector: 'input[readonly]' })).toHaveValue(
      'Ann Lee',
    );
    expect(within(form).getByLabelText(/^Client e-mail/)).toHaveValue('ann@example.test');
    expect(within(form).getByLabelText(/^Billing address/)).toHaveValue(
      '12 Main St, Springfield, IL 62701',
    );
    await user.type(within(form).getByLabelText('Client name'), ' Jr.');

    fireEvent.change(within(form).getByLabelText('Issue date'), {
      target: { value: '2026-11-20' },
    });
    const line = within(within(form).getByRole('group', { name: 'Line 1' }));
    await user.type(line.getByLabelText('Description'), 'Deep clean');
    await user.type(line.getByLabelText('Unit price $'), '1,240.50');
    await user.type(within(form).getByLabelText('Discount $'), '40.5');
    await user.type(within(form).getByLabelText(/^Notes/), 'Gate code 1234');
    await user.click(within(form).getByRole('button', { name: 'Save invoice' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/invoices/${INVOICE_ID}`));
    expect(api.calls.find((c) => c.key === 'POST /api/invoices')?.body).toEqual({
      customerId: CUSTOMER_ID,
      clientName: 'Ann Lee Jr.',
      clientEmail: 'ann@example.test',
      billingAddress: '12 Main St, Springfield, IL 62701',
      issueDate: '2026-11-20',
      paymentTerms: 'net_15',
      dueDate: null,
      lineItems: [
        { description: 'Deep clean', quantity: 1, unitPriceCents: 124050, taxable: true },
      ],
      discountKind: 'amount',
      discountValue: 4050,
      taxRateBasisPoints: 825,
      notes: 'Gate code 1234',
      terms: 'Payment due within 15 days.',
    });
    expect(await screen.findByText('Invoice created')).toBeInTheDocument();
  });

  it('when the server refuses the invoice, then its message shows above the form and the input stays', async () => {
    mockApi({
      [SETTINGS]: () => ({ status: 200, body: makeSettings() }),
      'POST /api/invoices': () => ({
        status: 400,
        body: { code: 'VALIDATION', message: 'customerId must be a contact id' },
      }),
    });
    const user = userEvent.setup();
    openNew();
    const form = await screen.findByRole('form', { name: 'New invoice' });
    await user.type(within(form).getByLabelText('Client name'), 'Dana');
    const line = within(within(form).getByRole('group', { name: 'Line 1' }));
    await user.type(line.getByLabelText('Description'), 'Windows');
    await user.type(line.getByLabelText('Unit price $'), '80');
    await user.click(within(form).getByRole('button', { name: 'Save invoice' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'customerId must be a contact id',
    );
    expect(within(form).getByLabelText('Client name')).toHaveValue('Dana');
  });
});
