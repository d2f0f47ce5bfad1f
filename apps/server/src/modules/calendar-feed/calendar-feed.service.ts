import { randomBytes } from 'node:crypto';
import {
  isRoleAllowed,
  JOB_STATUS_LABELS,
  JOBS_ROUTE_ROLES,
  mapMemberRole,
  type CalendarFeed,
} from '@crewdesk/domain';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { visitsInTimeOrder } from '../jobs/index.ts';
import * as repo from './calendar-feed.repo.ts';
import { calendarText, type CalendarEvent } from './ical.ts';

/** The feed covers the recent past and the coming half year. */
const FEED_DAYS_BACK = 30;
const FEED_DAYS_AHEAD = 180;

export function feedUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/public/calendar/${token}.ics`;
}

export async function getFeed(
  db: Db,
  actor: AccountActor,
  publicUrl: string,
): Promise<CalendarFeed> {
  const token = await repo.findFeedToken(db, actor.accountId, actor.userId);
  return { url: token ? feedUrl(publicUrl, token) : null };
}

/** A new secret URL; the previous one stops working at once. */
export async function resetFeed(
  db: Db,
  actor: AccountActor,
  publicUrl: string,
): Promise<CalendarFeed> {
  const token = randomBytes(24).toString('base64url');
  await repo.upsertFeedToken(db, actor.accountId, actor.userId, token);
  return { url: feedUrl(publicUrl, token) };
}

export async function revokeFeed(db: Db, actor: AccountActor): Promise<CalendarFeed> {
  await repo.deleteFeed(db, actor.accountId, actor.userId);
  return { url: null };
}

/**
 * The feed of a token: the member's visits (assigned to them) from a month ago to half a year
 * ahead. A token of someone who left the business, was deactivated in it, or whose role no
 * longer sees the schedule, answers 404 like an unknown one.
 */
export async function feedCalendar(
  db: Db,
  token: string,
  publicUrl: string,
  now: Date,
): Promise<string> {
  const feed = await repo.findFeedByToken(db, token);
  if (!feed || !isRoleAllowed(mapMemberRole(feed.role), feed.accountId, JOBS_ROUTE_ROLES))
    throw notFound('Calendar');
  const from = new Date(now.getTime() - FEED_DAYS_BACK * 86_400_000);
  const to = new Date(now.getTime() + FEED_DAYS_AHEAD * 86_400_000);
  const visits = await visitsInTimeOrder(
    db,
    feed.accountId,
    { startsFrom: from, startsBefore: to, assignedToUserId: feed.userId },
    5000,
  );
  const base = publicUrl.replace(/\/+$/, '');
  const events: CalendarEvent[] = visits.map(({ job, customerName, customerPhone }) => ({
    uid: `${job.id}@crewdesk`,
    start: job.startsAt as Date,
    end: new Date((job.startsAt as Date).getTime() + job.durationMinutes * 60_000),
    summary: customerName ? `${job.title} — ${customerName}` : job.title,
    location: job.location || undefined,
    description: [
      `Status: ${JOB_STATUS_LABELS[job.status]}`,
      customerName ? `Client: ${customerName}` : null,
      customerPhone ? `Phone: ${customerPhone}` : null,
    ]
      .filter(Boolean)
      .join('\n'),
    url: `${base}/jobs/${job.id}`,
    status: job.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
    lastModified: job.updatedAt,
  }));
  return calendarText(`${feed.accountName} — my visits`, events, now);
}
