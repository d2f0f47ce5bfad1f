import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { calculateEstimate, formatUsd, proposalOptionsFor, type Role } from '@crewdesk/domain';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import type { CalculatorMode } from '../lib/calculator-form';
import { makeRequest } from '@/entities/request/test/fixtures';
import { CalculatorDialog } from './calculator-dialog';

function Harness({ mode = 'estimate' as CalculatorMode }: { mode?: CalculatorMode }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>Dialog {open ? 'open' : 'closed'}</p>
      <CalculatorDialog open={open} onOpenChange={setOpen} mode={mode} />
    </>
  );
}

type User = ReturnType<typeof userEvent.setup>;

function total() {
  return screen.getByRole('status', { name: 'Total' });
}

/** What the dialog sent that changes something (the Business Summary also reads, with GET). */
function writes<T extends { key: string }>(calls: T[]): T[] {
  return calls.filter((c) => !c.key.startsWith('GET '));
}

async function toClientInfo(user: User) {
  await user.click(screen.getByRole('button', { name: 'Client Info' }));
  return screen.getByRole('heading', { name: /Client Info/ });
}

async function fillClient(user: User, name = 'Ann Lee', email = '') {
  await toClientInfo(user);
  await user.type(screen.getByLabelText('Client name'), name);
  if (email) await user.type(screen.getByLabelText(/^Email/), email);
}

const saved = makeRequest();

// Sonner keeps its toasts in a module-wide store: one test's toasts must not show in the next.
afterEach(() => {
  toast.dismiss();
});

