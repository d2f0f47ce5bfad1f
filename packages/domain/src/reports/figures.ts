import { ON_TIME_GRACE_MINUTES } from './report-rules.ts';

/**
 * Every figure the home page and the reports show, defined once: the web shows `definition`
 * beside the figure, and the server's SQL follows it (the tests hold both to these words).
 */
export const FIGURE_IDS = [
  'visits_today',
  'unassigned_work',
  'requests_waiting',
  'quotes_waiting',
  'time_to_approve',
  'invoices_overdue',
  'revenue_invoiced',
  'revenue_collected',
  'tips_collected',
  'refunds',
  'receivables',
  'revenue_ahead',
  'quotes_sent',
  'quotes_viewed',
  'quotes_accepted',
  'quotes_declined',
  'quotes_expired',
  'quote_days_to_answer',
  'visits',
  'visits_completed',
  'visits_on_time',
  'pipeline_open',
  'follow_ups_due',
  'hours_worked',
  'hours_overtime',
  'hours_visits',
  'hours_travel',
  'hours_other',
  'margin_actual',
  'margin_estimated',
] as const;
export type FigureId = (typeof FIGURE_IDS)[number];

export interface FigureDefinition {
  id: FigureId;
  label: string;
  /** One line, shown next to the figure. */
  definition: string;
}

export const FIGURES: Record<FigureId, FigureDefinition> = {
  visits_today: {
    id: 'visits_today',
    label: "Today's visits",
    definition:
      "Jobs starting today in the business's time zone, cancelled ones left out; late means not started and past its start time.",
  },
  unassigned_work: {
    id: 'unassigned_work',
    label: 'Unassigned work',
    definition:
      'Scheduled jobs with no date, or from today on with nobody assigned (the schedule’s unplanned list).',
  },
  requests_waiting: {
    id: 'requests_waiting',
    label: 'Requests waiting for a quote',
    definition: 'Estimates and inquiries not yet sent to the client and not expired.',
  },
  quotes_waiting: {
    id: 'quotes_waiting',
    label: 'Quotes waiting for the client',
    definition: 'Quotes and proposals sent or viewed, not yet answered and not expired.',
  },
  time_to_approve: {
    id: 'time_to_approve',
    label: 'Time to approve',
    definition:
      'Weeks the team submitted for approval, and correction requests waiting for a decision.',
  },
  invoices_overdue: {
    id: 'invoices_overdue',
    label: 'Invoices overdue',
    definition: 'Balance still owed on sent, viewed or partly paid invoices past their due date.',
  },
  revenue_invoiced: {
    id: 'revenue_invoiced',
    label: 'Invoiced',
    definition:
      'Invoices by issue date, after discounts; excludes tax, tips, drafts and void invoices.',
  },
  revenue_collected: {
    id: 'revenue_collected',
    label: 'Collected',
    definition:
      'Payments by payment date less refunds by refund date; includes tax, excludes tips.',
  },
  tips_collected: {
    id: 'tips_collected',
    label: 'Tips',
    definition: 'Tips received with payments by payment date, less tips refunded; kept apart.',
  },
  refunds: {
    id: 'refunds',
    label: 'Refunds',
    definition: 'Payments given back, by the date of the refund (tips apart).',
  },
  receivables: {
    id: 'receivables',
    label: 'Owed',
    definition:
      "Balance of sent, viewed and partly paid invoices, aged by days past due on today's date.",
  },
  revenue_ahead: {
    id: 'revenue_ahead',
    label: 'Revenue ahead',
    definition:
      'Price of jobs on the schedule from today on, not cancelled, completed or invoiced; recurring series by their price per visit.',
  },
  quotes_sent: {
    id: 'quotes_sent',
    label: 'Sent',
    definition:
      "Estimates, quotes and proposals by the business's date they were last sent to the client.",
  },
  quotes_viewed: {
    id: 'quotes_viewed',
    label: 'Viewed',
    definition: 'Of those sent, the ones the client opened on the share page.',
  },
  quotes_accepted: {
    id: 'quotes_accepted',
    label: 'Accepted',
    definition: 'Of those sent, the ones the client accepted (converted to a job included).',
  },
  quotes_declined: {
    id: 'quotes_declined',
    label: 'Declined',
    definition: 'Of those sent, the ones the client declined.',
  },
  quotes_expired: {
    id: 'quotes_expired',
    label: 'Expired',
    definition: 'Of those sent, the ones still unanswered past their expiry date.',
  },
  quote_days_to_answer: {
    id: 'quote_days_to_answer',
    label: 'Median days to answer',
    definition:
      'Median of the days from sending to the client’s accept or decline, over the answered ones.',
  },
  visits: {
    id: 'visits',
    label: 'Visits',
    definition:
      "Jobs (not tasks) starting in the range by the business's date, cancelled included.",
  },
  visits_completed: {
    id: 'visits_completed',
    label: 'Completed',
    definition: 'Visits of the range marked completed.',
  },
  visits_on_time: {
    id: 'visits_on_time',
    label: 'On time',
    definition: `Completed visits started (or, never started, completed) no later than ${ON_TIME_GRACE_MINUTES} minutes after their start time.`,
  },
  pipeline_open: {
    id: 'pipeline_open',
    label: 'Open opportunities',
    definition:
      'Your opportunities in new, contacted or quoted, at their typed value or else their quotes’ value.',
  },
  follow_ups_due: {
    id: 'follow_ups_due',
    label: 'Follow-ups due',
    definition:
      "Your open opportunities whose follow-up date is today or earlier, in the business's time zone.",
  },
  hours_worked: {
    id: 'hours_worked',
    label: 'Worked',
    definition:
      'Shift time less breaks, each entry on the date it began; a running timer counts up to now.',
  },
  hours_overtime: {
    id: 'hours_overtime',
    label: 'Overtime',
    definition:
      "Each day's worked time over the daily limit (when set), then the week's over the weekly limit, by the business's time settings.",
  },
  hours_visits: {
    id: 'hours_visits',
    label: 'On visits',
    definition: 'Time on visit timers (started on a visit, stopped when it was completed).',
  },
  hours_travel: {
    id: 'hours_travel',
    label: 'Travel',
    definition: 'Time on travel timers ("on my way" until the visit starts).',
  },
  hours_other: {
    id: 'hours_other',
    label: 'Other',
    definition: 'Worked time on neither a visit nor travel (office, yard, waiting).',
  },
  margin_actual: {
    id: 'margin_actual',
    label: 'Margin',
    definition:
      "Completed visits by the business's date of their start: price less timed labor at each person's cost rate and materials used at their unit cost.",
  },
  margin_estimated: {
    id: 'margin_estimated',
    label: 'Estimated margin',
    definition:
      "Price less the calculator's total cost saved with the request, or, without one, the planned hours × people at the standard labor rate.",
  },
};

/** The definitions of some figures, in the order given (what each answer carries). */
export function figureDefinitions(ids: readonly FigureId[]): FigureDefinition[] {
  return ids.map((id) => FIGURES[id]);
}
