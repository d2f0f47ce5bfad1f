// The data-export module's face: Settings > Data's "Export everything" and "Import an archive".
export { dataExportRoutes } from './data-export.routes.ts';
export { startDataExportWorkers } from './worker.ts';
