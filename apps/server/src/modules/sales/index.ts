// The sales module's face (issue 22): the pipeline's routes, its reading of the ledger, its hourly run.
export { salesRoutes } from './sales.routes.ts';
export { recordFollowUpsDue, salesLedgerConsumer, startSalesHourlyWorker } from './sales-worker.ts';
// The sales person's home tiles (read by the reports module's /api/home/my-pipeline).
export { ownFollowUpsDue, ownOpenByStage } from './sales.repo.ts';
