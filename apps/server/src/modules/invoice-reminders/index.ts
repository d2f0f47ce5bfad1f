// The invoice-reminders module's face: what other modules may use. Import nothing else of it from outside.
export { startReminderWorker } from './reminder-worker.ts';
