import { QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from './providers';
import {
  announceThenReload,
  pageReloader,
  RELOAD_DELAY_MS,
} from '@/lib/session/announce-then-reload';

const message = { title: 'Account switched', description: 'Now using Night Crew' };

function renderProviders() {
  return render(
    <Providers queryClient={new QueryClient()}>
      <p>App</p>
    </Providers>,
  );
}

describe('a toast announced before a reload', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.sessionStorage.clear();
  });

  it('when announced, then it shows at once and the page reloads after the delay', async () => {
    const reload = vi.spyOn(pageReloader, 'reload').mockImplementation(() => {});
    renderProviders();
    act(() => announceThenReload(message));
    expect(await screen.findByText('Now using Night Crew')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1), {
      timeout: RELOAD_DELAY_MS * 5,
    });
  });

  it('when the page is back, then the toast shows again, once', async () => {
    const reload = vi.spyOn(pageReloader, 'reload').mockImplementation(() => {});
    announceThenReload(message);
    const first = renderProviders();
    expect(await screen.findByText('Now using Night Crew')).toBeInTheDocument();
    first.unmount();
    // A second load of the page finds nothing left to show.
    renderProviders();
    expect(screen.queryByText('Now using Night Crew')).not.toBeInTheDocument();
    // The reload comes while the spy still stands in for it, not in a later test.
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1), {
      timeout: RELOAD_DELAY_MS * 5,
    });
  });

  it('when what is stored is not a toast, then nothing shows and nothing breaks', () => {
    window.sessionStorage.setItem('crewdesk.toast-across-reload', '{"title": 3');
    renderProviders();
    expect(screen.getByText('App')).toBeInTheDocument();
    expect(window.sessionStorage.getItem('crewdesk.toast-across-reload')).toBeNull();
  });
});
