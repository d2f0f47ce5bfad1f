import type { RequestCategory } from '../requests/requests';
import type { LedgerSubject } from './ledger.ts';
import type { NotificationKind } from './notifications.ts';

// What a notification says and opens; who gets it and on which channel is notifications.ts.

/**
 * The words of a notification, from its kind, how many it stands for, and the record's name; a
 * request's notifications call it what the client read (an inspection's findings make a quote).
 */
export function notificationTitle(
  kind: NotificationKind,
  count: number,
  name: string,
  noun: RequestCategory = 'estimate',
): string {
  const many = count > 1;
  switch (kind) {
    case 'request_received':
      return many ? `${count} new requests` : `New request from ${name}`;
    case 'estimate_viewed':
      return many ? `${count} ${noun}s viewed` : `${name} viewed the ${noun}`;
    case 'estimate_accepted':
      return `${name} accepted the ${noun}`;
    case 'estimate_declined':
      return `${name} declined the ${noun}`;
    case 'invoice_viewed':
      return many ? `${count} invoices viewed` : `${name} viewed the invoice`;
    case 'invoice_paid':
      return many ? `${count} invoices paid` : `Invoice ${name} paid`;
    case 'invoice_overdue':
      return many ? `${count} invoices overdue` : `Invoice ${name} is overdue`;
    case 'visit_assigned':
      return many ? `${count} visits assigned to you` : `Visit assigned to you: ${name}`;
    case 'visit_unassigned':
      return `Visit taken off your schedule: ${name}`;
    case 'visit_moved':
      return many ? `${count} of your visits moved` : `Your visit moved: ${name}`;
    case 'visit_completed':
      return many ? `${count} visits completed` : `Visit completed: ${name}`;
    case 'visit_problem_reported':
      return `Problem reported by the client: ${name}`;
    case 'member_joined':
      return `${name} joined the team`;
    case 'timer_still_running':
      return many
        ? `${count} of your timers are still running`
        : 'Your timer is still running: stop it if you are done';
    case 'timer_auto_closed':
      return many
        ? `${count} timers stopped after running too long`
        : 'A timer ran too long and was stopped: check the time';
    case 'correction_requested':
      return many ? `${count} time corrections to review` : 'A time correction to review';
    case 'correction_approved':
      return 'Your time correction was approved';
    case 'correction_refused':
      return 'Your time correction was refused';
    case 'stock_low':
      return many ? `${count} items to reorder` : `Time to reorder ${name}`;
    case 'follow_up_due':
      return many ? `${count} follow-ups due` : `Time to follow up: ${name}`;
    case 'export_ready':
      return 'Your data export is ready to download';
  }
}

/** The page a notification opens. */
export function notificationPath(subject: LedgerSubject, subjectId: string): string {
  switch (subject) {
    case 'request':
      return `/quotes/${subjectId}`;
    case 'job':
      return `/jobs/${subjectId}`;
    case 'invoice':
      return `/invoices/${subjectId}`;
    case 'member':
      return `/team/${subjectId}`;
    case 'webhook':
      return '/settings?section=integrations';
    case 'time_entry':
    case 'timesheet':
      return '/time-tracking';
    case 'inspection':
      return `/inspections/${subjectId}`;
    case 'inspection_template':
      return '/settings?section=inspections';
    case 'inventory_item':
      return `/inventory?item=${subjectId}`;
    case 'opportunity':
      return `/sales/${subjectId}`;
    case 'data_export':
      return '/settings?section=data';
    case 'customer':
      return `/customers/${subjectId}`;
  }
}
