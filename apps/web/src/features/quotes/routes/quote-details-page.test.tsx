import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calculateEstimate, proposalOptionsFor, type Role } from '@crewdesk/domain';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { makeRequest } from '@/entities/request/test/fixtures';
import { QuoteDetailsPage } from './quote-details-page';

afterEach(() => {
  toast.dismiss();
});

const ID = '6f1c2a52-0d6e-4c43-9d55-0b7f6f1d2c01';
const GET = `GET /api/requests/${ID}`;
const SEND = 'POST /api/functions/send-estimate-email';

function open(role: Role = 'owner', path = `/quotes/${ID}`) {
  return renderRoute(<QuoteDetailsPage />, {
    me: makeMe({ role }),
    path,
    routePath: path.startsWith('/invoices') ? '/invoices/estimates/:id' : '/quotes/:id',
  });
}

const input = {
  propertyType: 'residential' as const,
  squareFootage: 1000,
  numberOfRooms: 1,
  numberOfBathrooms: 1,
  frequency: 'one-time' as const,
  additionalServices: [],
};

describe('QuoteDetailsPage', () => {
  it('when an estimate is opened, then its client, amounts, calculator details and history show', async () => {
    mockApi({
      [GET]: () => ({
        status: 200,
        body: makeRequest({
          customerId: 'c-1',
          status: 'sent',
          details: {
            ...makeRequest().details,
            additionalServices: ['window-cleaning'],
            specificAreas: ['kitchen', 'living_room'],
            condition: 'post_construction',
            accessibility: ['stairs'],
            clientPreferences: ['pet_safe'],
            timeConstraints: { startTime: '9:00 AM', endTime: '11:30 AM' },
          },
          events: [
            {
              id: 'e1',
              kind: 'created',
              detail: { amountCents: 9500 },
              createdAt: '2026-11-21T10:00:00Z',
            },
            {
              id: 'e2',
              kind: 'sent',
              detail: { recipientEmail: 'ann@example.test' },
              createdAt: '2026-11-21T10:05:00Z',
            },
            { id: 'e3', kind: 'viewed', detail: null, createdAt: '2026-11-22T08:00:00Z' },
          ],
        }),
      }),
    });
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Estimate for Ann Lee' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Sent', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ann Lee' })).toHaveAttribute('href', '/customers/c-1');
    expect(screen.getByText('Window Cleaning')).toBeInTheDocument();
    expect(screen.getByText('Kitchen, Living Room')).toBeInTheDocument();
    expect(screen.getByText('Post Construction')).toBeInTheDocument();
    expect(screen.getByText('9:00 AM – 11:30 AM')).toBeInTheDocument();
    expect(screen.getByText('1,000 sq ft')).toBeInTheDocument();
    const history = within(screen.getByRole('list', { name: 'History' }));
    expect(
      history.getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent),
    ).toEqual(['Opened by the client', 'Sent to ann@example.test', 'Created at $95.00']);
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      `/api/requests/${ID}/pdf`,
    );
    // An owner without a Business Summary in the answer sees none.
    expect(screen.queryByText('Business Summary')).not.toBeInTheDocument();
  });

  it('when the answer carries the Business Summary, then it is shown', async () => {
    const result = calculateEstimate(input);
    mockApi({
      [GET]: () => ({
        status: 200,
        body: makeRequest({
          businessSummary: {
            estimatedHours: result.estimatedHours,
            formulaHours: result.formulaHours,
            labourCostCents: result.labourCostCents,
            toolsCostCents: result.toolsCostCents,
            totalCostCents: result.totalCostCents,
            profitCents: result.profitCents,
            profitMarginPercent: result.profitMarginPercent,
            marginBand: result.marginBand,
            tools: result.tools,
          },
        }),
      }),
    });
    open('business_admin');
    const summary = await screen.findByRole('region', { name: 'Business Summary' });
    expect(within(summary).getByText(`${result.profitMarginPercent}%`)).toBeInTheDocument();
  });

  it('when a proposal was accepted, then the options show with the chosen one marked and the signature', async () => {
    const options = proposalOptionsFor(input);
    mockApi({
      [GET]: () => ({
        status: 200,
        body: makeRequest({
          type: 'quote',
          proposalType: 'options',
          category: 'proposals',
          status: 'accepted',
          options,
          acceptance: { name: 'Ann Lee', acceptedAt: '2026-11-23T09:30:00Z', optionId: 'deep' },
          events: [
            {
              id: 'e4',
              kind: 'accepted',
              detail: { name: 'Ann Lee', optionId: 'deep' },
              createdAt: '2026-11-23T09:30:00Z',
            },
          ],
        }),
      }),
    });
    open();
    const list = within(await screen.findByRole('list', { name: 'Proposal options' }));
    const marked = list.getAllByRole('listitem').find((li) => li.getAttribute('aria-current'));
    expect(marked).toHaveTextContent('Deep clean');
    expect(marked).toHaveTextContent('Accepted');
    expect(screen.getByText('Accepted by the client')).toBeInTheDocument();
    expect(screen.getByText('Signed as')).toBeInTheDocument();
    expect(screen.getByText('Accepted by Ann Lee: Deep clean')).toBeInTheDocument();
  });

  it('when an estimate was declined, then the reason shows', async () => {
    mockApi({
      [GET]: () => ({
        status: 200,
        body: makeRequest({
          status: 'declined',
          decline: { reason: 'Too expensive', declinedAt: '2026-11-23T09:30:00Z' },
        }),
      }),
    });
    open();
    expect(await screen.findByText('Declined by the client')).toBeInTheDocument();
    expect(screen.getByText('Too expensive')).toBeInTheDocument();
  });

  it('when a quote was made from the findings a client accepted, then its history says from which inspection, and no empty calculator card shows', async () => {
    const inspectionId = '7a1c2a52-0d6e-4c43-9d55-0b7f6f1d2c09';
    mockApi({
      [GET]: () => ({
        status: 200,
        body: makeRequest({
          type: 'quote',
          status: 'accepted',
          amountCents: 11_000,
          details: {
            clientName: 'Rita Renter',
            email: 'rita@example.test',
            phone: '',
            inspectionId,
            findings: [{ id: 'floor', description: 'Re-mop the floor', priceCents: 3000 }],
          },
          events: [
            {
              id: 'e1',
              kind: 'created',
              detail: {
                source: 'inspection',
                inspectionId,
                inspectionName: 'Move-out check',
                chosenBy: 'client',
                amountCents: 11_000,
              },
              createdAt: '2026-11-21T10:00:00Z',
            },
          ],
        }),
      }),
    });
    open();
    expect(
      await screen.findByText(
        'Made from the findings the client accepted in the inspection “Move-out check”, at $110.00',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the inspection' })).toHaveAttribute(
      'href',
      `/inspections/${inspectionId}`,
    );
    expect(screen.queryByRole('heading', { name: 'Calculator details' })).not.toBeInTheDocument();
  });

  it('when the request does not exist, then an honest not-found state shows', async () => {
    mockApi({
      [GET]: () => ({ status: 404, body: { code: 'NOT_FOUND', message: 'Request not found' } }),
    });
    open();
    expect(await screen.findByRole('region', { name: 'Request not found' })).toBeInTheDocument();
  });

  it('when loading fails, then Error shows the server’s message', async () => {
    mockApi({
      [GET]: () => ({ status: 500, body: { code: 'INTERNAL', message: 'Database is down' } }),
    });
    open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent('Database is down');
  });

  it.each([
    [
      { sent: true, message: null, emailSent: true, sharedAt: '2026-11-21T10:00:00Z' },
      200,
      'Email Sent',
      'Sent to ann@example.test',
    ],
    [
      { sent: false, message: 'refused', emailSent: false, sharedAt: null },
      200,
      'Email Not Sent',
      'Could not send email, but the estimate was saved',
    ],
    [
      { code: 'INTERNAL', message: 'boom' },
      500,
      'Email Failed',
      'Estimate saved, but the email could not be sent',
    ],
  ])(
    'when Resend is answered %j, then the toast says %s',
    async (body, status, title, description) => {
      const api = mockApi({
        [GET]: () => ({ status: 200, body: makeRequest() }),
        [SEND]: () => ({ status, body }),
      });
      const user = userEvent.setup();
      open();
      await user.click(await screen.findByRole('button', { name: 'Resend' }));
      expect(await screen.findByText(title)).toBeInTheDocument();
      expect(screen.getByText(description)).toBeInTheDocument();
      expect(api.calls.find((c) => c.key === SEND)?.body).toMatchObject({
        recipientEmail: 'ann@example.test',
        estimateId: ID,
        isQuote: false,
      });
    },
  );

  it('when the client has no e-mail, then Resend is disabled with a hint', async () => {
    mockApi({ [GET]: () => ({ status: 200, body: makeRequest({ clientEmail: null }) }) });
    open();
    const resend = await screen.findByRole('button', { name: 'Resend' });
    expect(resend).toBeDisabled();
    expect(resend).toHaveAccessibleDescription(/There is no e-mail for this client/);
  });

  it('when Copy link is pressed, then the share link is copied', async () => {
    mockApi({ [GET]: () => ({ status: 200, body: makeRequest() }) });
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    open();
    await screen.findByRole('heading', { level: 1 });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(
      `${window.location.origin}/shared/0b6f7c1e-5d0a-4c1b-8f3e-2a9d4e6b7c80`,
    );
  });

  it('when Duplicate is pressed, then the copy opens', async () => {
    const copy = makeRequest({ id: '11111111-2222-4333-8444-555555555555' });
    mockApi({
      [GET]: () => ({ status: 200, body: makeRequest() }),
      [`POST /api/requests/${ID}/duplicate`]: () => ({ status: 201, body: copy }),
    });
    const user = userEvent.setup();
    const { router } = open('owner', `/invoices/estimates/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Duplicate' }));
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe(`/invoices/estimates/${copy.id}`),
    );
  });

  it('when Delete is confirmed, then the request is deleted and the list opens', async () => {
    const api = mockApi({
      [GET]: () => ({ status: 200, body: makeRequest() }),
      [`DELETE /api/requests/${ID}`]: () => ({ status: 204 }),
    });
    const user = userEvent.setup();
    const { router } = open();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete this estimate?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Estimate deleted')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/quotes');
    expect(api.calls.map((c) => c.key)).toContain(`DELETE /api/requests/${ID}`);
  });

  it('when Edit is pressed, then the calculator opens in update mode with the saved values', async () => {
    mockApi({
      [GET]: () => ({ status: 200, body: makeRequest({ type: 'quote', category: 'quotes' }) }),
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Quote' });
    await user.click(within(dialog).getByRole('button', { name: 'Client Info' }));
    expect(within(dialog).getByLabelText('Client name')).toHaveValue('Ann Lee');
    expect(within(dialog).getByRole('button', { name: 'Update Quote' })).toBeInTheDocument();
  });
  it('when an accepted request is open for a dispatcher, then Schedule job creates the job and opens it', async () => {
    const JOB = '7a1c2a52-0d6e-4c43-9d55-0b7f6f1d2c01';
    const api = mockApi({
      [GET]: () => ({ status: 200, body: makeRequest({ status: 'accepted', jobs: [] }) }),
      [`POST /api/requests/${ID}/schedule-job`]: () => ({
        status: 201,
        body: { id: JOB, title: 'Estimate for Ann Lee' },
      }),
    });
    const user = userEvent.setup();
    const { router } = open('team_leader');
    await user.click(await screen.findByRole('button', { name: 'Schedule job' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/jobs/${JOB}`));
    expect(api.calls.map((c) => c.key)).toContain(`POST /api/requests/${ID}/schedule-job`);
  });

  it('when the accepted request already has its job, then View job opens it instead of Schedule job', async () => {
    const JOB = '7a1c2a52-0d6e-4c43-9d55-0b7f6f1d2c02';
    const api = mockApi({
      [GET]: () => ({
        status: 200,
        body: makeRequest({
          status: 'accepted',
          jobs: [
            {
              id: JOB,
              title: 'Estimate for Ann Lee',
              status: 'completed',
              startsAt: '2026-11-25T15:00:00.000Z',
            },
          ],
        }),
      }),
    });
    open('team_leader');
    const jobs = within(await screen.findByRole('list', { name: 'Jobs' }));
    expect(jobs.getByRole('link', { name: 'Estimate for Ann Lee' })).toHaveAttribute(
      'href',
      `/jobs/${JOB}`,
    );
    expect(jobs.getByText(/Completed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View job' })).toHaveAttribute('href', `/jobs/${JOB}`);
    expect(screen.queryByRole('button', { name: 'Schedule job' })).not.toBeInTheDocument();
    expect(api.calls.map((c) => c.key)).not.toContain(`POST /api/requests/${ID}/schedule-job`);
  });

  it('when the request is not accepted, or the role cannot plan jobs, then there is no Schedule job', async () => {
    mockApi({ [GET]: () => ({ status: 200, body: makeRequest({ status: 'sent' }) }) });
    open('owner');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Schedule job' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Jobs' })).not.toBeInTheDocument();
  });

  it('when a team member opens an accepted request, then there is no Schedule job', async () => {
    mockApi({ [GET]: () => ({ status: 200, body: makeRequest({ status: 'accepted' }) }) });
    open('team_member');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Schedule job' })).not.toBeInTheDocument();
  });

  it('when scheduling is refused, then the server message is toasted and the page stays', async () => {
    mockApi({
      [GET]: () => ({ status: 200, body: makeRequest({ status: 'accepted' }) }),
      [`POST /api/requests/${ID}/schedule-job`]: () => ({
        status: 409,
        body: { code: 'CONFLICT', message: 'Only an accepted request can be scheduled.' },
      }),
    });
    const user = userEvent.setup();
    const { router } = open('owner');
    await user.click(await screen.findByRole('button', { name: 'Schedule job' }));
    expect(
      await screen.findByText('Only an accepted request can be scheduled.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/quotes/${ID}`);
  });

  it('when an accepted request is open for the office, then Convert to invoice creates the invoice and opens it', async () => {
    const INVOICE = '1f2c3a52-0d6e-4c43-9d55-0b7f6f1d2c01';
    const api = mockApi({
      [GET]: () => ({ status: 200, body: makeRequest({ status: 'accepted' }) }),
      [`POST /api/requests/${ID}/invoice`]: () => ({
        status: 201,
        body: { id: INVOICE, number: 'INV-0042' },
      }),
    });
    const user = userEvent.setup();
    const { router } = open('owner');
    await user.click(await screen.findByRole('button', { name: 'Convert to invoice' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/invoices/${INVOICE}`));
    expect(api.calls.map((c) => c.key)).toContain(`POST /api/requests/${ID}/invoice`);
  });

  it('when converting is refused, then the server message is toasted; a team member or an open request gets no button', async () => {
    mockApi({
      [GET]: () => ({ status: 200, body: makeRequest({ status: 'accepted' }) }),
      [`POST /api/requests/${ID}/invoice`]: () => ({
        status: 409,
        body: {
          code: 'CONFLICT',
          message: 'Only an accepted estimate or quote can be converted to an invoice.',
        },
      }),
    });
    const user = userEvent.setup();
    const { unmount } = open('sales_person');
    await user.click(await screen.findByRole('button', { name: 'Convert to invoice' }));
    expect(
      await screen.findByText('Only an accepted estimate or quote can be converted to an invoice.'),
    ).toBeInTheDocument();
    unmount();

    open('team_member');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Convert to invoice' })).not.toBeInTheDocument();
  });

  it('when the request was converted already, then View invoice opens its invoice instead', async () => {
    const INVOICE = '1f2c3a52-0d6e-4c43-9d55-0b7f6f1d2c01';
    mockApi({
      [GET]: () => ({
        status: 200,
        body: makeRequest({ status: 'accepted', invoiceId: INVOICE }),
      }),
    });
    open('owner');
    const link = await screen.findByRole('link', { name: 'View invoice' });
    expect(link).toHaveAttribute('href', `/invoices/${INVOICE}`);
    expect(screen.queryByRole('button', { name: 'Convert to invoice' })).not.toBeInTheDocument();
  });
});
