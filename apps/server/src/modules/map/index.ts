// The map module's face: what other modules may use. Import nothing else of it from outside.
export { mapRoutes } from './map.routes.ts';
