// The request-sharing module's face: what other modules may use. Import nothing else of it from outside.
export { requestSharingRoutes } from './request-sharing.routes.ts';
