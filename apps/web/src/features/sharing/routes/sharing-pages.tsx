import { lazy } from 'react';

// The client's pages opened by a link, as one lazy route module: the shared estimate, the hub it
// leads to (decision 041) and a visit's proof of service (decision 040). The hub's and the proof's
// own code is fetched when they are opened, so it adds nothing to the estimate's page nor to the
// first screen's preload map (the initial-JS budget).
export { SharedEstimatePage } from './shared-estimate-page';

const HubPage = lazy(() =>
  import('./client-hub-page').then((module) => ({ default: module.ClientHubPage })),
);

export function ClientHubPage() {
  return <HubPage />;
}

const ProofPage = lazy(() =>
  import('./visit-proof-page').then((module) => ({ default: module.VisitProofPage })),
);

export function VisitProofPage() {
  return <ProofPage />;
}
