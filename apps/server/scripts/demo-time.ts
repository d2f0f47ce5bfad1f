import {
  addDaysToDate,
  DEFAULT_TIME_SETTINGS,
  requestInputSchema,
  instantOfLocal,
  localDateOf,
  weekStartOf,
} from '@crewdesk/domain';
import type { ShareSigner } from '../src/lib/share-links.ts';
import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../src/db/client.ts';
import { createRequest } from '../src/modules/requests/requests.service.ts';
import {
  customers,
  employees,
  jobAssignees,
  jobs,
  requests,
  timeEntries,
  timeEntryChanges,
  timesheets,
} from '../src/db/schema/index.ts';

const TIME_ZONE = 'America/Chicago';
/** Hourly rates (cents) for the demo's people who have none yet. */
const RATES = [2400, 2200, 2000, 1900, 2100, 2300];

interface DemoWorker {
  id: string;
  userId: string | null;
  payRateCents: number | null;
}

/**
 * A month of time for the demo team (issue 19): each active team member's weekdays of the last
 * four weeks as shifts with a lunch break, their completed visits timed inside them (some longer
 * or shorter than planned), an entry a manager moved with a reason, the oldest week paid, the
 * next approved, and the owner clocked in today. Done once: any time entry of the business
 * means it is there.
 */
export async function ensureDemoTime(
  db: Db,
  owner: { accountId: string; userId: string },
): Promise<number> {
  const { accountId } = owner;
  const [existing] = await db
    .select({ id: timeEntries.id })
    .from(timeEntries)
    .where(eq(timeEntries.accountId, accountId))
    .limit(1);
  if (existing) return 0;
  const now = new Date();
  const today = localDateOf(now, TIME_ZONE);
  const thisWeek = weekStartOf(today, DEFAULT_TIME_SETTINGS.weekStartsOn);
  const firstWeek = addDaysToDate(thisWeek, -28);
  return db.transaction(async (tx) => {
    const workers = await activeWorkers(tx, accountId);
    let count = 0;
    for (const [index, worker] of workers.entries()) {
      const rate = worker.payRateCents ?? RATES[index % RATES.length]!;
      if (worker.payRateCents === null) {
        await tx.update(employees).set({ payRateCents: rate }).where(eq(employees.id, worker.id));
      }
      count += await monthOf(tx, { accountId, worker, rate, from: firstWeek, until: today, index });
    }
    for (const worker of workers) {
      await tx.insert(timesheets).values([
        {
          accountId,
          employeeId: worker.id,
          weekStart: firstWeek,
          status: 'paid',
          submittedAt: now,
          approvedAt: now,
          approvedBy: owner.userId,
          paidAt: now,
        },
        {
          accountId,
          employeeId: worker.id,
          weekStart: addDaysToDate(firstWeek, 7),
          status: 'approved',
          submittedAt: now,
          approvedAt: now,
          approvedBy: owner.userId,
        },
        {
          accountId,
          employeeId: worker.id,
          weekStart: addDaysToDate(firstWeek, 14),
          status: 'submitted',
          submittedAt: now,
        },
      ]);
    }
    count += await editedEntry(tx, owner, addDaysToDate(firstWeek, 21));
    count += await ownerOnShift(tx, owner, now);
    return count;
  });
}

async function activeWorkers(tx: Tx, accountId: string): Promise<DemoWorker[]> {
  return tx
    .select({ id: employees.id, userId: employees.userId, payRateCents: employees.payRateCents })
    .from(employees)
    .where(and(eq(employees.accountId, accountId), eq(employees.employmentStatus, 'active')))
    .orderBy(asc(employees.firstName));
}

const at = (date: string, time: string) => instantOfLocal(`${date}T${time}:00`, TIME_ZONE);

