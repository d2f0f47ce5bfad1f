// The reports module's face: the home page's tiles and /reports.
export { homeRoutes } from './home.routes.ts';
export { operationsReportRoutes } from './operations.routes.ts';
export { reportRoutes } from './reports.routes.ts';
export { reportScheduleRoutes } from './schedules.routes.ts';
export { startReportMailWorker } from './schedule-worker.ts';
