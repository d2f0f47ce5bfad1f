import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AssistantSettings } from '@crewdesk/domain';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { AssistantModelCard } from './assistant-model-card';

const stored: AssistantSettings = {
  configured: true,
  baseUrl: 'http://localhost:11434/v1',
  model: 'llama3.1',
  apiKeySet: true,
  dailyTokenBudget: 200_000,
  tokensUsedToday: 1234,
};

describe('AssistantModelCard', () => {
  it('when a key is stored, then the key field starts empty and saving without one keeps it', async () => {
    const api = mockApi({
      'GET /api/assistant/settings': () => ({ status: 200, body: stored }),
      'PUT /api/assistant/settings': () => ({
        status: 200,
        body: { ...stored, model: 'qwen2.5' },
      }),
      'GET /api/assistant/status': () => ({
        status: 200,
        body: { configured: true, suggestions: [], canConfigure: true },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<AssistantModelCard />, { me: makeMe({ role: 'owner' }) });

    const key = await screen.findByLabelText(/API key/);
    expect(key).toHaveValue('');
    expect(key).toHaveAttribute('type', 'password');
    expect(key).toHaveAttribute('placeholder', 'Stored — leave empty to keep');
    expect(screen.getByLabelText('Base URL')).toHaveValue('http://localhost:11434/v1');
    expect(screen.getByText(/Used today: 1,234 of 200,000/)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Model'));
    await user.type(screen.getByLabelText('Model'), 'qwen2.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(api.calls).toContainEqual({
        key: 'PUT /api/assistant/settings',
        body: { baseUrl: 'http://localhost:11434/v1', model: 'qwen2.5', dailyTokenBudget: 200000 },
      }),
    );
  });

  it('when Remove key is pressed, then an empty key is sent', async () => {
    const api = mockApi({
      'GET /api/assistant/settings': () => ({ status: 200, body: stored }),
      'PUT /api/assistant/settings': () => ({ status: 200, body: { ...stored, apiKeySet: false } }),
      'GET /api/assistant/status': () => ({
        status: 200,
        body: { configured: true, suggestions: [], canConfigure: true },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<AssistantModelCard />, { me: makeMe({ role: 'owner' }) });
    await user.click(await screen.findByRole('button', { name: 'Remove key' }));
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        key: 'PUT /api/assistant/settings',
        body: {
          baseUrl: 'http://localhost:11434/v1',
          model: 'llama3.1',
          dailyTokenBudget: 200000,
          apiKey: '',
        },
      }),
    );
    expect(await screen.findByLabelText(/API key/)).toHaveAttribute('placeholder', '');
  });

  it('when the form is wrong, then each field says why and nothing is sent', async () => {
    const api = mockApi({
      'GET /api/assistant/settings': () => ({
        status: 200,
        body: { ...stored, configured: false, baseUrl: null, model: null, apiKeySet: false },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<AssistantModelCard />, { me: makeMe({ role: 'owner' }) });
    await user.type(await screen.findByLabelText('Base URL'), 'localhost:11434');
    await user.clear(screen.getByLabelText('Daily token budget'));
    await user.type(screen.getByLabelText('Daily token budget'), '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText(
        'Base URL must be an http or https address, such as http://localhost:11434/v1.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Model is required.')).toBeInTheDocument();
    expect(screen.getByText('Daily token budget must be at least 1000.')).toBeInTheDocument();
    expect(screen.getByLabelText('Model')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.map((c) => c.key)).toEqual(['GET /api/assistant/settings']);
    expect(screen.getByRole('button', { name: 'Test connection' })).toBeDisabled();
  });

  it('when Test connection fails, then its message shows as an error', async () => {
    mockApi({
      'GET /api/assistant/settings': () => ({ status: 200, body: stored }),
      'POST /api/assistant/settings/test': () => ({
        status: 200,
        body: {
          ok: false,
          answered: true,
          toolCall: false,
          message: 'The model answered but did not call a tool. Pick a model with tool support.',
        },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<AssistantModelCard />, { me: makeMe({ role: 'owner' }) });
    await user.click(await screen.findByRole('button', { name: 'Test connection' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The model answered but did not call a tool. Pick a model with tool support.',
    );
  });
});
