import type {
  inspectionAnswers,
  inspectionPhotos,
  inspectionQuotes,
  inspectionShareLinks,
  inspectionTemplates,
} from '../../db/schema/index.ts';
import type { inspections } from '../../db/schema/index.ts';

// The module's row types and shared columns, for the repository and its parts.

export type TemplateRow = typeof inspectionTemplates.$inferSelect;

export type NewTemplateRow = typeof inspectionTemplates.$inferInsert;

export type InspectionRow = typeof inspections.$inferSelect;

export type AnswerRow = typeof inspectionAnswers.$inferSelect;

export type PhotoRow = typeof inspectionPhotos.$inferSelect;

export type ShareLinkRow = typeof inspectionShareLinks.$inferSelect;

export type QuoteLinkRow = typeof inspectionQuotes.$inferSelect;
