// The locations module's face: what other modules may use. Import nothing else of it from outside.
export { locationRoutes } from './locations.routes.ts';
export { loadGazetteer } from './gazetteer.ts';
