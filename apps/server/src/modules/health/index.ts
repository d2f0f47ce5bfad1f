// The health module's face: what other modules may use. Import nothing else of it from outside.
export { healthRoutes } from './health.routes.ts';
