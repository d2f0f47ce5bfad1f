import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { IntegrationsSection } from './integrations-section';

const endpoint = {
  id: '0a4b1f2e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  url: 'https://hooks.example.test/crewdesk',
  description: 'Accounting',
  eventTypes: ['invoice.paid'],
  enabled: true,
  createdAt: '2026-11-25T10:00:00.000Z',
};

// The AI model card and its log share the section; these tests are about the webhooks.
const assistantHandlers = {
  'GET /api/assistant/settings': () => ({
    status: 200,
    body: {
      configured: false,
      baseUrl: null,
      model: null,
      apiKeySet: false,
      dailyTokenBudget: 200_000,
      tokensUsedToday: 0,
    },
  }),
  'GET /api/assistant/log?limit=50': () => ({
    status: 200,
    body: { entries: [], nextBefore: null },
  }),
};

describe('IntegrationsSection', () => {
  it('when an admin adds an endpoint, then its secret is shown once and the list grows', async () => {
    let listed: (typeof endpoint)[] = [];
    const api = mockApi({
      ...assistantHandlers,
      'GET /api/webhooks': () => ({ status: 200, body: { items: listed } }),
      'GET /api/webhooks/event-types': () => ({
        status: 200,
        body: { eventTypes: ['invoice.paid', 'request.created'] },
      }),
      'POST /api/webhooks': () => {
        listed = [endpoint];
        return { status: 201, body: { ...endpoint, secret: 'whsec_c2VjcmV0' } };
      },
    });
    const user = userEvent.setup();
    renderRoute(<IntegrationsSection />, { me: makeMe({ role: 'owner' }) });

    expect(await screen.findByText('No webhooks yet')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Endpoint address'), endpoint.url);
    await user.click(await screen.findByRole('checkbox', { name: 'invoice.paid' }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));

    expect(await screen.findByText('whsec_c2VjcmV0')).toBeInTheDocument();
    expect(api.calls).toContainEqual({
      key: 'POST /api/webhooks',
      body: { url: endpoint.url, description: '', eventTypes: ['invoice.paid'] },
    });
    await waitFor(() => expect(screen.getByText(endpoint.url)).toBeInTheDocument());
  });

  it('when the server refuses the address, then its message shows and nothing is added', async () => {
    mockApi({
      ...assistantHandlers,
      'GET /api/webhooks': () => ({ status: 200, body: { items: [] } }),
      'GET /api/webhooks/event-types': () => ({
        status: 200,
        body: { eventTypes: ['job.created'] },
      }),
      'POST /api/webhooks': () => ({
        status: 400,
        body: { code: 'BAD_REQUEST', message: 'This address is on a private or local network.' },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<IntegrationsSection />, { me: makeMe({ role: 'owner' }) });
    await user.type(await screen.findByLabelText('Endpoint address'), 'http://10.0.0.5/hook');
    await user.click(await screen.findByRole('checkbox', { name: 'job.created' }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(
      await screen.findByText('This address is on a private or local network.'),
    ).toBeInTheDocument();
    expect(screen.getByText('No webhooks yet')).toBeInTheDocument();
  });

  it('when a member who is not an admin opens it, then it says who can', () => {
    renderRoute(<IntegrationsSection />, { me: makeMe({ role: 'team_member' }) });
    expect(
      screen.getByText('Only the business owner or an admin can manage integrations.'),
    ).toBeInTheDocument();
  });
});
