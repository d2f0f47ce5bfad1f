import { INVOICE_MESSAGES } from '@crewdesk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import {
  INVOICE_ID,
  makeInvoice,
  makePayment,
  PAYMENT_ID,
  TOKEN,
} from '@/entities/invoice/test/fixtures';
import { InvoiceDetailsPage } from './invoice-details-page';

afterEach(() => {
  toast.dismiss();
});

const GET = `GET /api/invoices/${INVOICE_ID}`;
const PAY = `POST /api/invoices/${INVOICE_ID}/payments`;

function open() {
  return renderRoute(<InvoiceDetailsPage />, {
    me: makeMe(),
    path: `/invoices/${INVOICE_ID}`,
    routePath: '/invoices/:id',
  });
}

const actions = () => within(screen.getByRole('toolbar', { name: 'Actions' }));

function headerOf(init: RequestInit | undefined, name: string): string | undefined {
  return (init?.headers as Record<string, string> | undefined)?.[name];
}

describe('InvoiceDetailsPage', () => {
  it('when opened, then the bill-to, lines, totals, billed work, payments and history show, newest first', async () => {
    mockApi({
      [GET]: () => ({
        status: 200,
        body: makeInvoice({
          amountPaidCents: 10000,
          balanceCents: 18480,
          status: 'partially_paid',
          storedStatus: 'partially_paid',
          payments: [makePayment()],
        }),
      }),
    });
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invoice INV-0042' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Bill to' })).toHaveTextContent(
      '12 Main St, Springfield',
    );
    const lines = within(screen.getByRole('table', { name: 'Line items' }));
    expect(lines.getByText('Supplies').parentElement).toHaveTextContent('(not taxed)');
    const totals = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(totals).toEqual(
      expect.arrayContaining(['$265.00', '$19.80', '$284.80', '$100.00', '$184.80']),
    );
    expect(screen.getByText('Tax (8.25%)')).toBeInTheDocument();
    const work = within(screen.getByRole('list', { name: 'Billed work' }));
    expect(work.getByRole('link', { name: 'Deep clean visit' })).toHaveAttribute(
      'href',
      '/jobs/7a1c2a52-0d6e-4c43-9d55-0b7f6f1d2c01',
    );
    expect(work.getByRole('link', { name: /estimate or quote/ })).toHaveAttribute(
      'href',
      '/quotes/6f1c2a52-0d6e-4c43-9d55-0b7f6f1d2c01',
    );
    const payments = within(screen.getByRole('list', { name: 'Payments' }));
    expect(payments.getByRole('link', { name: '$100.00' })).toHaveAttribute(
      'href',
      `/invoices/payments/${PAYMENT_ID}`,
    );
    expect(payments.getByText('Nov 22, 2026 · Check · Check 1001')).toBeInTheDocument();
    const history = within(screen.getByRole('list', { name: 'History' }));
    expect(
      history.getAllByRole('listitem').map((li) => li.querySelector('.font-medium')?.textContent),
    ).toEqual(['Invoice sent', 'Invoice created']);
    expect(screen.getByRole('link', { name: /Download PDF/ })).toHaveAttribute(
      'href',
      `/api/invoices/${INVOICE_ID}/pdf`,
    );
  });

  it('when a payment is recorded, then it carries an Idempotency-Key, and a retry from the same dialog sends the same key', async () => {
    const keys: (string | undefined)[] = [];
    let attempt = 0;
    const api = mockApi({
      [GET]: () => ({ status: 200, body: makeInvoice() }),
      [PAY]: (init) => {
        keys.push(headerOf(init, 'Idempotency-Key'));
        attempt += 1;
        return attempt === 1
          ? {
              status: 400,
              body: { code: 'VALIDATION', message: INVOICE_MESSAGES.overpayment('$284.80') },
            }
          : {
              status: 201,
              body: makeInvoice({ payments: [makePayment()], amountPaidCents: 10000 }),
            };
      },
    });
    const user = userEvent.setup();
    open();
    await screen.findByRole('toolbar', { name: 'Actions' });
    await user.click(actions().getByRole('button', { name: 'Record payment' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Record payment' }));
    expect(dialog.getByLabelText('Amount $')).toHaveValue('284.80');
    await user.selectOptions(dialog.getByLabelText('Method'), 'check');
    await user.clear(dialog.getByLabelText('Amount $'));
    await user.type(dialog.getByLabelText('Amount $'), '300');
    await user.type(dialog.getByLabelText(/^Reference/), 'Check 1001');
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));

    // The server's 400 shows inline; the dialog stays open with what was typed.
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'This payment is more than the balance due ($284.80).',
    );
    await user.clear(dialog.getByLabelText('Amount $'));
    await user.type(dialog.getByLabelText('Amount $'), '100');
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Record payment' })).not.toBeInTheDocument(),
    );
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(api.calls.filter((c) => c.key === PAY).at(-1)?.body).toEqual({
      method: 'check',
      amountCents: 10000,
      tipCents: 0,
      paidOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      reference: 'Check 1001',
      notes: '',
    });
    expect(await screen.findByText('Payment recorded')).toBeInTheDocument();

    // A new dialog is a new payment: a new key.
    await user.click(actions().getByRole('button', { name: 'Record payment' }));
    const again = within(screen.getByRole('dialog', { name: 'Record payment' }));
    await user.selectOptions(again.getByLabelText('Method'), 'cash');
    await user.click(again.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('when Record payment is double-clicked, then one request is sent', async () => {
    const keys: (string | undefined)[] = [];
    mockApi({
      [GET]: () => ({ status: 200, body: makeInvoice() }),
      [PAY]: (init) => {
        keys.push(headerOf(init, 'Idempotency-Key'));
        return { status: 201, body: makeInvoice() };
      },
    });
    const user = userEvent.setup();
    open();
    await screen.findByRole('toolbar', { name: 'Actions' });
    await user.click(actions().getByRole('button', { name: 'Record payment' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Record payment' }));
    await user.selectOptions(dialog.getByLabelText('Method'), 'cash');
    await user.dblClick(dialog.getByRole('button', { name: 'Record payment' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Record payment' })).not.toBeInTheDocument(),
    );
    expect(keys).toHaveLength(1);
  });

  it('when an edit is refused with 409, then the server message shows, the typed input stays, and Reload starts from the saved invoice', async () => {
    let version = 3;
    const api = mockApi({
      [GET]: () => ({
        status: 200,
        body: makeInvoice({ version, clientName: version === 3 ? 'Ann Lee' : 'Ann Lee-Smith' }),
      }),
      [`PUT /api/invoices/${INVOICE_ID}`]: () => ({
        status: 409,
        body: { code: 'CONFLICT', message: INVOICE_MESSAGES.changedBySomeoneElse },
      }),
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit invoice INV-0042' });
    expect(within(form).getByLabelText('Tax rate %')).toHaveValue('8.25');
    const name = within(form).getByLabelText('Client name');
    await user.clear(name);
    await user.type(name, 'Dana Park');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      INVOICE_MESSAGES.changedBySomeoneElse,
    );
    expect(within(form).getByLabelText('Client name')).toHaveValue('Dana Park');
    const put = api.calls.find((c) => c.key === `PUT /api/invoices/${INVOICE_ID}`);
    expect(put?.body).toMatchObject({
      version: 3,
      invoice: {
        clientName: 'Dana Park',
        taxRateBasisPoints: 825,
        lineItems: [
          { description: 'Deep clean', quantity: 1, unitPriceCents: 24000, taxable: true },
          { description: 'Supplies', quantity: 2.5, unitPriceCents: 1000, taxable: false },
        ],
      },
    });

    version = 4;
    await user.click(within(form).getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('form', { name: 'Edit invoice INV-0042' })).getByLabelText(
          'Client name',
        ),
      ).toHaveValue('Ann Lee-Smith'),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when the invoice is paid, then Edit is disabled with the reason', async () => {
    mockApi({
      [GET]: () => ({
        status: 200,
        body: makeInvoice({ status: 'paid', storedStatus: 'paid', balanceCents: 0 }),
      }),
    });
    open();
    const edit = await screen.findByRole('button', { name: 'Edit' });
    expect(edit).toBeDisabled();
    expect(edit).toHaveAccessibleDescription(INVOICE_MESSAGES.lockedPaidOrVoid);
    expect(actions().getByRole('button', { name: 'Record payment' })).toBeDisabled();
  });

  it.each([
    ['sent', 'Invoice sent'],
    ['kept', 'Invoice saved to the outbox (no mail server is set up)'],
    ['failed', 'Email Not Sent'],
  ] as const)('when the send answers %s, then the toast says %s', async (delivery, text) => {
    const api = mockApi({
      [GET]: () => ({ status: 200, body: makeInvoice() }),
      [`POST /api/invoices/${INVOICE_ID}/send`]: () => ({
        status: 200,
        body: { delivery, invoice: makeInvoice() },
      }),
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Send invoice INV-0042' }));
    expect(dialog.getByLabelText('To')).toHaveValue('ann@example.test');
    await user.type(dialog.getByLabelText(/^Message/), 'Thanks!');
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    // The toast's title (the history also says 'Invoice sent').
    expect(await screen.findByText(text, { selector: '[data-title]' })).toBeInTheDocument();
    expect(api.calls.find((c) => c.key.endsWith('/send'))?.body).toEqual({
      to: 'ann@example.test',
      message: 'Thanks!',
    });
  });

  it('when the send dialog opens, then it says the client gets a link (the e-mail carries no attachment)', async () => {
    mockApi({ [GET]: () => ({ status: 200, body: makeInvoice() }) });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    const dialog = screen.getByRole('dialog', { name: 'Send invoice INV-0042' });
    expect(dialog).toHaveAccessibleDescription(
      'The client gets an e-mail with a link to view the invoice, download it as a PDF and pay it.',
    );
  });

  it('when Void is confirmed, then the invoice is voided', async () => {
    const api = mockApi({
      [GET]: () => ({ status: 200, body: makeInvoice() }),
      [`POST /api/invoices/${INVOICE_ID}/void`]: () => ({
        status: 200,
        body: makeInvoice({ status: 'void', storedStatus: 'void' }),
      }),
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Void' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Void invoice INV-0042?' });
    await user.click(within(confirm).getByRole('button', { name: 'Void invoice' }));
    expect(await screen.findByText('Invoice voided')).toBeInTheDocument();
    expect(api.calls.map((c) => c.key)).toContain(`POST /api/invoices/${INVOICE_ID}/void`);
    expect(screen.queryByRole('button', { name: 'Void' })).not.toBeInTheDocument();
  });

  it('when a payment is refunded, then the confirm sends an Idempotency-Key, the same one on a retry', async () => {
    const keys: (string | undefined)[] = [];
    mockApi({
      [GET]: () => ({ status: 200, body: makeInvoice({ payments: [makePayment()] }) }),
      [`POST /api/payments/${PAYMENT_ID}/refund`]: (init) => {
        keys.push(headerOf(init, 'Idempotency-Key'));
        return keys.length === 1
          ? { status: 503, body: { code: 'UNAVAILABLE', message: 'Try again in a moment.' } }
          : {
              status: 200,
              body: makeInvoice({
                payments: [makePayment({ refundedAt: '2026-11-23T10:00:00.000Z' })],
              }),
            };
      },
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: /^Refund \$100\.00/ }));
    const confirm = screen.getByRole('alertdialog', { name: 'Refund this payment?' });
    await user.click(within(confirm).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Try again in a moment.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Payment refunded')).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await screen.findByText('Refunded')).toBeInTheDocument();
  });

  it('when Copy client link is pressed, then the public link is copied', async () => {
    mockApi({ [GET]: () => ({ status: 200, body: makeInvoice() }) });
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    open();
    await user.click(await screen.findByRole('button', { name: 'Copy client link' }));
    expect(writeText).toHaveBeenCalledWith(`https://crew.example.test/pay/${TOKEN}`);
  });

  it('when the invoice does not exist, then Invoice not found shows', async () => {
    mockApi({
      [GET]: () => ({ status: 404, body: { code: 'NOT_FOUND', message: 'Invoice not found' } }),
    });
    open();
    expect(await screen.findByRole('heading', { name: 'Invoice not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to invoices' })).toHaveAttribute(
      'href',
      '/invoices',
    );
  });
});
