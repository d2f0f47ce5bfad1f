// The client-hub module's face: what other modules may use. Import nothing else of it from outside.
export { clientHubRoutes } from './client-hub.routes.ts';
export { deleteExpired as sweepExpiredHubAccess } from './client-hub.repo.ts';
