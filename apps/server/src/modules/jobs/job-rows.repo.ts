import type { jobPhotos } from '../../db/schema/index.ts';
import type { jobChecklistItems, jobSeries } from '../../db/schema/index.ts';

// The module's row types and shared columns, for the repository and its parts.

export type SeriesRow = typeof jobSeries.$inferSelect;

export type NewSeriesRow = typeof jobSeries.$inferInsert;

export type ChecklistRow = typeof jobChecklistItems.$inferSelect;

export type PhotoRow = typeof jobPhotos.$inferSelect;
