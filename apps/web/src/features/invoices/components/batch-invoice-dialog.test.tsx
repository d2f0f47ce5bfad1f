import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { makeSummary } from '@/entities/invoice/test/fixtures';
import { BatchInvoiceDialog } from './batch-invoice-dialog';

afterEach(() => {
  toast.dismiss();
});

const JOBS = 'GET /api/invoiceable-jobs';
const A = '7a1c2a52-0d6e-4c43-9d55-0b7f6f1d2c0a';
const B = '7a1c2a52-0d6e-4c43-9d55-0b7f6f1d2c0b';
const C = '7a1c2a52-0d6e-4c43-9d55-0b7f6f1d2c0c';

const jobs = [
  {
    id: A,
    title: 'Deep clean',
    clientName: 'Ann Lee',
    completedAt: '2026-11-20T15:00:00.000Z',
    priceCents: 24000,
  },
  {
    id: B,
    title: 'Windows',
    clientName: 'Bo Park',
    completedAt: '2026-11-19T15:00:00.000Z',
    priceCents: 8000,
  },
  { id: C, title: 'Gutters', clientName: 'Cy Diaz', completedAt: null, priceCents: 12000 },
];

function open(onOpenChange = vi.fn()) {
  renderRoute(<BatchInvoiceDialog open onOpenChange={onOpenChange} />, { me: makeMe() });
  return onOpenChange;
}

describe('BatchInvoiceDialog', () => {
  it('when jobs are picked, then Create N invoices sends their ids and says how many were created', async () => {
    const api = mockApi({
      [JOBS]: () => ({ status: 200, body: { items: jobs } }),
      'POST /api/invoices/batch': () => ({
        status: 201,
        body: { items: [makeSummary({ number: 'INV-0043' }), makeSummary({ number: 'INV-0044' })] },
      }),
    });
    const user = userEvent.setup();
    const onOpenChange = open();
    const dialog = within(await screen.findByRole('dialog', { name: 'Batch invoice' }));
    const list = within(await dialog.findByRole('list', { name: 'Completed jobs' }));
    expect(list.getAllByRole('checkbox')).toHaveLength(3);
    expect(list.getByText('$240.00')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Create 0 invoices' })).toBeDisabled();

    await user.click(list.getByRole('checkbox', { name: /Deep clean/ }));
    expect(dialog.getByRole('button', { name: 'Create 1 invoice' })).toBeEnabled();
    await user.click(list.getByRole('checkbox', { name: /Gutters/ }));
    await user.click(dialog.getByRole('button', { name: 'Create 2 invoices' }));

    expect(await screen.findByText('2 invoices created')).toBeInTheDocument();
    expect(api.calls.find((c) => c.key === 'POST /api/invoices/batch')?.body).toEqual({
      jobIds: [A, C],
    });
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it('when Select all is ticked, then every job is picked, and unticked, none', async () => {
    mockApi({ [JOBS]: () => ({ status: 200, body: { items: jobs } }) });
    const user = userEvent.setup();
    open();
    const dialog = within(await screen.findByRole('dialog', { name: 'Batch invoice' }));
    const all = await dialog.findByRole('checkbox', { name: 'Select all (3)' });
    await user.click(all);
    expect(dialog.getByRole('button', { name: 'Create 3 invoices' })).toBeEnabled();
    expect(
      within(dialog.getByRole('list', { name: 'Completed jobs' }))
        .getAllByRole('checkbox')
        .every((box) => (box as HTMLInputElement).checked),
    ).toBe(true);
    await user.click(all);
    expect(dialog.getByRole('button', { name: 'Create 0 invoices' })).toBeDisabled();
  });

  it('when the batch is refused, then the server message shows in the dialog', async () => {
    mockApi({
      [JOBS]: () => ({ status: 200, body: { items: jobs } }),
      'POST /api/invoices/batch': () => ({
        status: 409,
        body: { code: 'CONFLICT', message: 'This job already has an invoice.' },
      }),
    });
    const user = userEvent.setup();
    open();
    const dialog = within(await screen.findByRole('dialog', { name: 'Batch invoice' }));
    await user.click(await dialog.findByRole('checkbox', { name: /Windows/ }));
    await user.click(dialog.getByRole('button', { name: 'Create 1 invoice' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('This job already has an invoice.');
  });

  it('when no completed job waits, then it says so', async () => {
    mockApi({ [JOBS]: () => ({ status: 200, body: { items: [] } }) });
    open();
    expect(
      await screen.findByText('No completed jobs are waiting for an invoice.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
