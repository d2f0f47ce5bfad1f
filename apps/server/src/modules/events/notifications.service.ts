import {
  channelEnabled,
  CRITICAL_IN_APP_MESSAGE,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_RULES,
  notificationPath,
  type LedgerSubject,
  type NotificationChannel,
  type NotificationDefaults,
  type NotificationKind,
  type NotificationPage,
  type NotificationPreferences,
  type NotificationSettings,
} from '@crewdesk/domain';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import * as repo from './events.repo.ts';

/** The badge counts this many at most ("99+"): a count never reads a whole backlog. */
export const UNREAD_COUNT_CAP = 100;

/** Where several of a kind lead: the list they belong to. */
const LIST_PATHS: Record<LedgerSubject, string> = {
  request: '/quotes',
  job: '/schedule',
  invoice: '/invoices',
  member: '/team',
  webhook: '/settings?section=integrations',
  time_entry: '/time-tracking',
  timesheet: '/time-tracking',
  inspection: '/inspections',
  inspection_template: '/settings?section=inspections',
  inventory_item: '/inventory?low=true',
  opportunity: '/sales?overdue=true',
  data_export: '/settings?section=data',
  customer: '/customers',
};

function toNotification(row: repo.NotificationRow) {
  const kind = row.kind as NotificationKind;
  const subject = row.subject as LedgerSubject;
  return {
    id: row.id,
    kind,
    title: row.title,
    reason: NOTIFICATION_RULES[kind].reason,
    // A visit taken off someone's schedule is no longer theirs to open: the schedule is.
    path:
      row.count > 1 || kind === 'visit_unassigned'
        ? LIST_PATHS[subject]
        : notificationPath(subject, row.subjectId),
    count: row.count,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.updatedAt.toISOString(),
  };
}

export async function listNotifications(
  db: Db,
  actor: AccountActor,
  query: { filter: 'all' | 'unread'; kind?: NotificationKind; cursor?: string; limit: number },
): Promise<NotificationPage> {
  const after = query.cursor
    ? await repo.findNotification(db, actor.accountId, actor.userId, query.cursor)
    : undefined;
  if (query.cursor && !after) throw notFound('Notification');
  const rows = await repo.listNotifications(db, actor.accountId, actor.userId, {
    unreadOnly: query.filter === 'unread',
    kind: query.kind,
    after: after ? { updatedAt: after.updatedAt, id: after.id } : undefined,
    limit: query.limit + 1,
    unreadCountCap: UNREAD_COUNT_CAP,
  });
  const page = rows.slice(0, query.limit);
  return {
    items: page.map(toNotification),
    nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
    // The page's rows carry the count. An empty first page of every kind has none unread;
    // only an empty page after a cursor, or of one kind, asks for it on its own.
    unread: rows[0]?.unread ?? (query.cursor || query.kind ? await unreadCount(db, actor) : 0),
  };
}

export function unreadCount(db: Db, actor: AccountActor) {
  return repo.countUnread(db, actor.accountId, actor.userId, UNREAD_COUNT_CAP);
}

/** Marks the person's own notifications read; an id of anyone else's is a 404, like a missing one. */
export async function markRead(db: Db, actor: AccountActor, ids: readonly string[], now: Date) {
  return db.transaction(async (tx) => {
    for (const id of new Set(ids))
      if (!(await repo.findNotification(tx, actor.accountId, actor.userId, id)))
        throw notFound('Notification');
    return repo.markRead(tx, actor.accountId, actor.userId, ids, now);
  });
}

export function markAllRead(db: Db, actor: AccountActor, now: Date) {
  return repo.markRead(db, actor.accountId, actor.userId, 'all', now);
}

/** Which channels this install can use: text messages need a gateway, push the VAPID keys. */
export function availableChannels(options: {
  sms: boolean;
  push: boolean;
}): Set<NotificationChannel> {
  return new Set<NotificationChannel>([
    'in_app',
    'email',
    ...(options.sms ? (['sms'] as const) : []),
    ...(options.push ? (['push'] as const) : []),
  ]);
}

function grid(
  available: ReadonlySet<NotificationChannel>,
  enabled: (kind: NotificationKind, channel: NotificationChannel) => boolean,
) {
  return NOTIFICATION_KINDS.flatMap((kind) =>
    NOTIFICATION_CHANNELS.map((channel) => ({
      kind,
      channel,
      enabled: available.has(channel) && enabled(kind, channel),
      critical: channel === 'in_app' && NOTIFICATION_RULES[kind].critical,
      available: available.has(channel),
    })),
  );
}

export async function notificationSettings(
  db: Db,
  actor: AccountActor,
  available: ReadonlySet<NotificationChannel>,
): Promise<NotificationSettings> {
  const choices =
    (await repo.preferencesOf(db, actor.accountId, [actor.userId])).get(actor.userId) ??
    new Map<string, boolean>();
  const defaults = await repo.accountDefaultsOf(db, actor.accountId);
  const digest = await repo.digestUsers(db, actor.accountId, [actor.userId]);
  return {
    effective: grid(available, (kind, channel) => channelEnabled(kind, channel, choices, defaults)),
    dailyDigest: digest.has(actor.userId),
  };
}

/** The business's defaults as they apply to a member who chose nothing (admins set them). */
export async function accountDefaults(
  db: Db,
  actor: AccountActor,
  available: ReadonlySet<NotificationChannel>,
): Promise<NotificationSettings> {
  const defaults = await repo.accountDefaultsOf(db, actor.accountId);
  return {
    effective: grid(available, (kind, channel) =>
      channelEnabled(kind, channel, new Map(), defaults),
    ),
    dailyDigest: false,
  };
}

function refuseBadGrid(preferences: NotificationPreferences['preferences']) {
  const seen = new Set<string>();
  for (const p of preferences) {
    if (p.channel === 'in_app' && !p.enabled && NOTIFICATION_RULES[p.kind].critical)
      throw new AppError('BAD_REQUEST', CRITICAL_IN_APP_MESSAGE);
    const key = `${p.kind}:${p.channel}`;
    if (seen.has(key)) throw new AppError('BAD_REQUEST', 'Each kind and channel may be set once.');
    seen.add(key);
  }
}

export async function saveAccountDefaults(
  db: Db,
  actor: AccountActor,
  input: NotificationDefaults,
  available: ReadonlySet<NotificationChannel>,
): Promise<NotificationSettings> {
  refuseBadGrid(input.preferences);
  await db.transaction((tx) => repo.saveAccountDefaults(tx, actor.accountId, input.preferences));
  return accountDefaults(db, actor, available);
}

export async function saveNotificationSettings(
  db: Db,
  actor: AccountActor,
  input: NotificationPreferences,
  available: ReadonlySet<NotificationChannel>,
): Promise<NotificationSettings> {
  refuseBadGrid(input.preferences);
  await db.transaction((tx) => repo.savePreferences(tx, actor.accountId, actor.userId, input));
  return notificationSettings(db, actor, available);
}
