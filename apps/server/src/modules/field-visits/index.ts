// The field-visits module's face: what other modules may use. Import nothing else of it from outside.
export { fieldVisitRoutes } from './field-visits.routes.ts';
export { sweepReceipts as sweepFieldReceipts } from './field-visits.service.ts';
