import type { Role } from '@crewdesk/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { customers, salesOpportunities, salesSettings } from '../src/db/schema/index.ts';
import type { AccountActor } from '../src/plugins/permissions.ts';
import * as writes from '../src/modules/sales/sales-writes.service.ts';
import * as sales from '../src/modules/sales/sales.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Leads that came another way than a request: a call, a referral, a walk-in. */
const HAND_LEADS: {
  source: 'cold_call' | 'referral' | 'walk_in' | 'social_media' | 'advertising';
  valueCents: number;
  daysAgo: number;
  /** Where the sales person took it by hand. */
  to: 'new' | 'contacted' | 'lost';
  note: string;
  /** Days from today (negative: passed). */
  followUpIn: number | null;
}[] = [
  {
    source: 'referral',
    valueCents: 48_000,
    daysAgo: 9,
    to: 'contacted',
    note: 'Referred by the Parkers; wants a walk-through first.',
    followUpIn: -2,
  },
  {
    source: 'cold_call',
    valueCents: 120_000,
    daysAgo: 6,
    to: 'contacted',
    note: 'Office park, 3 buildings: asked for a weekly quote.',
    followUpIn: 3,
  },
  {
    source: 'walk_in',
    valueCents: 22_000,
    daysAgo: 2,
    to: 'new',
    note: 'Came by the office about a move-out clean.',
    followUpIn: 1,
  },
  {
    source: 'social_media',
    valueCents: 35_000,
    daysAgo: 12,
    to: 'lost',
    note: 'Found someone cheaper.',
    followUpIn: null,
  },
  {
    source: 'advertising',
    valueCents: 60_000,
    daysAgo: 4,
    to: 'contacted',
    note: 'Saw the flyer; two-storey house, pets.',
    followUpIn: -1,
  },
];

function actorOf(accountId: string, userId: string, role: Role): AccountActor {
  return { userId, accountId, role, email: '', sessionId: 'demo', timeZone: 'America/Chicago' };
}

/**
 * The sales pipeline (issue 22): the demo's requests become opportunities by the pipeline's own
 * first use (the backfill: won, lost, quoted and new ones, with their sources), shared between
 * the demo sales people; then leads from calls, referrals and walk-ins, moved by hand with notes
 * and follow-up dates, some of them overdue. Once per business: a pipeline that exists is kept.
 */
export async function ensureDemoSales(
  db: Db,
  owner: { userId: string; accountId: string },
  sellers: readonly string[],
): Promise<number> {
  const [existing] = await db
    .select({ accountId: salesSettings.accountId })
    .from(salesSettings)
    .where(eq(salesSettings.accountId, owner.accountId));
  if (existing || sellers.length === 0) return 0;
  const { accountId } = owner;
  const boss = actorOf(accountId, owner.userId, 'owner');
  const now = new Date();
  await db.transaction((tx) => sales.ensurePipeline(tx, accountId, now));

  // The backfilled ones: each sales person takes their share (the owner made the requests).
  const made = await db
    .select({ id: salesOpportunities.id, stage: salesOpportunities.stage })
    .from(salesOpportunities)
    .where(eq(salesOpportunities.accountId, accountId))
    .orderBy(asc(salesOpportunities.openedAt), asc(salesOpportunities.id));
  for (const [i, opportunity] of made.entries()) {
    const seller = sellers[i % sellers.length]!;
    // Every fifth new one stays unowned: a lead nobody took yet.
    const ownerUserId = opportunity.stage === 'new' && i % 5 === 0 ? null : seller;
    await writes.update({ db, now: () => now }, boss, opportunity.id, { ownerUserId });
  }
  // Some of the new ones were called: Contacted, by their sales person, days ago.
  const fresh = made.filter((o) => o.stage === 'new');
  for (const [i, opportunity] of fresh.slice(0, Math.ceil(fresh.length / 2)).entries()) {
    const seller = actorOf(accountId, sellers[i % sellers.length]!, 'sales_person');
    const at = new Date(now.getTime() - (1 + i) * DAY_MS);
    await writes.update({ db, now: () => at }, boss, opportunity.id, {
      ownerUserId: seller.userId,
    });
    await writes.move({ db, now: () => at }, seller, opportunity.id, {
      stage: 'contacted',
      note: 'Called back; sending a price this week.',
    });
  }

  // Leads from elsewhere: contacts without any request yet.
  const contacts = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.accountId, accountId),
        isNull(customers.archivedAt),
        sql`not exists (select 1 from ${salesOpportunities} o where o.account_id = ${customers.accountId} and o.customer_id = ${customers.id})`,
      ),
    )
    .orderBy(asc(customers.createdAt))
    .limit(HAND_LEADS.length);
  for (const [i, lead] of HAND_LEADS.entries()) {
    const contact = contacts[i];
    if (!contact) break;
    const seller = actorOf(accountId, sellers[i % sellers.length]!, 'sales_person');
    const opened = new Date(now.getTime() - lead.daysAgo * DAY_MS);
    const followUpOn =
      lead.followUpIn === null
        ? null
        : new Date(now.getTime() + lead.followUpIn * DAY_MS).toISOString().slice(0, 10);
    const card = await writes.create({ db, now: () => opened }, seller, {
      customerId: contact.id,
      source: lead.source,
      valueCents: lead.valueCents,
      followUpOn,
    });
    const movedAt = new Date(opened.getTime() + DAY_MS);
    if (lead.to !== 'new')
      await writes.move({ db, now: () => movedAt }, seller, card.id, {
        stage: lead.to,
        ...(lead.to === 'lost' ? { lostReason: 'Price too high' } : {}),
      });
    await writes.addNote({ db, now: () => movedAt }, seller, card.id, lead.note);
  }
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(salesOpportunities)
    .where(eq(salesOpportunities.accountId, accountId));
  return count?.n ?? 0;
}
