import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_SCREEN } from '@crewdesk/domain';
import { testQueryClient } from '@/test/utils';
import { RouteErrorScreen } from './errors/route-error-screen';
import { lazyPage, preloadPage } from './lazy-page';
import { RootLayout } from './root-layout';

/** A chunk whose arrival the test decides. */
function deferredChunk() {
  let resolve!: (module: { Screen: ComponentType }) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<{ Screen: ComponentType }>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { load: () => promise, resolve, reject };
}

/** The router's own frame: the root layout's Suspense and the route error screen. */
function renderLazyRoute(load: () => Promise<{ Screen: ComponentType }>) {
  const routes: RouteObject[] = [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorScreen />,
      children: [{ path: 'screen', element: lazyPage(load, 'Screen') }],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: ['/screen'] });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('a lazily loaded screen', () => {
  afterEach(() => vi.restoreAllMocks());

  it('when its chunk is on the way, then Loading... shows, and then the screen', async () => {
    const chunk = deferredChunk();
    renderLazyRoute(chunk.load);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');

    chunk.resolve({ Screen: () => <h1>Loaded screen</h1> });
    expect(await screen.findByRole('heading', { name: 'Loaded screen' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('when its chunk was preloaded and has arrived, then the screen draws at once, with no Loading...', async () => {
    const load = vi.fn(() => Promise.resolve({ Screen: () => <h1>Preloaded screen</h1> }));
    const routes: RouteObject[] = [
      {
        element: <RootLayout />,
        children: [{ path: 'screen', element: lazyPage(load, 'Screen') }],
      },
    ];
    await preloadPage(routes[0]!.children![0]!.element);
    render(
      <QueryClientProvider client={testQueryClient()}>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/screen'] })} />
      </QueryClientProvider>,
    );
    // Drawn in the first render: no Suspense fallback, so React holds nothing back.
    expect(screen.getByRole('heading', { name: 'Preloaded screen' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('when its chunk fails to load (a deploy replaced it), then the error screen offers a reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const chunk = deferredChunk();
    renderLazyRoute(chunk.load);
    expect(screen.getByText('Loading...')).toBeInTheDocument();

    chunk.reject(
      new TypeError('Failed to fetch dynamically imported module: /assets/screen-old.js'),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_SCREEN.title);
    expect(screen.getByRole('button', { name: ERROR_SCREEN.reloadPage })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: ERROR_SCREEN.tryAgain })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });
});

describe('preloading a lazy screen', () => {
  it('when asked before it renders, then its chunk is fetched; other elements are left alone', async () => {
    const load = vi.fn(() => Promise.resolve({ Screen: () => <h1>Preloaded</h1> }));
    const element = lazyPage(load, 'Screen');
    expect(load).not.toHaveBeenCalled();
    preloadPage(element);
    expect(load).toHaveBeenCalledTimes(1);
    expect(() => preloadPage(<p>Not lazy</p>)).not.toThrow();
    // A failed preload is silent: the render shows the error screen.
    const failing = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(preloadPage(lazyPage(failing, 'Screen'))).resolves.toBeUndefined();
    expect(failing).toHaveBeenCalledTimes(1);
  });
});
