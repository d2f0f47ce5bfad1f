import type {
  jobDetailSchema,
  jobInputSchema,
  jobListResponseSchema,
  visitSummarySchema,
} from '@crewdesk/domain';
import type { z } from 'zod';

/** A job or task with everything its page shows, as the server serializes it. */
export type JobDetail = z.output<typeof jobDetailSchema>;

/** One visit as the lists, the schedule and the map draw it. */
export type VisitSummary = z.output<typeof visitSummarySchema>;

export type JobListPage = z.output<typeof jobListResponseSchema>;

/** What a create or update sends; the schema's defaults fill what is left out. */
export type JobInputBody = z.input<typeof jobInputSchema>;
