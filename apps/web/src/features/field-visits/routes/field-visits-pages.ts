// The visit view that works offline, as one chunk: its frame and its two screens.
export { FieldLayout } from './field-layout';
export { FieldVisitsPage } from './field-visits-page';
export { FieldVisitPage } from './field-visit-page';
