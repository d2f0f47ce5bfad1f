import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { AppErrorBoundary } from './errors/app-error-boundary';
import { Providers } from './providers';
import { routes } from './router';

let router: ReturnType<typeof createBrowserRouter> | null = null;

/**
 * The app's router, made on first use: making it ranks every route (~10 ms of a phone's main
 * thread), which main.tsx does in a task of its own before the first render.
 */
export function appRouter(): ReturnType<typeof createBrowserRouter> {
  router ??= createBrowserRouter(routes);
  return router;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppErrorBoundary>
      <Providers queryClient={queryClient}>
        <RouterProvider router={appRouter()} />
      </Providers>
    </AppErrorBoundary>
  );
}
