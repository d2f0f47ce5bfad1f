import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { cellTexts, makeMe, mockApi, renderRoute } from '@/test/utils';
import {
  INVOICE_ID,
  makeInvoice,
  makePayment,
  makePaymentDetail,
  PAYMENT_ID,
} from '@/entities/invoice/test/fixtures';
import { InvoiceHistoryPage } from './invoice-history-page';
import { PaymentDetailsPage, PaymentsPage } from './payments-pages';

afterEach(() => {
  toast.dismiss();
});

const PAYMENTS = 'GET /api/payments?limit=25';

describe('PaymentsPage', () => {
  it('lists the payments with a method filter and the next page on demand', async () => {
    const api = mockApi({
      [PAYMENTS]: () => ({
        status: 200,
        body: {
          items: [
            makePayment(),
            makePayment({
              id: '5a1c2a52-0d6e-4c43-9d55-0b7f6f1d2c02',
              method: 'cash',
              tipCents: 0,
              reference: '',
              refundedAt: '2026-11-23T10:00:00.000Z',
            }),
          ],
          nextCursor: 'p2',
        },
      }),
      [`${PAYMENTS}&cursor=p2`]: () => ({
        status: 200,
        body: {
          items: [
            makePayment({ id: '5a1c2a52-0d6e-4c43-9d55-0b7f6f1d2c03', paidOn: '2026-10-01' }),
          ],
          nextCursor: null,
        },
      }),
      [`${PAYMENTS}&method=cash`]: () => ({ status: 200, body: { items: [], nextCursor: null } }),
    });
    const user = userEvent.setup();
    renderRoute(<PaymentsPage />, { me: makeMe(), path: '/invoices/payments' });
    const table = await screen.findByRole('table', { name: 'Payments' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(cellTexts(rows)).toEqual([
      ['Nov 22, 2026', 'INV-0042', 'Ann Lee', 'Check', 'Check 1001', '$100.00', '$5.00'],
      ['Nov 22, 2026', 'INV-0042', 'Ann Lee', 'Cash', '—', 'Refunded$100.00', '—'],
    ]);
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute(
      'href',
      `/invoices/payments/${PAYMENT_ID}`,
    );
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByRole('link', { name: 'Oct 1, 2026' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Method' }), 'cash');
    expect(await screen.findByRole('heading', { name: 'No matching payments' })).toBeVisible();
    expect(api.calls.map((c) => c.key)).toContain(`${PAYMENTS}&method=cash`);
  });

  it('when there are no payments, then it says so', async () => {
    mockApi({ [PAYMENTS]: () => ({ status: 200, body: { items: [], nextCursor: null } }) });
    renderRoute(<PaymentsPage />, { me: makeMe(), path: '/invoices/payments' });
    expect(await screen.findByRole('heading', { name: 'No payments yet' })).toBeVisible();
  });
});

describe('PaymentDetailsPage', () => {
  function open() {
    return renderRoute(<PaymentDetailsPage />, {
      me: makeMe(),
      path: `/invoices/payments/${PAYMENT_ID}`,
      routePath: '/invoices/payments/:id',
      routes: [{ path: '/invoices/:id', element: <p>Invoice page</p> }],
    });
  }

  it('shows the payment and its invoice, and Remove (confirmed, with a key) goes to the invoice', async () => {
    let key: string | undefined;
    const api = mockApi({
      [`GET /api/payments/${PAYMENT_ID}`]: () => ({ status: 200, body: makePaymentDetail() }),
      [`DELETE /api/payments/${PAYMENT_ID}`]: (init) => {
        key = (init?.headers as Record<string, string>)['Idempotency-Key'];
        return { status: 200, body: makeInvoice() };
      },
    });
    const user = userEvent.setup();
    const { router } = open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment of $100.00' }),
    ).toBeInTheDocument();
    const payment = within(screen.getByRole('region', { name: 'Payment' }));
    expect(payment.getByText('Recorded by').nextSibling).toHaveTextContent('Ada Lovelace');
    expect(payment.getByText('Reference').nextSibling).toHaveTextContent('Check 1001');
    expect(payment.getByText('Tip').nextSibling).toHaveTextContent('$5.00');
    const invoice = within(screen.getByRole('region', { name: 'Invoice' }));
    expect(invoice.getByRole('link', { name: 'INV-0042' })).toHaveAttribute(
      'href',
      `/invoices/${INVOICE_ID}`,
    );
    expect(invoice.getByText('Balance due').nextSibling).toHaveTextContent('$184.80');

    await user.click(screen.getByRole('button', { name: 'Remove payment' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Remove this payment?' });
    expect(api.calls.some((c) => c.key.startsWith('DELETE'))).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Remove payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/invoices/${INVOICE_ID}`));
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    // The removed payment is not asked for again.
    expect(api.calls.filter((c) => c.key === `GET /api/payments/${PAYMENT_ID}`)).toHaveLength(1);
  });

  it('when the payment is refunded, then it says so and offers no Refund or Remove', async () => {
    mockApi({
      [`GET /api/payments/${PAYMENT_ID}`]: () => ({
        status: 200,
        body: makePaymentDetail({ refundedAt: '2026-11-23T10:00:00.000Z' }),
      }),
    });
    open();
    expect(await screen.findByText('Refunded', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByText('Refunded', { selector: 'dt' }).nextSibling).toHaveTextContent(
      'Nov 23, 2026',
    );
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove payment' })).not.toBeInTheDocument();
  });

  it('when the payment does not exist, then Payment not found shows', async () => {
    mockApi({
      [`GET /api/payments/${PAYMENT_ID}`]: () => ({
        status: 404,
        body: { code: 'NOT_FOUND', message: 'Payment not found' },
      }),
    });
    open();
    expect(await screen.findByRole('heading', { name: 'Payment not found' })).toBeInTheDocument();
  });
});

describe('InvoiceHistoryPage', () => {
  it('lists the events with links to their invoices and filters by kind', async () => {
    const invoice = makeInvoice();
    const api = mockApi({
      'GET /api/invoice-history?limit=25': () => ({
        status: 200,
        body: {
          items: [
            {
              id: 'e3e1c2a5-0d6e-4c43-9d55-0b7f6f1d2c01',
              invoiceId: INVOICE_ID,
              invoiceNumber: 'INV-0042',
              kind: 'payment_recorded',
              detail: { amountCents: 10000, tipCents: 500, method: 'check' },
              actorName: 'Ada Lovelace',
              createdAt: '2026-11-22T15:00:00.000Z',
            },
            ...invoice.events,
          ],
          nextCursor: null,
        },
      }),
      'GET /api/invoice-history?limit=25&kind=voided': () => ({
        status: 200,
        body: { items: [], nextCursor: null },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<InvoiceHistoryPage />, { me: makeMe(), path: '/invoices/history' });
    const list = within(await screen.findByRole('list', { name: 'Invoice history' }));
    const items = list.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('INV-0042 · Payment recorded · $100.00 · tip $5.00 · Check');
    expect(items).toHaveLength(3);
    expect(list.getAllByRole('link', { name: 'INV-0042' })[0]).toHaveAttribute(
      'href',
      `/invoices/${INVOICE_ID}`,
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'What happened' }), 'voided');
    expect(await screen.findByRole('heading', { name: 'Nothing of this kind' })).toBeVisible();
    expect(api.calls.map((c) => c.key)).toContain('GET /api/invoice-history?limit=25&kind=voided');
  });
});
