// The jobs module's face: what other modules may use. Import nothing else of it from outside.
export { jobRoutes } from './jobs.routes.ts';
export { toVisitSummary } from './job-view.ts';
export {
  type JobRow,
  activeEmployeeIds,
  activeMembers,
  assignedToEmployee,
  assignedToUser,
  employeeOfUser,
  findVisit,
  insertEvent as insertJobEvent,
  lockJob,
  selectVisits,
  unassigned,
  updateJob,
  visitsAssignedToUser,
} from './jobs.repo.ts';
export { TEAM_MEMBER_NOT_IN_BUSINESS, requireDispatcher, visibilityOf } from './jobs.service.ts';
export { startSeriesWorker } from './series-worker.ts';
