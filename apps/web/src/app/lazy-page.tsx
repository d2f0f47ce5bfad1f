import type { QueryClient } from '@tanstack/react-query';
import { lazy, useState, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, type RouteMatch, type RouteObject } from 'react-router';
import type { MeResponse } from '@/lib/session/types';

/** What a screen's first data request may depend on: the session and the address. */
export interface FirstDataContext {
  queryClient: QueryClient;
  me: MeResponse;
  search: URLSearchParams;
}

/** Starts a screen's first request (a list, a calendar's range) before its code has arrived. */
export type FirstDataPrefetch = (context: FirstDataContext) => void;

interface PageLoaders {
  load: () => Promise<unknown>;
  prefetch?: FirstDataPrefetch;
}

const loaders = new WeakMap<ReactElement, PageLoaders>();

/**
 * A route screen loaded on demand (spec section 2). The module is fetched the
 * first time the route renders; the layout's Suspense shows Loading... meanwhile.
 * A screen whose module has already arrived (preloaded) draws at once instead: a
 * Suspense boundary that showed its fallback holds the content back for 300 ms
 * more (React's throttle), once per nested lazy screen.
 * `prefetch` asks for the screen's first data as soon as the session is known.
 */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
  prefetch?: FirstDataPrefetch,
): ReactElement {
  let loaded: ComponentType | undefined;
  const loadPage = () =>
    load().then((module) => {
      loaded = module[name] as ComponentType;
      return loaded;
    });
  const LazyPage = lazy(() => loadPage().then((component) => ({ default: component })));
  function Page() {
    // Chosen once per mount: switching from the lazy wrapper to the module's own component
    // would remount the screen and lose its state.
    const [Screen] = useState<ComponentType>(() => loaded ?? LazyPage);
    return <Screen />;
  }
  const element = <Page />;
  loaders.set(element, { load: loadPage, prefetch });
  return element;
}

/**
 * Starts fetching the code of a route element made by lazyPage (nothing for any other), before
 * it renders; settles when it has arrived or failed. A failed fetch is left to the render, which
 * shows the error screen.
 */
export function preloadPage(element: unknown): Promise<void> {
  const loader = loaders.get(element as ReactElement);
  if (!loader) return Promise.resolve();
  return loader.load().then(
    () => undefined,
    () => undefined,
  );
}

/** Starts the first data request of a route element made by lazyPage with a prefetch. */
export function prefetchPageData(element: unknown, context: FirstDataContext): void {
  loaders.get(element as ReactElement)?.prefetch?.(context);
}

let lastMatch: { routes: RouteObject[]; pathname: string; matches: RouteMatch[] | null } | null =
  null;

/**
 * The routes matching `pathname`, for the screen's code and first data fetched ahead. Matching
 * ranks every route of the app (~100; a few ms on a phone), and both ask for the same path as
 * the app starts: the last answer is kept.
 */
export function routeMatches(routes: RouteObject[], pathname: string): RouteMatch[] {
  if (lastMatch?.routes !== routes || lastMatch.pathname !== pathname) {
    lastMatch = { routes, pathname, matches: matchRoutes(routes, pathname) };
  }
  return lastMatch.matches ?? [];
}
