import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ErrorScreen } from './error-screen';
import { RouteErrorScreen } from './route-error-screen';

describe('ErrorScreen', () => {
  it('shows the spec’s title and exact message, with Try Again and Reload Page', async () => {
    const onRetry = vi.fn();
    const onReload = vi.fn();
    const user = userEvent.setup();
    render(<ErrorScreen onRetry={onRetry} onReload={onReload} />);

    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(
      screen.getByText(
        "We're sorry, but something unexpected happened. Please try refreshing the page.",
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });
});

describe('RouteErrorScreen', () => {
  it('when a screen throws, then the error screen replaces it, and Try Again renders it afresh', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let broken = true;
    function Flaky() {
      const [value] = useState(() => {
        if (broken) throw new Error('flaky');
        return 'Recovered screen';
      });
      return <p>{value}</p>;
    }
    const router = createMemoryRouter(
      [{ path: '/jobs', element: <Flaky />, errorElement: <RouteErrorScreen /> }],
      {
        initialEntries: ['/jobs'],
      },
    );
    const user = userEvent.setup();
    render(<RouterProvider router={router} />);

    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    broken = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Recovered screen')).toBeInTheDocument();
  });
});