describe('CalculatorDialog', () => {
  it('when it opens, then it shows the spec’s defaults, three steps and the running total', () => {
    mockApi({});
    renderRoute(<Harness />, { me: makeMe() });
    expect(screen.getByRole('dialog', { name: 'New Estimate' })).toBeInTheDocument();
    const steps = within(screen.getByRole('navigation', { name: 'Steps' }));
    expect(steps.getAllByRole('button').map((b) => b.textContent)).toEqual([
      '1Basic Info',
      '2Advanced Info',
      '3Client Info',
    ]);
    expect(screen.getByRole('radio', { name: 'Residential' })).toBeChecked();
    expect(screen.getByLabelText('Cleaning frequency')).toHaveValue('one-time');
    expect(screen.getByLabelText('Square footage')).toHaveValue(1000);
    expect(screen.getByLabelText('Square footage slider')).toHaveAttribute('min', '500');
    expect(screen.getByLabelText('Square footage slider')).toHaveAttribute('max', '10000');
    expect(screen.getByLabelText('Square footage slider')).toHaveAttribute('step', '100');
    expect(screen.getByRole('status', { name: 'Bedrooms' })).toHaveTextContent('1');
    expect(screen.getByRole('status', { name: 'Bathrooms' })).toHaveTextContent('1');
    // 0.05 × 1000 + 25 + 20
    expect(total()).toHaveTextContent('$95.00');
    expect(screen.getByRole('button', { name: 'Next Step' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('when non-default inputs are chosen, then the footer total is the domain calculator’s price', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderRoute(<Harness />, { me: makeMe() });
    await user.click(screen.getByRole('radio', { name: 'Commercial' }));
    await user.selectOptions(screen.getByLabelText('Cleaning frequency'), 'weekly');
    const size = screen.getByLabelText('Square footage');
    await user.clear(size);
    await user.type(size, '2450');
    await user.click(screen.getByRole('button', { name: 'Increase Offices' }));
    await user.click(screen.getByRole('button', { name: 'Increase Bathrooms' }));
    await user.click(screen.getByRole('button', { name: 'Increase Bathrooms' }));
    await user.click(screen.getByRole('checkbox', { name: 'Deep Cleaning' }));
    await user.click(screen.getByRole('checkbox', { name: 'Window Cleaning' }));
    const expected = calculateEstimate({
      propertyType: 'commercial',
      squareFootage: 2450,
      numberOfRooms: 2,
      numberOfBathrooms: 3,
      frequency: 'weekly',
      additionalServices: ['deep-cleaning', 'window-cleaning'],
    });
    expect(total()).toHaveTextContent(formatUsd(expected.priceCents));
    expect(formatUsd(expected.priceCents)).not.toBe('$95.00');
    // Steps can be clicked freely and the total stays in the footer.
    await user.click(screen.getByRole('button', { name: 'Advanced Info' }));
    expect(screen.getByRole('group', { name: 'Specific areas' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Offices' })).toBeInTheDocument();
    expect(total()).toHaveTextContent(formatUsd(expected.priceCents));
  });

  it('when a counter reaches 0, then it shows Any and cannot go lower', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderRoute(<Harness />, { me: makeMe() });
    const decrease = screen.getByRole('button', { name: 'Decrease Bedrooms' });
    await user.click(decrease);
    expect(screen.getByRole('status', { name: 'Bedrooms' })).toHaveTextContent('Any');
    expect(decrease).toBeDisabled();
    await user.click(decrease);
    expect(screen.getByRole('status', { name: 'Bedrooms' })).toHaveTextContent('Any');
    await user.click(screen.getByRole('button', { name: 'Decrease Bathrooms' }));
    expect(screen.getByRole('status', { name: 'Bathrooms' })).toHaveTextContent('Any');
    expect(screen.getByRole('button', { name: 'Decrease Bathrooms' })).toBeDisabled();
    // 0.05 × 1000 with no rooms and no bathrooms
    expect(total()).toHaveTextContent('$50.00');
    await user.click(screen.getByRole('button', { name: 'Increase Bedrooms' }));
    expect(screen.getByRole('status', { name: 'Bedrooms' })).toHaveTextContent('1');
  });

  it.each<[Role, boolean]>([
    ['sales_person', false],
    ['team_member', false],
    ['business_admin', true],
    ['manager', true],
  ])(
    'when a %s reaches Client Info, then the Business Summary shown is %s',
    async (role, shown) => {
      mockApi({});
      const user = userEvent.setup();
      renderRoute(<Harness />, { me: makeMe({ role }) });
      await toClientInfo(user);
      if (!shown) {
        expect(screen.queryByText('Business Summary')).not.toBeInTheDocument();
        expect(screen.queryByText('Profit')).not.toBeInTheDocument();
        return;
      }
      const summary = screen.getByRole('region', { name: 'Business Summary' });
      const result = calculateEstimate({
        propertyType: 'residential',
        squareFootage: 1000,
        numberOfRooms: 1,
        numberOfBathrooms: 1,
        frequency: 'one-time',
        additionalServices: [],
      });
      expect(within(summary).getByText(formatUsd(result.totalCostCents))).toBeInTheDocument();
      expect(within(summary).getByText(formatUsd(result.profitCents))).toBeInTheDocument();
      const margin = within(summary).getByText(`${result.profitMarginPercent}%`);
      expect(margin).toHaveAttribute('data-band', result.marginBand);
      const tools = within(within(summary).getByRole('list', { name: 'Tools' })).getAllByRole(
        'listitem',
      );
      expect(tools.map((t) => t.textContent)).toEqual(
        result.tools.map((t) => expect.stringContaining(`${t.name} × ${t.quantity}`)),
      );
    },
  );

  it('when on the last step, then Previous, Cancel with a confirmation and Save Estimate show', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderRoute(<Harness />, { me: makeMe() });
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    expect(screen.getByRole('heading', { name: /Advanced Info/ })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    expect(screen.getByRole('button', { name: 'Save Estimate' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next Step' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Client name'), 'Ann');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Discard this estimate?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByText('Dialog open')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard this estimate?' })).getByRole(
        'button',
        { name: 'Discard' },
      ),
    );
    expect(screen.getByText('Dialog closed')).toBeInTheDocument();
  });

  it('when the total is zero, then Missing calculation is shown and nothing is sent', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderRoute(<Harness />, { me: makeMe() });
    await user.clear(screen.getByLabelText('Square footage'));
    expect(total()).toHaveTextContent('$0.00');
    await fillClient(user);
    await user.click(screen.getByRole('button', { name: 'Save Estimate' }));
    expect(await screen.findByText('Missing calculation')).toBeInTheDocument();
    expect(
      screen.getByText('Please ensure all required fields are filled in.'),
    ).toBeInTheDocument();
    expect(writes(api.calls)).toEqual([]);
  });

  it('when the client name is blank, then Missing client name is shown', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderRoute(<Harness />, { me: makeMe() });
    await fillClient(user, '   ');
    await user.click(screen.getByRole('button', { name: 'Save Estimate' }));
    expect(await screen.findByText('Missing client name')).toBeInTheDocument();
    expect(
      screen.getByText('Please provide a client name for this quote/estimate.'),
    ).toBeInTheDocument();
    expect(writes(api.calls)).toEqual([]);
  });

  it('when there is no business account, then the business context message is shown', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderRoute(<Harness />, { me: makeMe({ activeAccountId: null }) });
    await fillClient(user);
    await user.click(screen.getByRole('button', { name: 'Save Estimate' }));
    expect(await screen.findByText('Unable to determine business context')).toBeInTheDocument();
    expect(
      screen.getByText('Please ensure you have a business associated with your account.'),
    ).toBeInTheDocument();
    expect(writes(api.calls)).toEqual([]);
  });

  it('when the session has ended on the server, then Authentication required is shown', async () => {
    mockApi({
      'POST /api/requests': () => ({
        status: 401,
        body: { code: 'UNAUTHORIZED', message: 'Sign in to continue.' },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<Harness />, { me: makeMe() });
    await fillClient(user);
    await user.click(screen.getByRole('button', { name: 'Save Estimate' }));
    expect(await screen.findByText('Authentication required')).toBeInTheDocument();
    expect(screen.getByText('Please sign in to save quotes/estimates')).toBeInTheDocument();
    expect(screen.getByText('Dialog open')).toBeInTheDocument();
  });

  it.each([
    [
      'duplicate key value violates unique constraint "requests_pkey"',
      'This estimate already exists. Please try again with different details.',
    ],
    [
      'insert violates foreign key constraint "requests_account_id_fkey"',
      'There was an issue with the business or user association. Please refresh and try again.',
    ],
    [
      'column "foo" of relation "requests" does not exist',
      'There was a database structure issue. Please contact support.',
    ],
    ['Something went wrong on our side.', 'Failed to save quote/estimate. Please try again.'],
  ])('when the save fails with "%s", then Error says "%s"', async (message, shown) => {
    mockApi({
      'POST /api/requests': () => ({ status: 500, body: { code: 'INTERNAL', message } }),
    });
    const user = userEvent.setup();
    renderRoute(<Harness />, { me: makeMe() });
    await fillClient(user);
    await user.click(screen.getByRole('button', { name: 'Save Estimate' }));
    expect(await screen.findByText(shown)).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Dialog open')).toBeInTheDocument();
  });

  it('when the server repeats a save check, then its title and description are shown', async () => {
    mockApi({
      'POST /api/requests': () => ({
        status: 400,
        body: {
          code: 'BAD_REQUEST',
          message: 'Missing client name: Please provide a client name for this quote/estimate.',
        },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<Harness />, { me: makeMe() });
    await fillClient(user);
    await user.click(screen.getByRole('button', { name: 'Save Estimate' }));
    expect(await screen.findByText('Missing client name')).toBeInTheDocument();
  });

  it('when similar visits took longer, then a manager may plan with their hours: the labour changes, the price does not, and the save carries them', async () => {
    const home = {
      propertyType: 'residential' as const,
      squareFootage: 1000,
      numberOfRooms: 1,
      numberOfBathrooms: 1,
      frequency: 'one-time' as const,
      additionalServices: [],
    };
    const api = mockApi({
      'GET /api/time/similar-visits?propertyType=residential&squareFootage=1000': () => ({
        status: 200,
        body: {
          propertyType: 'residential',
          band: { min: 1000, max: 1999, label: '1,000–1,999 sq ft' },
          visits: 12,
          needed: 5,
          medianRatio: 1.17,
          averageEstimatedHours: 3,
          averageActualHours: 3.4,
        },
      }),
      'POST /api/requests': () => ({ status: 201, body: saved }),
    });
    const user = userEvent.setup();
    renderRoute(<Harness />, { me: makeMe({ role: 'manager' }) });
    await fillClient(user);
    const note = await screen.findByRole('region', { name: 'What similar visits took' });
    expect(note).toHaveTextContent(
      '12 similar visits (residential, 1,000–1,999 sq ft) took 3.4 h on average against 3 h estimated. For this one that means 3.5 h instead of 3 h.',
    );
    await user.click(within(note).getByRole('button', { name: 'Plan with 3.5 h' }));
    const summary = screen.getByRole('region', { name: 'Business Summary' });
    const corrected = calculateEstimate(home, { correctedHours: 3.5 });
    expect(summary).toHaveTextContent('3.5 h of labor (corrected from the formula’s 3 h)');
    expect(within(summary).getByText(formatUsd(corrected.totalCostCents))).toBeInTheDocument();
    expect(total()).toHaveTextContent(formatUsd(calculateEstimate(home).priceCents));
    expect(note).toHaveTextContent('Planning with 3.5 h from similar visits');
    await user.click(screen.getByRole('button', { name: 'Save Estimate' }));
    expect(await screen.findByText('Estimate saved successfully')).toBeInTheDocument();
    expect(api.calls.find((c) => c.key === 'POST /api/requests')?.body).toMatchObject({
      estimatedHours: 3,
      correctedHours: 3.5,
    });
  });

  it('when an estimate without e-mail is saved, then it is posted, Success shows and the form starts again', async () => {
    const api = mockApi({
      'POST /api/requests': () => ({ status: 201, body: saved }),
    });
    const user = userEvent.setup();
    renderRoute(<Harness />, { me: makeMe() });
    await user.click(screen.getByRole('button', { name: 'Increase Bathrooms' }));
    await fillClient(user, '  Ann Lee ');
    await user.type(screen.getByLabelText(/^Phone/), ' 555 010 0100 ');
    await user.click(screen.getByRole('button', { name: 'Save Estimate' }));
    expect(await screen.findByText('Success')).toBeInTheDocument();
    expect(screen.getByText('Estimate saved successfully')).toBeInTheDocument();
    expect(screen.getByText('Dialog closed')).toBeInTheDocument();
    const post = api.calls.find((c) => c.key === 'POST /api/requests');
    expect(post?.body).toMatchObject({
      type: 'estimate',
      proposal_type: null,
      propertyType: 'residential',
      squareFootage: 1000,
      numberOfRooms: 1,
      numberOfBathrooms: 2,
      frequency: 'one-time',
      clientName: 'Ann Lee',
      email: '',
      phone: '555 010 0100',
      totalAmount: 120,
    });
    expect(api.calls.map((c) => c.key)).not.toContain('POST /api/functions/send-estimate-email');
  });

  it('when the e-mail is sent, then Email Sent names the address', async () => {
    const api = mockApi({
      'POST /api/requests': () => ({ status: 201, body: saved }),
      'POST /api/functions/send-estimate-email': () => ({
        status: 200,
        body: { sent: true, message: null, emailSent: true, sharedAt: '2026-11-21T10:00:01Z' },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<Harness />, { me: makeMe() });
    await fillClient(user, 'Ann Lee', 'ann@example.test');
    await user.click(screen.getByRole('button', { name: 'Save Estimate' }));
    expect(await screen.findByText('Email Sent')).toBeInTheDocument();
    expect(screen.getByText('Sent to ann@example.test')).toBeInTheDocument();
    expect(screen.getByText('Estimate saved successfully')).toBeInTheDocument();
    expect(
      api.calls.find((c) => c.key === 'POST /api/functions/send-estimate-email')?.body,
    ).toEqual({
      recipientEmail: 'ann@example.test',
      estimateId: saved.id,
      clientName: 'Ann Lee',
      shareToken: saved.shareToken,
      amount: 95,
      expirationDate: saved.expiresAt,
      isQuote: false,
    });
  });

  it('when the server answers sent: false, then Email Not Sent says the estimate was saved', async () => {
    mockApi({
      'POST /api/requests': () => ({ status: 201, body: saved }),
      'POST /api/functions/send-estimate-email': () => ({
        status: 200,
        body: { sent: false, message: 'SMTP refused', emailSent: false, sharedAt: null },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<Harness />, { me: makeMe() });
    await fillClient(user, 'Ann Lee', 'ann@example.test');
    await user.click(screen.getByRole('button', { name: 'Save Estimate' }));
    expect(await screen.findByText('Email Not Sent')).toBeInTheDocument();
    expect(
      screen.getByText('Could not send email, but the estimate was saved'),
    ).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
  });

  it('when the e-mail call itself fails, then Email Failed says the quote was saved', async () => {
    mockApi({
      'POST /api/requests': () => ({
        status: 201,
        body: makeRequest({ type: 'quote', category: 'quotes', title: 'Quote for Ann Lee' }),
      }),
      'POST /api/functions/send-estimate-email': () => ({
        status: 502,
        body: { code: 'BAD_GATEWAY', message: 'Bad gateway' },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<Harness mode="quote" />, { me: makeMe() });
    expect(screen.getByRole('dialog', { name: 'New Quote' })).toBeInTheDocument();
    await fillClient(user, 'Ann Lee', 'ann@example.test');
    await user.click(screen.getByRole('button', { name: 'Save Quote' }));
    expect(await screen.findByText('Email Failed')).toBeInTheDocument();
    expect(screen.getByText('Quote saved, but the email could not be sent')).toBeInTheDocument();
    expect(screen.getByText('Quote saved successfully')).toBeInTheDocument();
  });

  it('when the e-mail is not valid, then it says so and nothing is sent', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderRoute(<Harness />, { me: makeMe() });
    await fillClient(user, 'Ann Lee', 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save Estimate' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(writes(api.calls)).toEqual([]);
  });

  it('when a proposal is priced, then its three options show and it is saved as a quote with options', async () => {
    const api = mockApi({
      'POST /api/requests': () => ({
        status: 201,
        body: makeRequest({ type: 'quote', proposalType: 'options', category: 'proposals' }),
      }),
    });
    const user = userEvent.setup();
    renderRoute(<Harness mode="proposal" />, { me: makeMe() });
    expect(screen.getByRole('dialog', { name: 'New Proposal' })).toBeInTheDocument();
    await fillClient(user);
    const options = within(screen.getByRole('list', { name: 'Proposal options' }));
    const expected = proposalOptionsFor({
      propertyType: 'residential',
      squareFootage: 1000,
      numberOfRooms: 1,
      numberOfBathrooms: 1,
      frequency: 'one-time',
      additionalServices: [],
    });
    expect(options.getAllByRole('listitem').map((item) => item.textContent)).toEqual(
      expected.map((option) =>
        expect.stringContaining(`${option.name}${formatUsd(option.priceCents)}`),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Save Quote' }));
    expect(await screen.findByText('Quote saved successfully')).toBeInTheDocument();
    expect(api.calls.find((c) => c.key === 'POST /api/requests')?.body).toMatchObject({
      type: 'quote',
      proposal_type: 'options',
    });
  });

  it('when a contact is picked, then the name, e-mail and phone are filled and the contact is linked', async () => {
    const api = mockApi({
      'GET /api/customers/recent': () => ({
        status: 200,
        body: [
          {
            id: '7d3f1b9a-3c59-4a53-8b1c-2b9b3e0f5a11',
            firstName: 'Grace',
            lastName: 'Hopper',
            email: 'grace@navy.test',
            phone: '555 010 0199',
            company: 'Navy Yard',
          },
        ],
      }),
      'POST /api/requests': () => ({ status: 201, body: saved }),
    });
    const user = userEvent.setup();
    renderRoute(<Harness />, { me: makeMe() });
    await toClientInfo(user);
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: /Grace Hopper/ }));
    expect(screen.getByLabelText('Client name')).toHaveValue('Grace Hopper');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('grace@navy.test');
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('555 010 0199');
    await user.clear(screen.getByLabelText(/^Email/));
    await user.click(screen.getByRole('button', { name: 'Save Estimate' }));
    await screen.findByText('Success');
    expect(api.calls.find((c) => c.key === 'POST /api/requests')?.body).toMatchObject({
      customer_id: '7d3f1b9a-3c59-4a53-8b1c-2b9b3e0f5a11',
      clientName: 'Grace Hopper',
    });
  });
});

describe('CalculatorDialog editing', () => {
  function EditHarness() {
    const [open, setOpen] = useState(true);
    const request = makeRequest({
      details: {
        ...makeRequest().details,
        numberOfBathrooms: 3,
        additionalServices: ['move-in-out'],
      },
      emailSent: true,
    });
    return (
      <>
        <p>Dialog {open ? 'open' : 'closed'}</p>
        <CalculatorDialog open={open} onOpenChange={setOpen} mode="estimate" request={request} />
      </>
    );
  }

  it('when a saved estimate is edited, then the form is prefilled and Update Estimate puts it', async () => {
    const api = mockApi({
      'PUT /api/requests/6f1c2a52-0d6e-4c43-9d55-0b7f6f1d2c01': () => ({
        status: 200,
        body: saved,
      }),
    });
    const user = userEvent.setup();
    renderRoute(<EditHarness />, { me: makeMe() });
    expect(screen.getByRole('dialog', { name: 'Edit Estimate' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Bathrooms' })).toHaveTextContent('3');
    expect(screen.getByRole('checkbox', { name: 'Move In/Out Cleaning' })).toBeChecked();
    await toClientInfo(user);
    expect(screen.getByLabelText('Client name')).toHaveValue('Ann Lee');
    await user.click(screen.getByRole('button', { name: 'Update Estimate' }));
    expect(await screen.findByText('Estimate saved successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Dialog closed')).toBeInTheDocument());
    // Already mailed to the same address: an edit does not mail it again.
    expect(writes(api.calls).map((c) => c.key)).toEqual([
      'PUT /api/requests/6f1c2a52-0d6e-4c43-9d55-0b7f6f1d2c01',
    ]);
  });
});
