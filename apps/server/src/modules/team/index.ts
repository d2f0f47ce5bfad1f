// The team module's face: what other modules may use. Import nothing else of it from outside.
export { teamRoutes } from './team.routes.ts';
