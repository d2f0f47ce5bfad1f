import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, within, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { BusinessAccount, Role } from '@crewdesk/domain';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { SessionProvider } from '@/lib/session/session-context';
import { toSession, type MeResponse, type SessionUser } from '@/lib/session/types';

export const OWNED_ACCOUNT: BusinessAccount = {
  account_id: '11111111-1111-4111-8111-111111111111',
  account_name: 'Sparkle Cleaning',
  account_slug: 'sparkle-cleaning',
  role: 'owner',
  // The fixture business starts its weeks on Sunday, as the schedule's tests draw them.
  week_starts_on: 0,
};

export function makeMe(
  overrides: Omit<Partial<MeResponse>, 'user'> & { role?: Role; user?: Partial<SessionUser> } = {},
): MeResponse {
  const accounts = overrides.accounts ?? [OWNED_ACCOUNT];
  return {
    user: {
      id: 'user-1',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
      avatarUrl: null,
      emailVerified: true,
      phoneNumber: null,
      phoneNumberVerified: false,
      ...overrides.user,
    },
    onboarding: overrides.onboarding ?? { complete: true, stepCompleted: 3, required: false },
    accounts,
    activeAccountId:
      'activeAccountId' in overrides
        ? (overrides.activeAccountId ?? null)
        : (accounts[0]?.account_id ?? null),
    role: overrides.role ?? 'owner',
  };
}

export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

interface RenderOptions {
  /** Signed-in user; omit for a visitor (no session context). */
  me?: MeResponse;
  path?: string;
  state?: unknown;
  /** Extra routes beside the one rendering `ui` at `path`. */
  routes?: RouteObject[];
  routePath?: string;
  queryClient?: QueryClient;
}

function Providers({
  me,
  queryClient,
  children,
}: {
  me?: MeResponse;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  const content = me ? (
    <SessionProvider session={toSession(me)}>{children}</SessionProvider>
  ) : (
    children
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider delayDuration={0}>
        {content}
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}

/** Renders `ui` at `path` in a memory router with the app's providers. */
export function renderRoute(
  ui: ReactElement,
  {
    me,
    path = '/',
    state,
    routes = [],
    routePath,
    queryClient = testQueryClient(),
  }: RenderOptions = {},
): RenderResult & { router: ReturnType<typeof createMemoryRouter>; queryClient: QueryClient } {
  const router = createMemoryRouter(
    [
      { path: routePath ?? path.split('?')[0], element: ui },
      ...routes,
      { path: '*', element: <p>Other page</p> },
    ],
    {
      initialEntries: [
        {
          pathname: path.split('?')[0] ?? '/',
          search: path.includes('?') ? `?${path.split('?')[1]}` : '',
          state,
        },
      ],
    },
  );
  const result = render(
    <Providers me={me} queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router, queryClient };
}

type Handler = (init: RequestInit | undefined) => {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
};

/** Stubs fetch: handlers keyed by "METHOD /api/path"; anything else fails the test. */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: { key: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url =
      typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const key = `${init?.method ?? 'GET'} ${url}`;
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ key, body });
    const handler = handlers[key];
    if (!handler) throw new Error(`Unexpected request ${key}`);
    const { status, body: responseBody, headers } = handler(init);
    return new Response(responseBody === undefined ? null : JSON.stringify(responseBody), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

/** The text of each cell of each row: a table's body read the way a person scans it. */
export function cellTexts(rows: HTMLElement[]): (string | null)[][] {
  return rows.map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  );
}