/** Weekdays from `from` to the day before `until`: a shift, a lunch break, the day's visits. */
async function monthOf(
  tx: Tx,
  input: {
    accountId: string;
    worker: DemoWorker;
    rate: number;
    from: string;
    until: string;
    index: number;
  },
): Promise<number> {
  const { accountId, worker, rate } = input;
  const base = {
    accountId,
    employeeId: worker.id,
    timeZone: TIME_ZONE,
    costRateCents: rate,
    createdBy: worker.userId,
  };
  let count = 0;
  for (let day = input.from, n = 0; day < input.until; day = addDaysToDate(day, 1), n += 1) {
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    // A start between 7:30 and 8:15 and a long Friday every other week: some overtime.
    const start = ['07:30', '07:45', '08:00', '08:15'][(n + input.index) % 4]!;
    const end = weekday === 5 && (n + input.index) % 2 === 0 ? '19:00' : '16:30';
    const source = input.index % 2 === 0 ? 'app' : 'web';
    await tx.insert(timeEntries).values([
      {
        ...base,
        kind: 'shift',
        startedAt: at(day, start),
        endedAt: at(day, end),
        workDate: day,
        source,
      },
      {
        ...base,
        kind: 'break',
        startedAt: at(day, '12:00'),
        endedAt: at(day, '12:30'),
        workDate: day,
        source,
      },
    ]);
    count += 2 + (await visitsOf(tx, { ...input, base, day, source }));
  }
  return count;
}

/** The worker's completed visits of the day, timed: actual time off the plan by -20 % to +35 %. */
async function visitsOf(
  tx: Tx,
  input: {
    accountId: string;
    worker: DemoWorker;
    base: Omit<typeof timeEntries.$inferInsert, 'kind' | 'startedAt' | 'workDate' | 'source'>;
    day: string;
    source: 'app' | 'web';
  },
): Promise<number> {
  const visits = await tx
    .select({ id: jobs.id, startsAt: jobs.startsAt, durationMinutes: jobs.durationMinutes })
    .from(jobs)
    .innerJoin(jobAssignees, eq(jobAssignees.jobId, jobs.id))
    .where(
      and(
        eq(jobs.accountId, input.accountId),
        eq(jobAssignees.employeeId, input.worker.id),
        eq(jobs.status, 'completed'),
        isNotNull(jobs.startsAt),
        lt(jobs.startsAt, at(addDaysToDate(input.day, 1), '00:00')),
      ),
    )
    .orderBy(asc(jobs.startsAt));
  const today = visits.filter(
    (v) => v.startsAt && localDateOf(v.startsAt, TIME_ZONE) === input.day,
  );
  let count = 0;
  let cursor = at(input.day, '08:30').getTime();
  for (const [i, visit] of today.entries()) {
    const planned = visit.durationMinutes ?? 120;
    const actual = Math.round(planned * [0.8, 1.15, 1.35, 0.95][i % 4]!);
    const start = Math.max(cursor, visit.startsAt!.getTime());
    const end = start + actual * 60_000;
    // Visits stay inside the shift and out of the lunch break.
    if (end > at(input.day, '16:30').getTime()) break;
    if (start < at(input.day, '12:30').getTime() && end > at(input.day, '12:00').getTime())
      continue;
    await tx.insert(timeEntries).values({
      ...input.base,
      kind: 'visit',
      jobId: visit.id,
      startedAt: new Date(start),
      endedAt: new Date(end),
      workDate: input.day,
      source: input.source,
    });
    cursor = end;
    count += 1;
  }
  return count;
}

/** Last week's first shift of the first worker, moved by a manager with a reason. */
async function editedEntry(tx: Tx, owner: { accountId: string; userId: string }, monday: string) {
  const [shift] = await tx
    .select()
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.accountId, owner.accountId),
        eq(timeEntries.kind, 'shift'),
        eq(timeEntries.workDate, monday),
      ),
    )
    .limit(1);
  if (!shift) return 0;
  const startedAt = at(monday, '07:00');
  await tx.update(timeEntries).set({ startedAt, edited: true }).where(eq(timeEntries.id, shift.id));
  await tx.insert(timeEntryChanges).values({
    accountId: owner.accountId,
    entryId: shift.id,
    changedBy: owner.userId,
    reason: 'Loaded the van before clocking in',
    before: {
      startedAt: shift.startedAt.toISOString(),
      endedAt: shift.endedAt?.toISOString() ?? null,
    },
    after: { startedAt: startedAt.toISOString(), endedAt: shift.endedAt?.toISOString() ?? null },
  });
  return 1;
}

