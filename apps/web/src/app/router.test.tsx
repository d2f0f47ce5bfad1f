import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PROTECTED_ROUTE_PATTERNS, PUBLIC_ROUTE_PATTERNS } from '@crewdesk/domain';
import { TooltipProvider } from '@/components/ui/tooltip';
import { STORAGE_KEYS } from '@/lib/storage';
import { makeMe, mockApi, testQueryClient } from '@/test/utils';
import { routes } from './router';

function concrete(pattern: string): string {
  return pattern.replace(/:[^/]+/g, '42');
}

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <TooltipProvider>
        <RouterProvider router={router} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('routes', () => {
  it('register every public and protected route of the spec (none falls through to not-found)', () => {
    const patterns = [...PUBLIC_ROUTE_PATTERNS, ...PROTECTED_ROUTE_PATTERNS].map((r) => r.pattern);
    expect(patterns.length).toBeGreaterThan(40);
    for (const pattern of patterns) {
      const matches = matchRoutes(routes, concrete(pattern));
      expect(matches, pattern).not.toBeNull();
      expect(matches?.at(-1)?.route.path, pattern).not.toBe('*');
    }
  });

  it('when a screen is opened, then Loading... shows until its code has arrived', async () => {
    renderApp('/help-center');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Help center' }),
    ).toBeInTheDocument();
  });

  it('when a visitor opens an unknown address, then the not-found page shows', () => {
    renderApp('/definitely/not/here');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('when a visitor opens a protected screen, then the sign-in page shows, keeping the return path', async () => {
    mockApi({ 'GET /api/auth/get-session': () => ({ status: 200, body: null }) });
    const router = renderApp('/customers/new');
    expect(await screen.findByRole('tab', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.location.search).toBe('?redirect=%2Fcustomers%2Fnew');
  });

  it('when a visitor opens the password-reset link, then the reset page shows, not the sign-in redirect or not-found', async () => {
    const api = mockApi({});
    const router = renderApp('/auth/reset-password?token=abc');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/reset-password');
    expect(api.calls).toEqual([]);
  });

  it('when a team member opens Contacts, then Access Denied shows inside the layout', async () => {
    window.localStorage.setItem(STORAGE_KEYS.authSession, '{}');
    mockApi({ 'GET /api/me': () => ({ status: 200, body: makeMe({ role: 'team_member' }) }) });
    renderApp('/customers');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).toBeInTheDocument();
  });

  it('when a signed-in owner opens a module, then its honest empty state shows with breadcrumbs', async () => {
    window.localStorage.setItem(STORAGE_KEYS.authSession, '{}');
    mockApi({
      'GET /api/me': () => ({ status: 200, body: makeMe() }),
      'GET /api/payments?limit=25': () => ({ status: 200, body: { items: [], nextCursor: null } }),
    });
    renderApp('/invoices/payments');
    // The invoices screens are a larger module: give its first import more time.
    expect(
      await screen.findByRole('heading', { name: 'No payments yet' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('navigation', { name: 'Breadcrumb' })[0]).toHaveTextContent(
      'InvoicesPayments',
    );
  });

  it('when a client opens an invoice link or comes back from paying, then the public pages show without signing in', async () => {
    const api = mockApi({
      'GET /api/public/invoices/abc': () => ({
        status: 404,
        body: { code: 'NOT_FOUND', message: 'Invoice not found' },
      }),
    });
    const router = renderApp('/pay/abc');
    expect(await screen.findByText('This invoice link is not valid.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pay/abc');
    await router.navigate('/invoices/payment-success');
    expect(await screen.findByText('We could not find this invoice.')).toBeInTheDocument();
    expect(api.calls.map((c) => c.key)).not.toContain('GET /api/me');
  });

  it("when a client opens a business's link, then the page is the business's: none of our navigation or staff sign-in, our name only at the foot", async () => {
    mockApi({
      'GET /api/public/invoices/abc': () => ({
        status: 404,
        body: { code: 'NOT_FOUND', message: 'Invoice not found' },
      }),
    });
    renderApp('/pay/abc');
    expect(await screen.findByText('This invoice link is not valid.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Site' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Help center' })).toBeNull();
    expect(screen.getByText('Powered by Crewdesk')).toBeInTheDocument();
  });

  it('when a visitor opens the help center, then our own frame with Sign in is there', async () => {
    renderApp('/help-center');
    expect(await screen.findByRole('navigation', { name: 'Site' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
  });
});
