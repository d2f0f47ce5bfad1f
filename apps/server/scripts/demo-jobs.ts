import {
  addDaysToDate,
  addressLine,
  jobInputSchema,
  localDateOf,
  type JobFrequency,
  type JobStatus,
  type JobType,
} from '@crewdesk/domain';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { customers, jobs, requests } from '../src/db/schema/index.ts';
import { scheduleJobFromRequest } from '../src/modules/jobs/job-from-request.ts';
import { accountTimeZone } from '../src/modules/business-profile/index.ts';
import * as jobService from '../src/modules/jobs/jobs.service.ts';

/**
 * The demo business's month of work: recurring cleanings (weekly, bi-weekly, monthly) and
 * one-time visits from ten days ago to three weeks ahead across the team, the past ones done,
 * today's under way, a few waiting to be planned, a job scheduled from an accepted quote, and
 * the office's tasks. Saved through the same use cases as the job dialog.
 */
const SLOTS = ['08:00', '09:30', '11:00', '13:00', '14:30', '16:00'];
const TITLES: Record<JobType, string[]> = {
  cleaning: [
    'Standard cleaning',
    'Deep cleaning',
    'Move-out cleaning',
    'Office cleaning',
    'Window cleaning',
  ],
  inspection: ['Move-in inspection', 'Quarterly site inspection', 'Pre-lease inspection'],
  maintenance: ['HVAC filter change', 'Gutter clearing', 'Carpet shampoo', 'Pressure washing'],
};
const TYPES: JobType[] = ['cleaning', 'cleaning', 'cleaning', 'inspection', 'maintenance'];
const CHECKLISTS: Record<JobType, string[]> = {
  cleaning: [
    'Kitchen surfaces and appliances',
    'Bathrooms',
    'Vacuum and mop floors',
    'Empty trash',
  ],
  inspection: ['Smoke detectors', 'Plumbing leaks', 'Doors and locks', 'Photos of each room'],
  maintenance: ['Shut off power or water first', 'Replace parts', 'Test and clean up'],
};
const SERIES: {
  frequency: Exclude<JobFrequency, 'one-time'>;
  title: string;
  day: number;
  slot: string;
}[] = [
  { frequency: 'weekly', title: 'Weekly office cleaning', day: 1, slot: '08:00' },
  { frequency: 'weekly', title: 'Weekly home cleaning', day: 3, slot: '13:00' },
  { frequency: 'bi-weekly', title: 'Bi-weekly home cleaning', day: 2, slot: '09:30' },
  { frequency: 'bi-weekly', title: 'Bi-weekly clinic cleaning', day: 4, slot: '16:00' },
  { frequency: 'monthly', title: 'Monthly deep cleaning', day: 5, slot: '11:00' },
];

type Client = typeof customers.$inferSelect;

function addressOf(c: Client): string {
  return addressLine(c);
}

function body(client: Client, fields: Record<string, unknown>) {
  return jobInputSchema.parse({
    customerId: client.id,
    location: addressOf(client) || 'Austin, TX',
    latitude: client.latitude,
    longitude: client.longitude,
    ...fields,
  });
}

/** What a visit's day says its status is: done before today, under way this morning. */
function statusFor(date: string, today: string, slot: string, index: number): JobStatus {
  if (date < today) return index % 11 === 0 ? 'cancelled' : 'completed';
  if (date === today && slot <= '09:30') return 'in_progress';
  return 'scheduled';
}

async function markDone(db: Db, accountId: string, id: string, status: JobStatus, startsAt: Date) {
  if (status === 'scheduled') return;
  const started = new Date(startsAt.getTime() + 5 * 60_000);
  await db
    .update(jobs)
    .set({
      status,
      onTheWayAt: status === 'cancelled' ? null : new Date(startsAt.getTime() - 20 * 60_000),
      startedAt: status === 'cancelled' ? null : started,
      completedAt: status === 'completed' ? new Date(started.getTime() + 100 * 60_000) : null,
      cancelledAt: status === 'cancelled' ? startsAt : null,
    })
    .where(and(eq(jobs.accountId, accountId), eq(jobs.id, id)));
}

