// The inspections module's face: what other modules may use. Import nothing else of it from outside.
export { inspectionRoutes } from './inspections.routes.ts';
export { finishedInspectionOfVisit } from './inspections.repo.ts';
export { reportShareToken } from './inspection-view.ts';
