import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoute } from '@/test/utils';
import { makeHub, makeLink, TOKEN } from '@/entities/client-hub/test/fixtures';
import { ClientHubPage } from './client-hub-page';

const LINK_API = `/api/public/hub/links/${TOKEN}`;

function openHub() {
  return renderRoute(<ClientHubPage />, { path: `/hub/${TOKEN}`, routePath: '/hub/:token' });
}

describe('ClientHubPage', () => {
  it('when the client asks for a code and enters it, then the hub shows their quotes, visits and invoices', async () => {
    const api = mockApi({
      [`GET ${LINK_API}`]: () => ({ status: 200, body: makeLink() }),
      [`POST ${LINK_API}/code`]: () => ({
        status: 202,
        body: { channel: 'email', sentTo: 'd•••@example.test', expiresInMinutes: 10 },
      }),
      [`POST ${LINK_API}/session`]: () => ({ status: 200, body: makeHub() }),
      ['GET /api/public/hub']: () => ({ status: 200, body: makeHub() }),
    });
    const user = userEvent.setup();
    openHub();
    expect(
      await screen.findByRole('heading', { name: 'See all your quotes, visits and invoices' }),
    ).toBeVisible();
    // Whoever holds the link sees nothing personal before the code.
    expect(screen.queryByText(/Dana/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'E-mail a code to d•••@example.test' }));
    expect(await screen.findByText(/We sent a code to d•••@example.test/)).toBeVisible();
    await user.type(screen.getByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Hello Dana' })).toBeVisible();
    expect(api.calls.find((c) => c.key === `POST ${LINK_API}/session`)?.body).toEqual({
      code: '123456',
    });
    const quotes = screen.getByRole('list', { name: 'Quotes' });
    expect(within(quotes).getByText('Spring clean', { selector: 'p' })).toBeVisible();
    expect(within(quotes).getByRole('link', { name: /Review and accept/ })).toHaveAttribute(
      'href',
      '/shared/q1',
    );
    const upcoming = screen.getByRole('list', { name: 'Upcoming visits' });
    expect(within(upcoming).getByRole('link', { name: /Add to calendar/ })).toHaveAttribute(
      'href',
      '/api/public/hub/visits/00000000-0000-4000-8000-000000000002/ics',
    );
    const invoices = screen.getByRole('list', { name: 'Invoices' });
    expect(within(invoices).getByRole('link', { name: /View and pay/ })).toHaveAttribute(
      'href',
      `/pay/${TOKEN}`,
    );
    expect(screen.getByText('No inspection reports yet.')).toBeVisible();
    const proofs = screen.getByRole('list', { name: 'Proof of service' });
    expect(
      within(proofs).getByRole('link', { name: /See the visit\s*Weekly clean/ }),
    ).toHaveAttribute('href', '/proof/proof_tok');
    expect(screen.getByRole('form', { name: 'Request work' })).toBeVisible();
  });

  it('when the code is wrong, then the server says why and the form stays', async () => {
    mockApi({
      [`GET ${LINK_API}`]: () => ({ status: 200, body: makeLink() }),
      [`POST ${LINK_API}/code`]: () => ({
        status: 202,
        body: { channel: 'email', sentTo: 'd•••@example.test', expiresInMinutes: 10 },
      }),
      [`POST ${LINK_API}/session`]: () => ({
        status: 400,
        body: { code: 'BAD_REQUEST', message: 'That code is not right. Check it and try again.' },
      }),
    });
    const user = userEvent.setup();
    openHub();
    await user.click(
      await screen.findByRole('button', { name: 'E-mail a code to d•••@example.test' }),
    );
    await user.type(await screen.findByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That code is not right. Check it and try again.',
    );
    expect(screen.getByLabelText('Code')).toBeVisible();
  });

  it('when the code is incomplete, then it says how many digits it needs without asking the server', async () => {
    const api = mockApi({
      [`GET ${LINK_API}`]: () => ({ status: 200, body: makeLink({ phoneHint: null }) }),
      [`POST ${LINK_API}/code`]: () => ({
        status: 202,
        body: { channel: 'email', sentTo: 'd•••@example.test', expiresInMinutes: 10 },
      }),
    });
    const user = userEvent.setup();
    openHub();
    await user.click(
      await screen.findByRole('button', { name: 'E-mail a code to d•••@example.test' }),
    );
    expect(screen.queryByRole('button', { name: /Text a code/ })).not.toBeInTheDocument();
    await user.type(await screen.findByLabelText('Code'), '123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Enter the 6-digit code.')).toBeVisible();
    expect(api.calls.some((c) => c.key === `POST ${LINK_API}/session`)).toBe(false);
  });

  it('when the link was revoked or has expired, then the page says it is no longer valid', async () => {
    mockApi({
      [`GET ${LINK_API}`]: () => ({
        status: 404,
        body: { code: 'NOT_FOUND', message: 'gone' },
      }),
    });
    openHub();
    expect(await screen.findByRole('heading', { name: 'Link not valid' })).toBeVisible();
    expect(
      screen.getByText('This link is no longer valid. Ask the business to send you a new one.'),
    ).toBeVisible();
  });

  it('when the browser already has a session, then the hub shows without a code', async () => {
    mockApi({
      [`GET ${LINK_API}`]: () => ({ status: 200, body: makeLink({ signedIn: true }) }),
      ['GET /api/public/hub']: () => ({
        status: 200,
        body: makeHub({ quotes: [], invoices: [], visits: { upcoming: [], past: [] } }),
      }),
    });
    openHub();
    expect(await screen.findByRole('heading', { name: 'Hello Dana' })).toBeVisible();
    expect(screen.getByText('No quotes yet.')).toBeVisible();
    expect(screen.getByText('No invoices yet.')).toBeVisible();
    expect(screen.getByText('No visits yet.')).toBeVisible();
  });

  it('when the session has ended, then the hub asks for a code again', async () => {
    mockApi({
      [`GET ${LINK_API}`]: () => ({ status: 200, body: makeLink({ signedIn: true }) }),
      ['GET /api/public/hub']: () => ({
        status: 401,
        body: { code: 'UNAUTHENTICATED', message: 'Your session has ended.' },
      }),
    });
    openHub();
    expect(
      await screen.findByRole('button', { name: 'E-mail a code to d•••@example.test' }),
    ).toBeVisible();
  });
});
