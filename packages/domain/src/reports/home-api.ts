import { z } from 'zod';
import { visitSummarySchema } from '../jobs/job-api.ts';
import { figureDefinitionSchema, screenLinkSchema } from './report-api.ts';

const count = z.number().int();
const cents = z.number().int();

const countTileSchema = z.object({ count, link: screenLinkSchema });

/** GET /api/home/today: the office's day. */
export const homeTodaySchema = z.object({
  timeZone: z.string(),
  date: z.string(),
  visits: z.object({
    total: count,
    done: countTileSchema,
    inProgress: countTileSchema,
    late: countTileSchema,
    toCome: countTileSchema,
    link: screenLinkSchema,
  }),
  unassigned: countTileSchema,
  requestsWaiting: countTileSchema,
  quotesWaiting: countTileSchema.extend({ sent: count, viewed: count, amountCents: cents }),
  /** Submitted weeks and correction requests waiting for a manager (Time tracking). */
  timeToApprove: countTileSchema.extend({ weeks: count, corrections: count }),
  definitions: z.array(figureDefinitionSchema),
});
export type HomeToday = z.infer<typeof homeTodaySchema>;

const monthFiguresSchema = z.object({
  from: z.string(),
  to: z.string(),
  invoicedCents: cents,
  collectedCents: cents,
  tipsCents: cents,
});

/** GET /api/home/money: what is owed and this month against last month. */
export const homeMoneySchema = z.object({
  today: z.string(),
  overdue: z.object({ count, amountCents: cents, link: screenLinkSchema }),
  outstanding: z.object({ count, amountCents: cents, link: screenLinkSchema }),
  /** This month so far (to today) against the whole of last month. */
  thisMonth: monthFiguresSchema,
  lastMonth: monthFiguresSchema,
  reportLink: screenLinkSchema,
  definitions: z.array(figureDefinitionSchema),
});
export type HomeMoney = z.infer<typeof homeMoneySchema>;

/** GET /api/home/getting-started: the first steps, shown until each is done. */
export const homeGettingStartedSchema = z.object({
  hasContact: z.boolean(),
  hasEstimate: z.boolean(),
  hasJob: z.boolean(),
  hasInvoice: z.boolean(),
  /** Every step done: the web hides the steps. */
  done: z.boolean(),
});
export type HomeGettingStarted = z.infer<typeof homeGettingStartedSchema>;

/** GET /api/home/my-next-visits: the signed-in member's visits after today (today's: /api/my-visits). */
export const homeMyNextVisitsSchema = z.object({
  timeZone: z.string(),
  /** The first day after today. */
  from: z.string(),
  visits: z.array(visitSummarySchema),
});
export type HomeMyNextVisits = z.infer<typeof homeMyNextVisitsSchema>;

/** How many coming visits the field home lists. */
export const HOME_NEXT_VISITS_LIMIT = 5;
/** How far ahead it looks for them. */
export const HOME_NEXT_VISITS_DAYS = 14;
