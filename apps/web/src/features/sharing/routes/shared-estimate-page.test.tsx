import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { proposalOptionsFor, type SharedRequest } from '@crewdesk/domain';
import { mockApi, renderRoute } from '@/test/utils';
import { SharedEstimatePage } from './shared-estimate-page';

const TOKEN = '4f7a3c1e-2b7d-4e0a-9c55-1d2e3f405162';
const PATH = `/shared/${TOKEN}`;
const API = `/api/public/shared/${TOKEN}`;

function shared(overrides: Partial<SharedRequest> = {}): SharedRequest {
  return {
    shareToken: TOKEN,
    category: 'estimates',
    title: 'Estimate for Ann Lee',
    client: 'Ann Lee',
    date: '2026-11-20',
    createdAt: '2026-11-20T10:00:00.000Z',
    expiresAt: '2026-12-20T10:00:00.000Z',
    status: 'viewed',
    expired: false,
    amountCents: 21500,
    business: {
      name: 'Sparkle Cleaning',
      logoUrl: null,
      email: 'hello@sparkle.test',
      phone: '555-010-2000',
      website: null,
      address: '1 Main St, Springfield',
      currency: 'USD',
      locale: 'en-US',
      timeZone: 'America/Chicago',
    },
    property: {
      propertyType: 'Residential',
      squareFootage: 1500,
      numberOfRooms: 0,
      numberOfBathrooms: 2,
      frequency: 'Weekly',
      condition: null,
      preferredTime: { startTime: '9:00 AM', endTime: '11:00 AM' },
    },
    services: ['Window Cleaning'],
    specificAreas: ['Kitchen'],
    accessibility: [],
    clientPreferences: ['Pet Safe'],
    options: null,
    acceptance: null,
    decline: null,
    ...overrides,
  };
}

function render() {
  return renderRoute(<SharedEstimatePage />, { path: PATH, routePath: '/shared/:id' });
}

describe('SharedEstimatePage', () => {
  it('when opened, then it shows the business, the work, the total and the expiry, with no internal figure', async () => {
    mockApi({ [`GET ${API}`]: () => ({ status: 200, body: shared() }) });
    render();

    expect(await screen.findByRole('heading', { name: 'Estimate for Ann Lee' })).toBeVisible();
    expect(screen.getByText('Sparkle Cleaning')).toBeVisible();
    expect(screen.getByLabelText('Total amount')).toHaveTextContent('$215.00');
    expect(screen.getByText(/Valid until December 20, 2026/)).toBeVisible();
    // 0 bedrooms reads 'Any', as in the calculator.
    expect(screen.getByText('Bedrooms').nextSibling).toHaveTextContent('Any');
    expect(screen.getByText('Window Cleaning')).toBeVisible();
    expect(screen.getByRole('link', { name: /Download PDF/ })).toHaveAttribute(
      'href',
      `${API}/pdf`,
    );
    expect(document.body.textContent).not.toMatch(/profit|margin|cost/i);
  });

  it('when accepted without a name, then it asks for one and sends nothing; with a name, then the outcome shows', async () => {
    let answered = false;
    const api = mockApi({
      [`GET ${API}`]: () => ({
        status: 200,
        body: answered
          ? shared({
              status: 'accepted',
              acceptance: {
                name: 'Ann Lee',
                acceptedAt: '2026-11-22T03:30:00.000Z',
                optionId: null,
              },
            })
          : shared(),
      }),
      [`POST ${API}/accept`]: () => {
        answered = true;
        return { status: 200, body: {} };
      },
    });
    const user = userEvent.setup();
    render();

    await user.click(await screen.findByRole('button', { name: 'Accept Estimate' }));
    expect(screen.getByText('Type your full name to accept.')).toBeVisible();
    expect(api.calls.filter((c) => c.key.startsWith('POST'))).toEqual([]);

    await user.type(screen.getByLabelText('Your full name'), '  Ann Lee ');
    await user.click(screen.getByRole('button', { name: 'Accept Estimate' }));
    // 03:30 UTC on the 22nd is the evening of the 21st in the business's Chicago.
    expect(
      await screen.findByText(/Accepted by Ann Lee on November 21, 2026 at 9:30\sPM/),
    ).toBeVisible();
    expect(api.calls.find((c) => c.key.startsWith('POST'))?.body).toEqual({ name: 'Ann Lee' });
    expect(screen.queryByRole('button', { name: 'Accept Estimate' })).toBeNull();
  });

  it('when declined, then a reason is required and sent', async () => {
    const api = mockApi({
      [`GET ${API}`]: () => ({ status: 200, body: shared() }),
      [`POST ${API}/decline`]: () => ({ status: 200, body: {} }),
    });
    const user = userEvent.setup();
    render();

    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    await user.click(screen.getByRole('button', { name: 'Send decline' }));
    expect(screen.getByText('Tell the business why you are declining.')).toBeVisible();
    await user.type(screen.getByLabelText('Reason'), 'Too expensive for us');
    await user.click(screen.getByRole('button', { name: 'Send decline' }));
    await screen.findByRole('button', { name: 'Send decline' });
    expect(api.calls.find((c) => c.key.startsWith('POST'))?.body).toEqual({
      reason: 'Too expensive for us',
    });
  });

  it('when a proposal is accepted, then an option must be chosen and its id is sent', async () => {
    const options = proposalOptionsFor({
      propertyType: 'residential',
      squareFootage: 1000,
      numberOfRooms: 1,
      numberOfBathrooms: 1,
      frequency: 'one-time',
      additionalServices: ['window-cleaning'],
    });
    const api = mockApi({
      [`GET ${API}`]: () => ({
        status: 200,
        body: shared({ category: 'proposals', title: 'Proposal for Ann Lee', options }),
      }),
      [`POST ${API}/accept`]: () => ({ status: 200, body: {} }),
    });
    const user = userEvent.setup();
    render();

    await user.type(await screen.findByLabelText('Your full name'), 'Ann Lee');
    await user.click(screen.getByRole('button', { name: 'Accept Proposal' }));
    expect(screen.getByText('Choose one of the options.')).toBeVisible();

    await user.click(screen.getByRole('radio', { name: /Standard clean/ }));
    await user.click(screen.getByRole('button', { name: 'Accept Proposal' }));
    await screen.findByRole('button', { name: 'Accept Proposal' });
    expect(api.calls.find((c) => c.key.startsWith('POST'))?.body).toEqual({
      name: 'Ann Lee',
      optionId: 'standard',
    });
  });

  it('when expired, then it says so and offers no accept button', async () => {
    mockApi({
      [`GET ${API}`]: () => ({ status: 200, body: shared({ expired: true, status: 'expired' }) }),
    });
    render();

    expect(await screen.findByText(/This estimate expired on December 20, 2026/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Accept Estimate' })).toBeNull();
  });

  it('when the link is unknown, then it says the estimate was not found', async () => {
    mockApi({
      [`GET ${API}`]: () => ({
        status: 404,
        body: {
          code: 'NOT_FOUND',
          message: 'This link is not valid. It may have been removed by the business.',
        },
      }),
    });
    render();

    expect(await screen.findByRole('heading', { name: 'Estimate not found' })).toBeVisible();
    expect(screen.getByText(/This link is not valid/)).toBeVisible();
  });
});
