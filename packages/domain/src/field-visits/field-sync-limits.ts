// Kept apart from the schemas (field-visits.ts): the dashboard keeps a field worker's visits with
// the sync code, which needs this number only; importing it from there evaluated every answer
// schema of the domain on each first screen (issue 17, item 8).

/** The most visits one phone keeps (two days of a very busy worker). */
export const FIELD_PACK_MAX_VISITS = 200;
/** The most changes one sync request carries; the phone sends the rest in the next one. */
export const FIELD_SYNC_MAX_CHANGES = 50;
