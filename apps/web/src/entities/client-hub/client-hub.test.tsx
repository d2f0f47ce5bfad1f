import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoute } from '@/test/utils';
import { TOKEN } from './test/fixtures';
import { HubEntryLink } from './client-hub';

const API = `GET /api/public/hub/links/${TOKEN}/available`;

describe('HubEntryLink', () => {
  it('when the link opens a hub, then it offers the way there', async () => {
    mockApi({ [API]: () => ({ status: 200, body: { available: true } }) });
    renderRoute(<HubEntryLink token={TOKEN} />);
    expect(
      await screen.findByRole('link', { name: 'See all your quotes, visits and invoices' }),
    ).toHaveAttribute('href', `/hub/${TOKEN}`);
    expect(screen.getByRole('heading', { name: 'Everything in one place' })).toBeVisible();
  });

  it('when the link opens no hub, then nothing shows', async () => {
    const api = mockApi({
      [API]: () => ({ status: 200, body: { available: false } }),
    });
    renderRoute(
      <>
        <HubEntryLink token={TOKEN} />
        <p>Invoice page</p>
      </>,
    );
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    await screen.findByText('Invoice page');
    expect(screen.queryByRole('link', { name: /See all your/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });
});
