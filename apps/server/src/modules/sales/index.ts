// The sales module's face (issue 22): the pipeline's routes, its reading of the ledger, its hourly run.
export { salesRoutes } from './sales.routes.ts';
export { recordFollowUpsDue, salesLedgerConsumer, startSalesHourlyWorker } from './sales-worker.ts';
