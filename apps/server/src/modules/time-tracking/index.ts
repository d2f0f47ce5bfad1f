// The time-tracking module's face: what other modules may use. Import nothing else of it from outside.
export { timeRoutes } from './time.routes.ts';
export { startTimeSweepWorker } from './time-worker.ts';
export { sweepTime } from './time-sweep.service.ts';
// Whether the person agreed to a location at punches (the phone's field pack carries it).
export { locationConsentGiven } from './time.service.ts';
// The business's overtime limits and week start (the team hours report splits overtime by them).
export { settingsOf as timeSettingsOf } from './time.service.ts';
// A visit's arrival and departure from its punches (proof of service shows them to the client).
export { visitPunchSpan } from './time.repo.ts';
// What waits for a manager's approval (the office's home counts it).
export { waitingForApproval } from './time.repo.ts';
