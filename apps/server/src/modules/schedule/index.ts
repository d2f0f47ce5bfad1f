// The schedule module's face: what other modules may use. Import nothing else of it from outside.
export { scheduleRoutes } from './schedule.routes.ts';
export { rangeHasVisits } from './schedule.service.ts';
