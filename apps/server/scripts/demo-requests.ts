import {
  requestInputSchema,
  type CleaningFrequency,
  type ProposalOptionId,
  type RequestEventKind,
  type RequestInput,
  type RequestStatus,
} from '@crewdesk/domain';
import type { ShareSigner } from '../src/lib/share-links.ts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { customers, requestEvents, requests } from '../src/db/schema/index.ts';
import { insertRequestEvent } from '../src/modules/requests/index.ts';
import * as requestService from '../src/modules/requests/requests.service.ts';

/**
 * The demo business's requests: estimates, quotes and proposals in every status a client can
 * bring about (unopened, sent, viewed, accepted, declined, expired), plus inquiries from the
 * public request form. Priced by the same service as the calculator; the client's side (sent,
 * viewed, answered) is then written as the share page would have written it.
 */
type Kind = 'estimate' | 'quote' | 'proposal';
type Outcome = Exclude<RequestStatus, 'converted'>;

const OUTCOMES: readonly Outcome[] = [
  'unopened',
  'sent',
  'viewed',
  'accepted',
  'declined',
  'expired',
];
const KINDS: readonly Kind[] = ['estimate', 'quote', 'proposal'];
const FREQUENCIES: readonly CleaningFrequency[] = ['one-time', 'weekly', 'bi-weekly', 'monthly'];
const SERVICE_SETS = [
  [],
  ['window-cleaning'],
  ['deep-cleaning', 'appliance-cleaning'],
  ['carpet-cleaning'],
  ['move-in-out'],
  ['window-cleaning', 'carpet-cleaning'],
];
const DECLINE_REASONS = [
  'We found a cleaner closer to us.',
  'The price is above our budget this quarter.',
  'We decided to postpone the move.',
];
const DAY_MS = 24 * 3600 * 1000;

function kindFields(kind: Kind): Pick<RequestInput, 'type' | 'proposal_type'> {
  if (kind === 'estimate') return { type: 'estimate', proposal_type: null };
  if (kind === 'quote') return { type: 'quote', proposal_type: false };
  return { type: 'quote', proposal_type: 'options' };
}

async function addEvent(
  db: Db,
  accountId: string,
  requestId: string,
  kind: RequestEventKind,
  at: Date,
  detail: Record<string, unknown> | null = null,
) {
  // Through the requests module, so the ledger (and so the team's notifications) has it too.
  await insertRequestEvent(db, { accountId, requestId, kind, detail, createdAt: at });
}

/** Moves a freshly priced request back in time and through what its client did. */
async function playOutcome(
  db: Db,
  accountId: string,
  request: { id: string; client: string; clientEmail: string | null; options: unknown },
  outcome: Outcome,
  index: number,
) {
  // Expired ones were made 35–40 days ago; the others within the last three weeks.
  const ageDays = outcome === 'expired' ? 35 + index : 2 + ((index * 3) % 20);
  const createdAt = new Date(Date.now() - ageDays * DAY_MS);
  const sentAt = new Date(createdAt.getTime() + 2 * 3600 * 1000);
  const viewedAt = new Date(sentAt.getTime() + 20 * 3600 * 1000);
  const answeredAt = new Date(viewedAt.getTime() + 3 * 3600 * 1000);
  const columns: Partial<typeof requests.$inferInsert> = {
    createdAt,
    updatedAt: createdAt,
    date: createdAt.toISOString().slice(0, 10),
    expiresAt: new Date(createdAt.getTime() + 30 * DAY_MS),
    status: outcome === 'expired' ? 'sent' : outcome,
  };
  await db.update(requestEvents).set({ createdAt }).where(eq(requestEvents.requestId, request.id));
  if (outcome !== 'unopened') {
    Object.assign(columns, { emailSent: true, sharedAt: sentAt });
    await addEvent(db, accountId, request.id, 'sent', sentAt, { to: request.clientEmail });
  }
  if (outcome === 'viewed' || outcome === 'accepted' || outcome === 'declined') {
    columns.viewedAt = viewedAt;
    await addEvent(db, accountId, request.id, 'viewed', viewedAt);
  }
  if (outcome === 'accepted') {
    const options = request.options as { id: ProposalOptionId; priceCents: number }[] | null;
    const chosen = options?.[index % options.length] ?? null;
    Object.assign(columns, {
      acceptedAt: answeredAt,
      acceptedName: request.client,
      acceptedIp: '203.0.113.24',
      acceptedUserAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1',
      acceptedOption: chosen?.id ?? null,
      ...(chosen ? { amountCents: chosen.priceCents } : {}),
    });
    await addEvent(db, accountId, request.id, 'accepted', answeredAt, {
      name: request.client,
      ...(chosen ? { optionId: chosen.id } : {}),
    });
  }
  if (outcome === 'declined') {
    const reason = DECLINE_REASONS[index % DECLINE_REASONS.length]!;
    Object.assign(columns, { declinedAt: answeredAt, declinedReason: reason });
    await addEvent(db, accountId, request.id, 'declined', answeredAt, { reason });
  }
  await db.update(requests).set(columns).where(eq(requests.id, request.id));
}

