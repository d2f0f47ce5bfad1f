import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AssistantMessage, Proposal } from '@crewdesk/domain';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { AssistantPage } from './assistant-page';

const CONVERSATION = '0a4b1f2e-5c6d-4e7f-8a9b-0c1d2e3f4a5b';
const MESSAGE = '1b5c2f3e-6d7e-4f80-9bac-1d2e3f4a5b6c';
const PROPOSAL = '2c6d3f4e-7e8f-4091-8cbd-2e3f4a5b6c7d';

const configured = {
  configured: true,
  suggestions: ['Who owes me money?', 'What is on the schedule today?'],
  canConfigure: true,
};

/** A text/event-stream answer whose events arrive in `chunks`. */
function streamAnswer(chunks: readonly string[]): Response {
  const encoder = new TextEncoder();
  return new Response(
    new ReadableStream({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    }),
    { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
  );
}

const data = (event: unknown) => `data: ${JSON.stringify(event)}\n\n`;

/** mockApi for the JSON endpoints, with the chat's POST answered by `chat`. */
function mockAssistantApi(
  handlers: Parameters<typeof mockApi>[0],
  chat?: (body: unknown) => Response,
) {
  const api = mockApi(handlers);
  const json = api.fetchMock.getMockImplementation();
  api.fetchMock.mockImplementation(async (input, init) => {
    if (String(input) === '/api/assistant/chat' && chat) {
      const body = JSON.parse(String(init?.body)) as unknown;
      api.calls.push({ key: 'POST /api/assistant/chat', body });
      return chat(body);
    }
    return json!(input, init);
  });
  return api;
}

const proposal: Proposal = {
  id: PROPOSAL,
  tool: 'draft_quote',
  title: 'New quote for Grace Hopper',
  lines: [
    { label: 'Service', value: 'Weekly clean, 3 bedrooms' },
    { label: 'Total', value: '$180.00' },
  ],
  status: 'pending',
  outcome: null,
};

describe('AssistantPage', () => {
  it('when no model is set and an admin opens it, then it says how to set one, with a link to Settings', async () => {
    mockApi({
      'GET /api/assistant/status': () => ({
        status: 200,
        body: { configured: false, suggestions: [], canConfigure: true },
      }),
    });
    renderRoute(<AssistantPage />, { me: makeMe({ role: 'owner' }), path: '/ai-assistant' });
    expect(await screen.findByText('The AI assistant needs a model')).toBeInTheDocument();
    expect(screen.getByText(/any OpenAI-compatible endpoint: Ollama/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up a model in Settings' })).toHaveAttribute(
      'href',
      '/settings?section=integrations',
    );
    expect(screen.queryByText('Ask your business owner or an admin to set one up.')).toBeNull();
    expect(screen.queryByLabelText('Message')).toBeNull();
  });

  it('when no model is set and a team member opens it, then it says whom to ask, without a link', async () => {
    mockApi({
      'GET /api/assistant/status': () => ({
        status: 200,
        body: { configured: false, suggestions: [], canConfigure: false },
      }),
    });
    renderRoute(<AssistantPage />, {
      me: makeMe({ role: 'team_member' }),
      path: '/ai-assistant',
    });
    expect(
      await screen.findByText('Ask your business owner or an admin to set one up.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Set up a model in Settings' })).toBeNull();
  });

  it('when a suggested question is picked, then it is sent and the streamed answer shows', async () => {
    let stored: AssistantMessage[] = [];
    const api = mockAssistantApi(
      {
        'GET /api/assistant/status': () => ({ status: 200, body: configured }),
        'GET /api/assistant/conversations': () => ({
          status: 200,
          body: {
            conversations: stored.length
              ? [
                  {
                    id: CONVERSATION,
                    title: 'Who owes me money?',
                    updatedAt: '2026-11-25T10:00:00Z',
                  },
                ]
              : [],
          },
        }),
        [`GET /api/assistant/conversations/${CONVERSATION}`]: () => ({
          status: 200,
          body: {
            id: CONVERSATION,
            title: 'Who owes me money?',
            updatedAt: '2026-11-25T10:00:00Z',
            messages: stored,
          },
        }),
      },
      () => {
        stored = [
          {
            id: MESSAGE,
            role: 'user',
            text: 'Who owes me money?',
            toolCalls: [],
            proposals: [],
            createdAt: '2026-11-25T10:00:00Z',
          },
          {
            id: '3d7e4f5a-8f90-41a2-9dce-3f4a5b6c7d8e',
            role: 'assistant',
            text: 'Ada Co owes $120.00.',
            toolCalls: [
              { tool: 'list_invoices', label: 'Invoices', status: 'ok', summary: '1 overdue' },
            ],
            proposals: [],
            createdAt: '2026-11-25T10:00:01Z',
          },
        ];
        return streamAnswer([
          data({ type: 'conversation', id: CONVERSATION, title: 'Who owes me money?' }),
          data({
            type: 'tool',
            call: { tool: 'list_invoices', label: 'Invoices', status: 'ok', summary: '1 overdue' },
          }),
          'data: {"type":"text","del',
          'ta":"Ada Co owes "}\n\n: keepalive\n\n',
          data({ type: 'text', delta: '$120.00.' }),
          data({ type: 'done', messageId: MESSAGE }),
        ]);
      },
    );
    const user = userEvent.setup();
    const { router } = renderRoute(<AssistantPage />, {
      me: makeMe({ role: 'owner' }),
      path: '/ai-assistant',
    });

    await user.click(await screen.findByRole('button', { name: 'Who owes me money?' }));

    expect(await screen.findByText('Ada Co owes $120.00.')).toBeInTheDocument();
    expect(screen.getByText('Invoices')).toBeInTheDocument();
    expect(api.calls).toContainEqual({
      key: 'POST /api/assistant/chat',
      body: { message: 'Who owes me money?' },
    });
    await waitFor(() => expect(router.state.location.search).toBe(`?conversation=${CONVERSATION}`));
    // The stored conversation replaces the streamed turn: the answer shows once.
    await waitFor(() =>
      expect(
        api.calls.filter((c) => c.key === `GET /api/assistant/conversations/${CONVERSATION}`),
      ).toHaveLength(1),
    );
    await waitFor(() => expect(screen.getAllByText('Ada Co owes $120.00.')).toHaveLength(1));
  });

  it('when the budget is spent, then the server’s message shows and the question stays in the box', async () => {
    mockApi({
      'GET /api/assistant/status': () => ({ status: 200, body: configured }),
      'GET /api/assistant/conversations': () => ({ status: 200, body: { conversations: [] } }),
      'POST /api/assistant/chat': () => ({
        status: 429,
        body: {
          code: 'RATE_LIMITED',
          message: 'Today’s token budget is spent. It resets at midnight.',
        },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<AssistantPage />, { me: makeMe({ role: 'owner' }), path: '/ai-assistant' });
    await user.type(await screen.findByLabelText('Message'), 'Plan tomorrow{Enter}');
    expect(
      await screen.findByText('Today’s token budget is spent. It resets at midnight.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveValue('Plan tomorrow');
  });

  it('when a proposal is confirmed, then the confirm endpoint is called and the outcome links to it', async () => {
    const api = mockAssistantApi({
      'GET /api/assistant/status': () => ({ status: 200, body: configured }),
      'GET /api/assistant/conversations': () => ({
        status: 200,
        body: {
          conversations: [{ id: CONVERSATION, title: 'Quote', updatedAt: '2026-11-25T10:00:00Z' }],
        },
      }),
      [`GET /api/assistant/conversations/${CONVERSATION}`]: () => ({
        status: 200,
        body: {
          id: CONVERSATION,
          title: 'Quote',
          updatedAt: '2026-11-25T10:00:00Z',
          messages: [
            {
              id: MESSAGE,
              role: 'assistant',
              text: 'Here is the draft.',
              toolCalls: [
                {
                  tool: 'delete_invoice',
                  label: 'Delete invoice',
                  status: 'refused',
                  summary: 'Your role may not do this.',
                },
              ],
              proposals: [proposal],
              createdAt: '2026-11-25T10:00:00Z',
            },
          ],
        },
      }),
      [`POST /api/assistant/proposals/${PROPOSAL}/confirm`]: () => ({
        status: 200,
        body: {
          ...proposal,
          status: 'confirmed',
          outcome: { message: 'Quote Q-12 created.', path: '/quotes/42' },
        },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<AssistantPage />, {
      me: makeMe({ role: 'owner' }),
      path: `/ai-assistant?conversation=${CONVERSATION}`,
      routePath: '/ai-assistant',
    });

    const card = await screen.findByRole('group', { name: 'New quote for Grace Hopper' });
    expect(within(card).getByText('$180.00')).toBeInTheDocument();
    expect(screen.getByText(/Refused/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Confirm' }));

    expect(await within(card).findByText('Quote Q-12 created.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Open it' })).toHaveAttribute(
      'href',
      '/quotes/42',
    );
    expect(within(card).queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(api.calls).toContainEqual({
      key: `POST /api/assistant/proposals/${PROPOSAL}/confirm`,
      body: undefined,
    });
  });
});
