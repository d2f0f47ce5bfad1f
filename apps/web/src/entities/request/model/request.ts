import type {
  requestDetailSchema,
  requestListResponseSchema,
  requestSchema,
} from '@crewdesk/domain';
import type { z } from 'zod';

/** An estimate, quote or proposal as the lists answer it. */
export type RequestRecord = z.output<typeof requestSchema>;

/** A request with its options and history, as its page shows it. */
export type RequestDetail = z.output<typeof requestDetailSchema>;

export type RequestListPage = z.output<typeof requestListResponseSchema>;
