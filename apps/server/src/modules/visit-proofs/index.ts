// The visit-proofs module's face (proof of service, issue 26): what other modules may use.
export { visitProofRoutes } from './visit-proofs.routes.ts';
export { listProofPagesOfContact, proofLedgerConsumer, proofUrl } from './visit-proofs.service.ts';
