// The jobs module's face: what other modules may use. Import nothing else of it from outside.
export { jobRoutes } from './jobs.routes.ts';
export { toVisitSummary } from './job-view.ts';
export {
  type JobRow,
  type VisitFilter,
  activeEmployeeIds,
  activeMembers,
  employeeOfUser,
  findVisit,
  insertEvent as insertJobEvent,
  lockJob,
  lockVisitsOfEmployeeBetween,
  reassignVisit,
  unplannedVisits,
  updateJob,
  visitsInTimeOrder,
} from './jobs.repo.ts';
export { TEAM_MEMBER_NOT_IN_BUSINESS, requireDispatcher, visibilityOf } from './jobs.service.ts';
export { startSeriesWorker } from './series-worker.ts';
