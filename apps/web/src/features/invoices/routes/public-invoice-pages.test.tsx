import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoute } from '@/test/utils';
import { makePublicInvoice, TOKEN } from '@/entities/invoice/test/fixtures';
import {
  browser,
  PAYMENT_POLL_LIMIT_MS,
  PAYMENT_POLL_MS,
  PaymentSuccessPage,
  PublicInvoicePage,
} from './public-invoice-pages';

afterEach(() => {
  toast.dismiss();
  vi.useRealTimers();
});

const API = `/api/public/invoices/${TOKEN}`;

function openInvoice() {
  return renderRoute(<PublicInvoicePage />, { path: `/pay/${TOKEN}`, routePath: '/pay/:token' });
}

describe('PublicInvoicePage', () => {
  it('when online payment is off, then the invoice shows with How to pay and no pay button', async () => {
    mockApi({ [`GET ${API}`]: () => ({ status: 200, body: makePublicInvoice() }) });
    openInvoice();
    expect(await screen.findByRole('heading', { level: 1, name: /INV-0042/ })).toBeVisible();
    expect(screen.getByText('Sparkle Cleaning')).toBeVisible();
    expect(screen.getByLabelText('Balance due')).toHaveTextContent('$284.80');
    expect(screen.getByRole('heading', { name: 'How to pay' })).toBeVisible();
    expect(screen.getByText('Checks payable to Sparkle Cleaning.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /online/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Download PDF/ })).toHaveAttribute(
      'href',
      `${API}/pdf`,
    );
    expect(
      within(screen.getByRole('table', { name: 'Line items' })).getByText('Deep clean'),
    ).toBeVisible();
  });

  it('when online payment is on, then Pay online starts a checkout and goes to its page', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const api = mockApi({
      [`GET ${API}`]: () => ({
        status: 200,
        body: makePublicInvoice({ canPayOnline: true, paymentInstructions: '' }),
      }),
      [`POST ${API}/checkout`]: () => ({
        status: 200,
        body: { url: 'https://checkout.stripe.test/c/pay_123' },
      }),
    });
    const user = userEvent.setup();
    openInvoice();
    await user.click(await screen.findByRole('button', { name: 'Pay $284.80 online' }));
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay_123'),
    );
    expect(api.calls.map((c) => c.key)).toContain(`POST ${API}/checkout`);
    expect(screen.queryByRole('heading', { name: 'How to pay' })).not.toBeInTheDocument();
  });

  it('when the checkout cannot start, then the server message is toasted', async () => {
    mockApi({
      [`GET ${API}`]: () => ({ status: 200, body: makePublicInvoice({ canPayOnline: true }) }),
      [`POST ${API}/checkout`]: () => ({
        status: 409,
        body: { code: 'CONFLICT', message: 'Online payment is not set up for this business.' },
      }),
    });
    const user = userEvent.setup();
    openInvoice();
    await user.click(await screen.findByRole('button', { name: 'Pay $284.80 online' }));
    expect(
      await screen.findByText('Online payment is not set up for this business.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $284.80 online' })).toBeEnabled();
  });

  it('when the invoice is paid, then it says so and offers no payment', async () => {
    mockApi({
      [`GET ${API}`]: () => ({
        status: 200,
        body: makePublicInvoice({
          status: 'paid',
          canPayOnline: false,
          amountPaidCents: 28480,
          balanceCents: 0,
          payments: [{ paidOn: '2026-11-22', method: 'online', amountCents: 28480 }],
        }),
      }),
    });
    openInvoice();
    expect(await screen.findByText('Paid — thank you')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'How to pay' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Payments' })).getByText(/Online \(card\)/),
    ).toBeVisible();
  });

  it('when the link is unknown, then it says the link is not valid', async () => {
    mockApi({
      [`GET ${API}`]: () => ({
        status: 404,
        body: { code: 'NOT_FOUND', message: 'Invoice not found' },
      }),
    });
    openInvoice();
    expect(await screen.findByText('This invoice link is not valid.')).toBeVisible();
  });
});