/** The owner clocked in this morning: the running timer shows when they sign in. */
async function ownerOnShift(tx: Tx, owner: { accountId: string; userId: string }, now: Date) {
  const [employee] = await tx
    .select({ id: employees.id, payRateCents: employees.payRateCents })
    .from(employees)
    .where(and(eq(employees.accountId, owner.accountId), eq(employees.userId, owner.userId)));
  if (!employee) return 0;
  // Two hours ago: well inside the forgotten-punch limit, so the hourly sweep leaves it running.
  // The month above holds weekday shifts only up to yesterday, and ends them by 7 PM.
  const startedAt = new Date(now.getTime() - 2 * 3_600_000);
  await tx.insert(timeEntries).values({
    accountId: owner.accountId,
    employeeId: employee.id,
    kind: 'shift',
    startedAt,
    workDate: localDateOf(startedAt, TIME_ZONE),
    timeZone: TIME_ZONE,
    source: 'web',
    costRateCents: employee.payRateCents,
    createdBy: owner.userId,
  });
  return 1;
}

/** The demo's crew: the team leader leads the team member and two cleaners without a login. */
const CREW = { leader: 'Hannah', members: ['Tom', 'Rosa', 'Kwame'] };

/** Puts the crew together once (those already in a crew keep theirs); how many joined. */
export async function ensureDemoCrew(db: Db, accountId: string): Promise<number> {
  const [leader] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.accountId, accountId), eq(employees.firstName, CREW.leader)));
  if (!leader) return 0;
  const joined = await db
    .update(employees)
    .set({ crewLeaderId: leader.id })
    .where(
      and(
        eq(employees.accountId, accountId),
        inArray(employees.firstName, CREW.members),
        isNull(employees.crewLeaderId),
      ),
    )
    .returning({ id: employees.id });
  return joined.length;
}

/** The demo's priced home: every estimate of the similar-visits demo is this house size. */
const SIMILAR_HOME = {
  propertyType: 'residential',
  squareFootage: 1000,
  numberOfRooms: 1,
  numberOfBathrooms: 1,
  frequency: 'one-time',
  additionalServices: [],
} as const;
const SIMILAR_VISITS = 6;
/** Marks the demo's priced visits' estimates (and makes the step run once). */
const SIMILAR_HOME_NOTE = 'Home clean, 1,000 sq ft: priced with the calculator before the visit.';

/**
 * Six timed, completed visits priced through the calculator (a residential 1,000 sq ft clean),
 * so the calculator shows what similar visits took (issue 19) for homes of that size band.
 * Once: any visit already made from a request means it is there.
 */
export async function ensureDemoSimilarVisits(
  db: Db,
  owner: { accountId: string; userId: string },
  shares: ShareSigner,
): Promise<number> {
  const { accountId } = owner;
  const [made] = await db
    .select({ id: requests.id })
    .from(requests)
    .where(and(eq(requests.accountId, accountId), eq(requests.description, SIMILAR_HOME_NOTE)))
    .limit(1);
  if (made) return 0;
  const timed = await db
    .select({
      id: jobs.id,
      customerId: jobs.customerId,
      firstName: customers.firstName,
      lastName: customers.lastName,
    })
    .from(jobs)
    .innerJoin(timeEntries, eq(timeEntries.jobId, jobs.id))
    .innerJoin(customers, eq(customers.id, jobs.customerId))
    .where(
      and(
        eq(jobs.accountId, accountId),
        eq(jobs.status, 'completed'),
        eq(timeEntries.kind, 'visit'),
        isNull(jobs.requestId),
      ),
    )
    .groupBy(jobs.id, customers.id)
    // The longest timed visits: whole-home cleans, the kind this estimate prices.
    .orderBy(sql`sum(${timeEntries.endedAt} - ${timeEntries.startedAt}) desc`)
    .limit(SIMILAR_VISITS);
  const actor = { ...owner, role: 'owner' as const, timeZone: TIME_ZONE };
  for (const visit of timed) {
    const input = requestInputSchema.parse({
      ...SIMILAR_HOME,
      type: 'estimate',
      description: SIMILAR_HOME_NOTE,
      clientName: `${visit.firstName} ${visit.lastName}`.trim(),
      customer_id: visit.customerId,
    });
    const request = await createRequest(db, actor, input, new Date(), shares);
    await db.update(jobs).set({ requestId: request.id }).where(eq(jobs.id, visit.id));
  }
  return timed.length;
}
