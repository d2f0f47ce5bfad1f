// The calendar-feed module's face: what other modules may use. Import nothing else of it from outside.
export { calendarFeedRoutes } from './calendar-feed.routes.ts';
export { type CalendarEvent, calendarText } from './ical.ts';