/** Adds the demo requests unless the business already has requests; returns how many. */
export async function ensureDemoRequests(
  db: Db,
  owner: { userId: string; accountId: string },
  shares: ShareSigner,
): Promise<number> {
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(requests)
    .where(eq(requests.accountId, owner.accountId));
  if (count > 0) return 0;
  const clients = await db
    .select()
    .from(customers)
    .where(and(eq(customers.accountId, owner.accountId)))
    .orderBy(asc(customers.createdAt))
    .limit(40);
  const actor = { ...owner, role: 'owner' as const, timeZone: 'America/Chicago' };
  let made = 0;
  for (const [k, kind] of KINDS.entries()) {
    for (const [o, outcome] of OUTCOMES.entries()) {
      const index = k * OUTCOMES.length + o;
      const client = clients[index % Math.max(clients.length, 1)];
      const clientName = client ? `${client.firstName} ${client.lastName}` : `Demo client ${index}`;
      const commercial = client?.customerType === 'commercial';
      const input = requestInputSchema.parse({
        ...kindFields(kind),
        propertyType: commercial ? 'commercial' : 'residential',
        squareFootage: 800 + ((index * 700) % 5200),
        numberOfRooms: commercial ? 4 + (index % 6) : 1 + (index % 4),
        numberOfBathrooms: 1 + (index % 3),
        frequency: FREQUENCIES[index % FREQUENCIES.length],
        additionalServices: SERVICE_SETS[index % SERVICE_SETS.length],
        specificAreas: commercial ? ['offices', 'restrooms', 'lobby'] : ['kitchen', 'bathrooms'],
        condition: index % 2 === 0 ? 'regular' : 'first_time',
        accessibility: index % 3 === 0 ? ['stairs'] : [],
        clientPreferences: index % 4 === 0 ? ['eco_friendly', 'pet_safe'] : [],
        timeConstraints: { startTime: '9:00 AM', endTime: '12:00 PM' },
        clientName,
        email: client?.email ?? '',
        phone: client?.phone ?? '',
        customer_id: client?.id ?? null,
      });
      const created = await requestService.createRequest(db, actor, input, new Date(), shares);
      await playOutcome(db, owner.accountId, created, outcome, index);
      made++;
    }
  }
  made += await addInquiries(db, owner.accountId, clients.slice(-2));
  return made;
}

/** Two requests from the public form, waiting for a price. */
async function addInquiries(
  db: Db,
  accountId: string,
  clients: (typeof customers.$inferSelect)[],
): Promise<number> {
  const wanted = [
    { service: 'Window Cleaning', message: 'Second-floor windows, ideally on a Friday.' },
    {
      service: 'Move In/Out Cleaning',
      message: 'Moving out on the 30th; need the keys back clean.',
    },
  ];
  let made = 0;
  for (const [i, client] of clients.entries()) {
    const ask = wanted[i]!;
    const createdAt = new Date(Date.now() - (i + 1) * 5 * 3600 * 1000);
    const [row] = await db
      .insert(requests)
      .values({
        accountId,
        customerId: client.id,
        title: `Request: ${ask.service}`,
        description: ask.message,
        client: `${client.firstName} ${client.lastName}`,
        clientEmail: client.email,
        clientPhone: client.phone,
        amountCents: 0,
        date: createdAt.toISOString().slice(0, 10),
        type: 'inquiry',
        source: 'request_form',
        details: { propertyType: client.customerType ?? 'residential', service: ask.service },
        expiresAt: new Date(createdAt.getTime() + 30 * DAY_MS),
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: requests.id });
    if (row)
      await addEvent(db, accountId, row.id, 'created', createdAt, { source: 'request_form' });
    made++;
  }
  return made;
}
