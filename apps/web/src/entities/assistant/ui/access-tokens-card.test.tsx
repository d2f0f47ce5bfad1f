import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AccessToken } from '@crewdesk/domain';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { AccessTokensCard } from './access-tokens-card';

const laptop: AccessToken = {
  id: '0a4b1f2e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  name: 'My laptop',
  scopes: ['assistant'],
  createdAt: '2026-11-25T10:00:00.000Z',
  lastUsedAt: null,
};

describe('AccessTokensCard', () => {
  it('when a team member creates a token, then its secret is shown once and the list grows', async () => {
    let tokens: AccessToken[] = [];
    const api = mockApi({
      'GET /api/assistant/tokens': () => ({ status: 200, body: { tokens } }),
      'POST /api/assistant/tokens': () => {
        tokens = [laptop];
        return { status: 201, body: { token: 'cdk_s3cr3t', accessToken: laptop } };
      },
    });
    const user = userEvent.setup();
    renderRoute(<AccessTokensCard />, { me: makeMe({ role: 'team_member' }) });

    expect(await screen.findByText('You have no access tokens.')).toBeInTheDocument();
    expect(screen.getByText(`${window.location.origin}/api/mcp`)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Token name'), 'My laptop');
    await user.click(screen.getByRole('button', { name: 'Create token' }));

    expect(await screen.findByText('cdk_s3cr3t')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy token' })).toBeInTheDocument();
    expect(api.calls).toContainEqual({
      key: 'POST /api/assistant/tokens',
      // Least by default: the assistant's tools only.
      body: { name: 'My laptop', scopes: ['assistant'] },
    });
    const list = await screen.findByRole('list', { name: 'Your access tokens' });
    expect(within(list).getByText('My laptop')).toBeInTheDocument();
    expect(within(list).getByText("The assistant's tools (MCP)")).toBeInTheDocument();
    expect(within(list).queryByText('cdk_s3cr3t')).toBeNull();
    expect(screen.getByLabelText('Token name')).toHaveValue('');
  });

  it('when the person also lets the token read the API, then both scopes are asked for; with none, nothing is sent', async () => {
    const api = mockApi({
      'GET /api/assistant/tokens': () => ({ status: 200, body: { tokens: [] } }),
      'POST /api/assistant/tokens': () => ({
        status: 200,
        body: { token: 'cdk_x', accessToken: { ...laptop, scopes: ['assistant', 'read'] } },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<AccessTokensCard />, { me: makeMe({ role: 'owner' }) });
    await user.type(await screen.findByLabelText('Token name'), 'Script');
    await user.click(screen.getByRole('checkbox', { name: "The assistant's tools (MCP)" }));
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('Choose what the token may do.')).toBeInTheDocument();
    expect(api.calls.map((c) => c.key)).toEqual(['GET /api/assistant/tokens']);

    await user.click(screen.getByRole('checkbox', { name: "The assistant's tools (MCP)" }));
    await user.click(screen.getByRole('checkbox', { name: 'Read the API' }));
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.key === 'POST /api/assistant/tokens')?.body).toEqual({
        name: 'Script',
        scopes: ['assistant', 'read'],
      }),
    );
  });

  it('when the name is empty, then it says so and sends nothing', async () => {
    const api = mockApi({
      'GET /api/assistant/tokens': () => ({ status: 200, body: { tokens: [] } }),
    });
    const user = userEvent.setup();
    renderRoute(<AccessTokensCard />, { me: makeMe({ role: 'team_member' }) });
    await user.click(await screen.findByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('Name the token.')).toBeInTheDocument();
    expect(api.calls.map((c) => c.key)).toEqual(['GET /api/assistant/tokens']);
  });

  it('when a token is revoked and the dialog confirmed, then it is deleted', async () => {
    let tokens: AccessToken[] = [laptop];
    const api = mockApi({
      'GET /api/assistant/tokens': () => ({ status: 200, body: { tokens } }),
      [`DELETE /api/assistant/tokens/${laptop.id}`]: () => {
        tokens = [];
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderRoute(<AccessTokensCard />, { me: makeMe({ role: 'sales_person' }) });
    await user.click(await screen.findByRole('button', { name: 'Revoke My laptop' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke this token?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(api.calls.map((c) => c.key)).toContain(`DELETE /api/assistant/tokens/${laptop.id}`),
    );
    expect(await screen.findByText('You have no access tokens.')).toBeInTheDocument();
  });
});