function openSuccess(token: string | null = TOKEN) {
  const path =
    token === null ? '/invoices/payment-success' : `/invoices/payment-success?invoice=${token}`;
  return renderRoute(<PaymentSuccessPage />, { path, routePath: '/invoices/payment-success' });
}

const status = (overrides: Record<string, unknown> = {}) => ({
  number: 'INV-0042',
  businessName: 'Sparkle Cleaning',
  status: 'sent',
  balanceCents: 28480,
  amountPaidCents: 0,
  ...overrides,
});

describe('PaymentSuccessPage', () => {
  it('while the payment is not recorded yet, then it waits and asks every 2 seconds, and thanks the client once it is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answers = 0;
    const api = mockApi({
      [`GET ${API}/payment-status`]: () => {
        answers += 1;
        return {
          status: 200,
          body:
            answers < 3
              ? status()
              : status({ status: 'paid', balanceCents: 0, amountPaidCents: 28480 }),
        };
      },
    });
    openSuccess();
    expect(await screen.findByText("We're confirming your payment…")).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS));
    expect(screen.getByText("We're confirming your payment…")).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS));

    expect(
      await screen.findByRole('heading', { name: 'Thank you! Your payment was received.' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Invoice INV-0042 from Sparkle Cleaning')).toBeInTheDocument();
    expect(screen.getByText(/Balance due/)).toHaveTextContent('Balance due: $0.00');
    expect(screen.getByRole('link', { name: 'View your invoice' })).toHaveAttribute(
      'href',
      `/pay/${TOKEN}`,
    );
    // Confirmed: it stops asking.
    const asked = api.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS * 3));
    expect(api.calls.length).toBe(asked);
    expect(asked).toBe(3);
  });

  it('when more was paid than when the page first asked, then it thanks the client (a partial payment)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answers = 0;
    mockApi({
      [`GET ${API}/payment-status`]: () => {
        answers += 1;
        return {
          status: 200,
          body:
            answers === 1
              ? status({ status: 'partially_paid', amountPaidCents: 10000, balanceCents: 18480 })
              : status({ status: 'partially_paid', amountPaidCents: 20000, balanceCents: 8480 }),
        };
      },
    });
    openSuccess();
    expect(await screen.findByText("We're confirming your payment…")).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS));
    expect(
      await screen.findByRole('heading', { name: 'Thank you! Your payment was received.' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Balance due/)).toHaveTextContent('$84.80');
  });

  it('when nothing arrives within 30 seconds, then it stops asking and says the payment is still being confirmed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({ [`GET ${API}/payment-status`]: () => ({ status: 200, body: status() }) });
    openSuccess();
    expect(await screen.findByText("We're confirming your payment…")).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_LIMIT_MS));
    expect(
      await screen.findByRole('heading', { name: 'Your payment is still being confirmed' }),
    ).toBeInTheDocument();
    const asked = api.calls.length;
    expect(asked).toBeGreaterThanOrEqual(PAYMENT_POLL_LIMIT_MS / PAYMENT_POLL_MS - 1);
    expect(asked).toBeLessThanOrEqual(PAYMENT_POLL_LIMIT_MS / PAYMENT_POLL_MS + 1);
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS * 5));
    expect(api.calls.length).toBe(asked);
  });

  it('when the token is missing, then it says the invoice could not be found and asks nothing', () => {
    const api = mockApi({});
    openSuccess(null);
    expect(screen.getByText('We could not find this invoice.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('when the token is unknown, then it says the invoice could not be found', async () => {
    mockApi({
      [`GET ${API}/payment-status`]: () => ({
        status: 404,
        body: { code: 'NOT_FOUND', message: 'Invoice not found' },
      }),
    });
    openSuccess();
    expect(await screen.findByText('We could not find this invoice.')).toBeInTheDocument();
  });
});
