import { lazy, type ComponentType, type ReactElement } from 'react';

/**
 * A route screen loaded on demand (spec section 2). The module is fetched the
 * first time the route renders; the layout's Suspense shows Loading... meanwhile.
 */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): ReactElement {
  const Page = lazy(() => load().then((module) => ({ default: module[name] as ComponentType })));
  const element = <Page />;
  loaders.set(element, load);
  return element;
}

const loaders = new WeakMap<ReactElement, () => Promise<unknown>>();

/**
 * Starts fetching the code of a route element made by lazyPage (nothing for any other), before
 * it renders. A failed fetch is left to the render, which shows the error screen.
 */
export function preloadPage(element: unknown): void {
  const load = loaders.get(element as ReactElement);
  load?.().catch(() => undefined);
}