export async function ensureDemoJobs(
  db: Db,
  owner: { userId: string; accountId: string },
  employeeIds: readonly string[],
): Promise<number> {
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(jobs)
    .where(eq(jobs.accountId, owner.accountId));
  if (count > 0 || employeeIds.length === 0) return 0;
  const timeZone = await accountTimeZone(db, owner.accountId);
  const actor = { ...owner, role: 'owner' as const, email: '', sessionId: '', timeZone };
  const now = new Date();
  const today = localDateOf(now, timeZone);
  const clients = await db
    .select()
    .from(customers)
    .where(and(eq(customers.accountId, owner.accountId), isNotNull(customers.latitude)))
    .orderBy(asc(customers.createdAt))
    .limit(80);
  if (clients.length === 0) return 0;
  const client = (i: number) => clients[i % clients.length] as Client;
  const member = (i: number) => employeeIds[i % employeeIds.length] as string;

  for (const [i, s] of SERIES.entries()) {
    // This week's weekday `s.day` (Monday = 1), or next week's if it has passed.
    const weekday = new Date(`${today}T12:00:00Z`).getUTCDay() || 7;
    const first = addDaysToDate(today, (s.day - weekday + 7) % 7);
    await jobService.createJob(
      db,
      actor,
      body(client(i), {
        title: s.title,
        frequency: s.frequency,
        startsAt: `${first}T${s.slot}:00`,
        assigneeIds: [member(i)],
        priceCents: s.frequency === 'monthly' ? 32000 : 14500,
        checklist: CHECKLISTS.cleaning,
        notes: 'Key in the lockbox; code from the office.',
      }),
      now,
    );
  }

  let index = 0;
  for (let day = -10; day <= 20; day++) {
    const date = addDaysToDate(today, day);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() === 0) continue; // closed on Sundays
    for (let n = 0; n < 2; n++, index++) {
      const type = TYPES[index % TYPES.length] as JobType;
      const slot = SLOTS[(index * 7) % SLOTS.length] as string;
      const titles = TITLES[type];
      const job = await jobService.createJob(
        db,
        actor,
        body(client(index + 5), {
          title: titles[index % titles.length],
          type,
          startsAt: `${date}T${slot}:00`,
          durationMinutes: type === 'inspection' ? 60 : 120,
          assigneeIds: [member(index + n)],
          priceCents: 9000 + (index % 9) * 2500,
          checklist: CHECKLISTS[type],
        }),
        now,
      );
      await markDone(
        db,
        owner.accountId,
        job.id,
        statusFor(date, today, slot, index),
        new Date(job.startsAt as string),
      );
    }
  }

  for (const [i, title] of ['Carpet shampoo (date to agree)', 'Post-renovation cleaning'].entries())
    await jobService.createJob(
      db,
      actor,
      body(client(60 + i), { title, startsAt: null, priceCents: 26000 }),
      now,
    );
  for (const title of [
    'Order microfiber cloths and mop heads',
    'Renew the commercial insurance certificate',
  ])
    await jobService.createJob(
      db,
      actor,
      jobInputSchema.parse({
        kind: 'task',
        title,
        startsAt: `${addDaysToDate(today, 2)}T09:00:00`,
      }),
      now,
    );

  const [accepted] = await db
    .select({ id: requests.id })
    .from(requests)
    .where(and(eq(requests.accountId, owner.accountId), eq(requests.status, 'accepted')))
    .orderBy(asc(requests.createdAt))
    .limit(1);
  if (accepted) await scheduleJobFromRequest(db, actor, accepted.id, now);

  const [{ made } = { made: 0 }] = await db
    .select({ made: sql<number>`count(*)::int` })
    .from(jobs)
    .where(eq(jobs.accountId, owner.accountId));
  return made;
}
