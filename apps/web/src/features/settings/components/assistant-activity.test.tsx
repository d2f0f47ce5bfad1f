import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ToolLogEntry } from '@crewdesk/domain';
import { cellTexts, makeMe, mockApi, renderRoute } from '@/test/utils';
import { AssistantActivity } from './assistant-activity';

const entry = (id: string, createdAt: string, extra: Partial<ToolLogEntry> = {}): ToolLogEntry => ({
  id,
  createdAt,
  userName: 'Ada Lovelace',
  via: 'chat',
  kind: 'call',
  tool: 'list_invoices',
  arguments: {},
  status: 'ok',
  result: '3 invoices',
  ...extra,
});

describe('AssistantActivity', () => {
  it('when there are more entries, then Load more asks for those before the last one', async () => {
    const BEFORE = '2026-11-25T09:00:00.000Z';
    const api = mockApi({
      'GET /api/assistant/log?limit=50': () => ({
        status: 200,
        body: {
          entries: [entry('0a4b1f2e-5c6d-4e7f-8a9b-0c1d2e3f4a5b', '2026-11-25T10:00:00.000Z')],
          nextBefore: BEFORE,
        },
      }),
      [`GET /api/assistant/log?limit=50&before=${encodeURIComponent(BEFORE)}`]: () => ({
        status: 200,
        body: {
          entries: [
            entry('1b5c2f3e-6d7e-4f80-9bac-1d2e3f4a5b6c', '2026-11-25T08:00:00.000Z', {
              via: 'mcp',
              kind: 'confirm',
              tool: 'draft_quote',
              status: 'refused',
              result: 'Your role may not create quotes.',
            }),
          ],
          nextBefore: null,
        },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<AssistantActivity />, { me: makeMe({ role: 'owner' }) });
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Your role may not create quotes.')).toBeInTheDocument();
    const rows = screen.getAllByRole('row').slice(1);
    expect(cellTexts(rows).map((cells) => cells.slice(1))).toEqual([
      ['Ada LovelaceChat', 'list_invoices', 'Done', '3 invoices'],
      [
        'Ada LovelaceOwn assistant (MCP)',
        'Confirmed draft_quote',
        'Refused',
        'Your role may not create quotes.',
      ],
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(api.calls).toHaveLength(2);
  });
});
