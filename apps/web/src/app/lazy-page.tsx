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
  return <Page />;
}
