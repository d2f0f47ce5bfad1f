import { lazy } from 'react';

// The client's pages opened by a link, as one lazy route module: the shared estimate, and the
// hub it leads to (decision 041). The hub's own code is fetched when it is opened, so it adds
// nothing to the estimate's page nor to the first screen's preload map (the initial-JS budget).
export { SharedEstimatePage } from './shared-estimate-page';

const HubPage = lazy(() =>
  import('./client-hub-page').then((module) => ({ default: module.ClientHubPage })),
);

export function ClientHubPage() {
  return <HubPage />;
}
