import {
  BUSINESS_ADMIN_ROLES,
  BUSINESS_MANAGER_ROLES,
  TEAM_MANAGEMENT_ROLES,
  type Role,
} from '../auth/roles.ts';
import { JOB_DISPATCH_ROLES } from '../jobs/jobs.ts';
import type { LedgerSubject } from './ledger.ts';

/**
 * What a person can be told about (issue 18). A kind comes from one ledger event; who is told
 * is named by role and relation, and the dispatcher checks each person against the same access
 * rules as the screens (`SUBJECT_AUDIENCE` below) before telling them anything.
 */
export const NOTIFICATION_KINDS = [
  'request_received',
  'estimate_viewed',
  'estimate_accepted',
  'estimate_declined',
  'invoice_viewed',
  'invoice_paid',
  'invoice_overdue',
  'visit_assigned',
  'visit_unassigned',
  'visit_moved',
  'visit_completed',
  'visit_problem_reported',
  'member_joined',
  'timer_still_running',
  'timer_auto_closed',
  'correction_requested',
  'correction_approved',
  'correction_refused',
  'stock_low',
  'follow_up_due',
  'export_ready',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'sms', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = {
  in_app: 'In the app',
  email: 'E-mail',
  sms: 'Text message',
  push: 'Push',
};

/** Who a kind goes to, before the access check and the person's preferences. */
export type Recipient =
  | { kind: 'roles'; roles: readonly Role[] }
  /** The team members assigned to the visit (all of them, or the one the event names). */
  | { kind: 'assignees' }
  | { kind: 'assignee_added' }
  | { kind: 'assignee_removed' }
  /** The team member a time event is about (its payload's employeeId). */
  | { kind: 'employee' }
  /** The opportunity's owner (the member its payload's ownerUserId names). */
  | { kind: 'opportunity_owner' };

export interface NotificationKindRule {
  label: string;
  /** Why the person got it: shown under each notification, with a link to the preference. */
  reason: string;
  recipients: readonly Recipient[];
  /** Channels on unless the person or the account turned them off. */
  defaultChannels: readonly NotificationChannel[];
  /** In-app cannot be turned off (security, failed payments). */
  critical: boolean;
  /** Several within a few minutes become one ("5 new requests"). */
  collapses: boolean;
}

const SALES_AND_MANAGERS: Recipient = {
  kind: 'roles',
  roles: [...BUSINESS_MANAGER_ROLES, 'sales_person'],
};
const MANAGERS: Recipient = { kind: 'roles', roles: BUSINESS_MANAGER_ROLES };

export const NOTIFICATION_RULES: Record<NotificationKind, NotificationKindRule> = {
  request_received: {
    label: 'New request from the request form',
    reason: 'You handle new requests for this business.',
    recipients: [SALES_AND_MANAGERS],
    defaultChannels: ['in_app', 'email', 'push'],
    critical: false,
    collapses: true,
  },
  estimate_viewed: {
    label: 'Estimate viewed by the client',
    reason: 'You follow estimates for this business.',
    recipients: [SALES_AND_MANAGERS],
    defaultChannels: ['in_app'],
    critical: false,
    collapses: true,
  },
  estimate_accepted: {
    label: 'Estimate accepted',
    reason: 'You follow estimates for this business.',
    recipients: [SALES_AND_MANAGERS],
    defaultChannels: ['in_app', 'email', 'push'],
    critical: false,
    collapses: false,
  },
  estimate_declined: {
    label: 'Estimate declined',
    reason: 'You follow estimates for this business.',
    recipients: [SALES_AND_MANAGERS],
    defaultChannels: ['in_app', 'email'],
    critical: false,
    collapses: false,
  },
  invoice_viewed: {
    label: 'Invoice viewed by the client',
    reason: 'You follow invoices for this business.',
    recipients: [SALES_AND_MANAGERS],
    defaultChannels: ['in_app'],
    critical: false,
    collapses: true,
  },
  invoice_paid: {
    label: 'Invoice paid',
    reason: 'You follow invoices for this business.',
    recipients: [SALES_AND_MANAGERS],
    defaultChannels: ['in_app', 'email', 'push'],
    critical: false,
    collapses: true,
  },
  invoice_overdue: {
    label: 'Invoice overdue',
    reason: 'You follow invoices for this business.',
    recipients: [SALES_AND_MANAGERS],
    defaultChannels: ['in_app', 'email'],
    critical: true,
    collapses: true,
  },
  visit_assigned: {
    label: 'Visit assigned to you',
    reason: 'You were assigned to this visit.',
    recipients: [{ kind: 'assignee_added' }],
    defaultChannels: ['in_app', 'email', 'push'],
    critical: false,
    collapses: true,
  },
  visit_unassigned: {
    label: 'Visit taken off your schedule',
    reason: 'You were assigned to this visit.',
    recipients: [{ kind: 'assignee_removed' }],
    defaultChannels: ['in_app', 'push'],
    critical: false,
    collapses: false,
  },
  visit_moved: {
    label: 'Your visit moved',
    reason: 'You are assigned to this visit.',
    recipients: [{ kind: 'assignees' }],
    defaultChannels: ['in_app', 'push'],
    critical: false,
    collapses: true,
  },
  visit_completed: {
    label: 'Visit completed',
    reason: 'You dispatch visits for this business.',
    recipients: [MANAGERS],
    defaultChannels: ['in_app'],
    critical: false,
    collapses: true,
  },
  visit_problem_reported: {
    label: 'A client reported a problem with a visit',
    reason: 'You run the office of this business.',
    recipients: [MANAGERS],
    defaultChannels: ['in_app', 'email', 'push'],
    critical: false,
    collapses: false,
  },
  member_joined: {
    label: 'New team member joined',
    reason: 'You manage the team of this business.',
    recipients: [{ kind: 'roles', roles: BUSINESS_ADMIN_ROLES }],
    defaultChannels: ['in_app', 'email'],
    critical: false,
    collapses: false,
  },
  timer_still_running: {
    label: 'Timer still running near the limit',
    reason: 'Your timer stops by itself at the limit: stop it yourself if you are done.',
    recipients: [{ kind: 'employee' }],
    defaultChannels: ['in_app', 'email', 'push'],
    critical: false,
    collapses: true,
  },
  timer_auto_closed: {
    label: 'Timer stopped after running too long',
    reason: 'Your timer ran past the limit: check the time it recorded.',
    recipients: [{ kind: 'employee' }, { kind: 'roles', roles: TEAM_MANAGEMENT_ROLES }],
    defaultChannels: ['in_app', 'email', 'push'],
    critical: true,
    collapses: true,
  },
  correction_requested: {
    label: 'Time correction asked for',
    reason: 'You review the team’s time.',
    recipients: [{ kind: 'roles', roles: TEAM_MANAGEMENT_ROLES }],
    defaultChannels: ['in_app', 'email'],
    critical: false,
    collapses: true,
  },
  correction_approved: {
    label: 'Your time correction was approved',
    reason: 'You asked for this correction.',
    recipients: [{ kind: 'employee' }],
    defaultChannels: ['in_app', 'push'],
    critical: false,
    collapses: false,
  },
  correction_refused: {
    label: 'Your time correction was refused',
    reason: 'You asked for this correction.',
    recipients: [{ kind: 'employee' }],
    defaultChannels: ['in_app', 'push'],
    critical: false,
    collapses: false,
  },
  stock_low: {
    label: 'Item at its reorder point',
    reason: 'You manage the inventory of this business.',
    recipients: [MANAGERS],
    defaultChannels: ['in_app', 'email'],
    critical: false,
    collapses: true,
  },
  follow_up_due: {
    label: 'Follow-up date passed',
    reason: 'You own this opportunity in the sales pipeline.',
    recipients: [{ kind: 'opportunity_owner' }],
    defaultChannels: ['in_app', 'email', 'push'],
    critical: false,
    collapses: true,
  },
  export_ready: {
    label: 'Data export ready',
    reason: 'You asked for an export of this business’s data.',
    recipients: [{ kind: 'roles', roles: BUSINESS_ADMIN_ROLES }],
    defaultChannels: ['in_app'],
    critical: false,
    collapses: false,
  },
};

/**
 * The notification kind a ledger event gives, if any. A visit's status change tells only when it
 * reaches "completed"; a reassignment tells the member added and the member removed apart.
 */
export function notificationKindOf(
  type: string,
  payload: Record<string, unknown>,
): NotificationKind | null {
  switch (type) {
    case 'request.created':
      return payload.source === 'request_form' ? 'request_received' : null;
    case 'request.viewed':
      return 'estimate_viewed';
    case 'request.accepted':
      return 'estimate_accepted';
    case 'request.declined':
      return 'estimate_declined';
    case 'invoice.viewed':
      return 'invoice_viewed';
    case 'invoice.paid':
      return 'invoice_paid';
    case 'invoice.overdue':
      return 'invoice_overdue';
    case 'job.created':
      // A visit made with its crew tells them as an assignment does (recipientsOf says who).
      return 'visit_assigned';
    case 'job.reassigned':
      return payload.to ? 'visit_assigned' : payload.from ? 'visit_unassigned' : null;
    case 'job.rescheduled':
      return 'visit_moved';
    case 'job.status_changed':
      return payload.to === 'completed' ? 'visit_completed' : null;
    case 'job.client_reported_problem':
      return 'visit_problem_reported';
    case 'member.joined':
      return 'member_joined';
    case 'time_entry.still_running':
      return 'timer_still_running';
    case 'time_entry.auto_closed':
      return 'timer_auto_closed';
    case 'time_entry.correction_requested':
      return 'correction_requested';
    case 'time_entry.correction_decided':
      return payload.approved ? 'correction_approved' : 'correction_refused';
    case 'inventory_item.low_stock':
      return 'stock_low';
    case 'opportunity.follow_up_due':
      return 'follow_up_due';
    case 'data_export.ready':
      return 'export_ready';
    default:
      return null;
  }
}

/**
 * Who a kind goes to for this event: its rule's recipients, except a visit created with its
 * crew, which tells every assignee (no one was "added": they were there from the start).
 */
export function recipientsOf(kind: NotificationKind, type: string): readonly Recipient[] {
  if (type === 'job.created') return [{ kind: 'assignees' }];
  return NOTIFICATION_RULES[kind].recipients;
}

/**
 * Who may open a subject: the roles that see every record of it, and whether the people tied to
 * the record (a visit's assignees) see it too. The screens' rules, in one place for the ledger:
 * live updates and notifications never reach anyone else.
 */
export const SUBJECT_AUDIENCE: Record<
  LedgerSubject,
  {
    roles: readonly Role[];
    assignees: boolean;
    /** The team member the event is about (its payload's employeeId) and their crew leader see it too. */
    employee?: boolean;
    /** The opportunity's owner sees it too (sales people see their own). */
    owner?: boolean;
  }
> = {
  request: {
    roles: [
      ...BUSINESS_MANAGER_ROLES,
      'sales_person',
      'team_leader',
      'team_member',
      'estimate-free',
    ],
    assignees: false,
  },
  job: { roles: JOB_DISPATCH_ROLES, assignees: true },
  invoice: { roles: [...BUSINESS_MANAGER_ROLES, 'sales_person'], assignees: false },
  member: { roles: TEAM_MANAGEMENT_ROLES, assignees: false },
  webhook: { roles: BUSINESS_ADMIN_ROLES, assignees: false },
  // A person's time is theirs, their crew leader's and their managers'.
  time_entry: { roles: BUSINESS_MANAGER_ROLES, assignees: false, employee: true },
  timesheet: { roles: BUSINESS_MANAGER_ROLES, assignees: false, employee: true },
  // An inspection is its inspector's and the team's managers' (team members see their visits' own).
  inspection: { roles: TEAM_MANAGEMENT_ROLES, assignees: false, employee: true },
  inspection_template: { roles: BUSINESS_MANAGER_ROLES, assignees: false },
  // Spec section 6: /inventory is for admins and managers.
  inventory_item: { roles: BUSINESS_MANAGER_ROLES, assignees: false },
  // Spec section 6: /sales is for admins, managers and sales people; a sales person sees their
  // own (the unowned and the team's too where the business allows, on the screen: the live
  // channel tells only the owner and the managers).
  opportunity: { roles: BUSINESS_MANAGER_ROLES, assignees: false, owner: true },
  // Settings > Data is for admins.
  data_export: { roles: BUSINESS_ADMIN_ROLES, assignees: false },
  // A contact's client-hub links (issue 26): whoever may revoke them (managers and up).
  customer: { roles: BUSINESS_MANAGER_ROLES, assignees: false },
};

/**
 * Whether a channel is on for a kind: the person's choice, else the business's default (set by
 * an admin), else the product's default for the kind. Critical kinds are always in the app.
 */
export function channelEnabled(
  kind: NotificationKind,
  channel: NotificationChannel,
  choices: ReadonlyMap<string, boolean>,
  accountDefaults: ReadonlyMap<string, boolean> = new Map(),
): boolean {
  const rule = NOTIFICATION_RULES[kind];
  if (channel === 'in_app' && rule.critical) return true;
  const key = `${kind}:${channel}`;
  return choices.get(key) ?? accountDefaults.get(key) ?? rule.defaultChannels.includes(channel);
}
