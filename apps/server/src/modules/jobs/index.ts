// The jobs module's face: what other modules may use. Import nothing else of it from outside.
export { jobRoutes } from './jobs.routes.ts';
export { toVisitSummary } from './job-view.ts';
export {
  type VisitFilter,
  activeMembers,
  countUnplannedVisits,
  employeeOfUser,
  insertEvent as insertJobEvent,
  unplannedVisits,
  visitsInTimeOrder,
} from './jobs.repo.ts';
export { findVisibleVisit, requireWork, visibilityOf } from './jobs.service.ts';
export { applyVisitOrder, dayRange, moveVisit } from './visit-moves.service.ts';
export { startSeriesWorker } from './series-worker.ts';
export {
  addNoteIn,
  changeStatusIn,
  insertPhotoIn,
  lockForWork,
  setChecklistItemDoneIn,
  storePhoto,
  type StoredPhoto,
} from './job-work.service.ts';
export { listChecklistsOf } from './jobs.repo.ts';
