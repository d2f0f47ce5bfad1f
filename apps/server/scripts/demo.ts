import {
  businessSlug,
  employeeSchema,
  invitationSchema,
  mapMemberRole,
  ROLE_LABELS,
  type AssignableRole,
  type EmployeeInput,
  type Role,
} from '@crewdesk/domain';
import { shareSigner } from '../src/lib/share-links.ts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { accountMembers, customers, users } from '../src/db/schema/index.ts';
import { listBusinessAccounts } from '../src/modules/accounts/accounts.service.ts';
import { addMember, createUserWithPassword } from '../src/modules/identity/index.ts';
import { upsertDetails } from '../src/modules/business-profile/business-profile.repo.ts';
import { invitationLink } from '../src/modules/team/invitation-mail.ts';
import * as invitations from '../src/modules/team/invitations.service.ts';
import * as teamService from '../src/modules/team/team.service.ts';
import type { Auth } from '../src/modules/identity/index.ts';
import { DEMO_CONTACT_COUNT, ensureDemoContacts } from './demo-contacts.ts';
import { ensureDemoField } from './demo-field.ts';
import { ensureDemoInspections } from './demo-inspections.ts';
import { ensureDemoInventory } from './demo-inventory.ts';
import { ensureDemoInvoices } from './demo-invoices.ts';
import { ensureDemoJobs } from './demo-jobs.ts';
import { ensureDemoNotifications } from './demo-notifications.ts';
import { ensureDemoRequests } from './demo-requests.ts';
import { ensureDemoSales } from './demo-sales.ts';
import { ensureDemoCrew, ensureDemoSimilarVisits, ensureDemoTime } from './demo-time.ts';
import { withScriptContext } from './script-context.ts';

/**
 * `npm run demo`: a demo cleaning business with its team, one member for each role, so every
 * screen and permission can be tried; staff without a login and a pending invitation fill the
 * Team module; a few hundred contacts fill Contacts; estimates, quotes and proposals in every status fill
 * Requests. Later modules add their demo data here. Running it again keeps what exists and
 * only adds what is missing (an older demo gets the newer data).
 */
const DEMO_PASSWORD = 'crewdesk-demo';
const OWNER_EMAIL = 'owner@demo.crewdesk.test';
const BUSINESS_NAME = 'Sparkle & Shine Cleaning Co.';

const team: { first: string; last: string; role: Role }[] = [
  { first: 'Marcus', last: 'Bell', role: 'business_admin' },
  { first: 'Priya', last: 'Raman', role: 'manager' },
  { first: 'Diego', last: 'Alvarez', role: 'sales_person' },
  { first: 'Aisha', last: 'Karimi', role: 'sales_person' },
  { first: 'Hannah', last: 'Okafor', role: 'team_leader' },
  { first: 'Tom', last: 'Nguyen', role: 'team_member' },
  { first: 'Lena', last: 'Fischer', role: 'estimate-free' },
];

/** Cleaners who do not sign in (spec: Employee without a login): hourly pay in cents. */
const staff: EmployeeInput[] = [
  { firstName: 'Rosa', lastName: 'Delgado', phone: '(512) 555-0171', payRateCents: 2200 },
  { firstName: 'Kwame', lastName: 'Mensah', phone: '(512) 555-0188', payRateCents: 2050 },
  { firstName: 'Ivy', lastName: 'Chen', phone: '(512) 555-0193', payRateCents: 1900 },
];

/** Someone asked to join who has not answered yet. */
const invitee: { email: string; role: AssignableRole } = {
  email: 'sam@demo.crewdesk.test',
  role: 'team_member',
};

interface DemoOwner {
  userId: string;
  accountId: string;
}

async function findDemoOwner(db: Db): Promise<DemoOwner | null> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, OWNER_EMAIL));
  if (!user) return null;
  const owned = (await listBusinessAccounts(db, user.id)).find((a) => a.role === 'owner');
  if (!owned) throw new Error(`${OWNER_EMAIL} exists but owns no business: remove it first.`);
  return { userId: user.id, accountId: owned.account_id };
}

async function createDemoBusiness(db: Db, auth: Auth): Promise<DemoOwner> {
  const owner = await createUserWithPassword(auth, db, {
    email: OWNER_EMAIL,
    password: DEMO_PASSWORD,
    firstName: 'Olivia',
    lastName: 'Carter',
    accountName: BUSINESS_NAME,
    emailVerified: true,
  });
  await upsertDetails(db, owner.accountId, {
    businessName: BUSINESS_NAME,
    businessDetails:
      'Residential and commercial cleaning: regular visits, deep cleans and move-outs.',
    industry: 'Cleaning',
    employeesCount: 1 + team.length + staff.length,
    address: '2400 E Cesar Chavez St',
    city: 'Austin',
    state: 'TX',
    zip: '78702',
    phone: '(512) 555-0142',
    email: 'hello@sparkleshine.example',
    website: 'https://sparkleshine.example',
    timeZone: 'America/Chicago',
    currency: 'USD',
    locale: 'en-US',
  });
  for (const member of team) {
    const user = await createUserWithPassword(auth, db, {
      email: `${member.first.toLowerCase()}@demo.crewdesk.test`,
      password: DEMO_PASSWORD,
      firstName: member.first,
      lastName: member.last,
      emailVerified: true,
    });
    await addMember(db, { accountId: owner.accountId, userId: user.userId, role: member.role });
  }
  return owner;
}

/** Adds the staff members not there yet (matched by name among employees without a login). */
async function addStaff(db: Db, accountId: string): Promise<string[]> {
  const { items } = await teamService.listTeam(db, accountId, { limit: 100, offset: 0 });
  const present = new Set(
    items.filter((e) => e.userId === null).map((e) => `${e.firstName} ${e.lastName}`),
  );
  const added: string[] = [];
  for (const input of staff) {
    const name = `${input.firstName} ${input.lastName}`;
    if (present.has(name)) continue;
    // Validated like POST /api/team/employees, then the same use case.
    await teamService.createEmployee(db, accountId, employeeSchema.parse(input));
    added.push(name);
  }
  return added;
}

/**
 * The pending invitation, as POST /api/team/invitations makes it: the mail is queued in the
 * outbox (delivered, or only kept without SMTP, at the server's next start). An expired one is
 * renewed; a live one is left as it is.
 */
async function ensureInvitation(
  deps: invitations.InviteDeps,
  owner: DemoOwner,
): Promise<{ invitation: teamService.TeamInvitation; sent: 'new' | 'renewed' | null }> {
  const live = (await invitations.listInvitations(deps.db, owner.accountId)).find(
    (i) => i.email === invitee.email && i.status === 'pending',
  );
  if (live) return { invitation: live, sent: null };
  const { invitation, renewed } = await invitations.inviteMember(
    deps,
    { userId: owner.userId, accountId: owner.accountId, role: 'owner' },
    invitationSchema.parse(invitee),
  );
  return { invitation, sent: renewed ? 'renewed' : 'new' };
}

/** A contact with requests, visits and invoices, to name in the output (their page shows all). */
async function contactWithAllWork(db: Db, accountId: string) {
  const has = (table: 'requests' | 'jobs' | 'invoices') =>
    sql.raw(
      `exists (select 1 from ${table} w where w.account_id = customers.account_id and w.customer_id = customers.id)`,
    );
  const [contact] = await db
    .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(and(eq(customers.accountId, accountId), has('requests'), has('jobs'), has('invoices')))
    .orderBy(asc(customers.createdAt))
    .limit(1);
  return contact ? { id: contact.id, name: `${contact.firstName} ${contact.lastName}` } : null;
}

withScriptContext(async ({ database, auth, mailer, config }) => {
  const db = database.db;
  const shares = shareSigner(config.authSecret);
  let owner = await findDemoOwner(db);
  if (owner) {
    console.log('The demo business already exists; adding only what is missing.');
  } else {
    owner = await createDemoBusiness(db, auth);
  }
  const addedStaff = await addStaff(db, owner.accountId);
  const { invitation, sent } = await ensureInvitation(
    { db, mailer, publicUrl: config.publicUrl },
    owner,
  );
  // Contacts, some assigned to the team (its active employees).
  const { items: employees } = await teamService.listTeam(db, owner.accountId, {
    limit: 100,
    offset: 0,
    status: 'active',
  });
  const addedContacts = await ensureDemoContacts(
    db,
    owner,
    employees.map((e) => e.id),
  );
  const addedRequests = await ensureDemoRequests(db, owner, shares);
  const addedJobs = await ensureDemoJobs(
    db,
    owner,
    employees.map((e) => e.id),
  );
  const addedInvoices = await ensureDemoInvoices(db, owner, config.publicUrl, shares);
  const addedTime = await ensureDemoTime(db, owner);
  const crewJoined = await ensureDemoCrew(db, owner.accountId);
  const pricedVisits = await ensureDemoSimilarVisits(db, owner, shares);
  const addedInspections = await ensureDemoInspections(db, owner, {
    mailer,
    publicUrl: config.publicUrl,
    shares,
    dataDir: config.dataDir,
  });
  const addedMovements = await ensureDemoInventory(db, owner);
  const field = await ensureDemoField(db, owner, {
    vaultKey: config.vaultKey,
    publicUrl: config.publicUrl,
    shares,
    now: new Date(),
  });
  const busiest = await contactWithAllWork(db, owner.accountId);
  const logins = await db
    .select({ userId: accountMembers.userId, role: accountMembers.role })
    .from(accountMembers)
    .where(
      and(eq(accountMembers.organizationId, owner.accountId), ne(accountMembers.role, 'owner')),
    );
  const opportunities = await ensureDemoSales(
    db,
    owner,
    logins.filter((m) => mapMemberRole(m.role) === 'sales_person').map((m) => m.userId),
  );
  const notifications = await ensureDemoNotifications(
    database,
    owner,
    logins.map((m) => ({ userId: m.userId, role: mapMemberRole(m.role) })),
  );
  if (addedStaff.length > 0) console.log(`Added staff without a login: ${addedStaff.join(', ')}.`);
  if (addedContacts > 0) console.log(`Added ${addedContacts} contacts.`);
  if (addedRequests > 0) console.log(`Added ${addedRequests} estimates, quotes and proposals.`);
  if (addedJobs > 0) console.log(`Added ${addedJobs} jobs, visits and tasks.`);
  if (addedInvoices > 0) console.log(`Added ${addedInvoices} invoices and their payments.`);
  if (addedTime > 0) console.log(`Added ${addedTime} time entries (a month of the team's time).`);
  if (crewJoined > 0) console.log(`Put ${crewJoined} people in Hannah Okafor's crew.`);
  if (pricedVisits > 0)
    console.log(`Priced ${pricedVisits} timed visits as 1,000 sq ft homes (similar visits).`);
  if (addedInspections.count > 0) console.log(`Added ${addedInspections.count} inspections.`);
  if (addedMovements > 0)
    console.log(`Added inventory: items, a warehouse, two vans and ${addedMovements} movements.`);
  if (opportunities > 0)
    console.log(`Added the sales pipeline: ${opportunities} opportunities for Diego and Aisha.`);
  if (field.codes > 0)
    console.log(`Added ${field.codes} access codes on the contacts of the next two days' visits.`);
  if (field.proofs > 0)
    console.log(`Made proof-of-service pages for ${field.proofs} of the latest completed visits.`);
  console.log(`The team has ${notifications} notifications waiting (the bell in the header).`);
  if (sent === 'new') console.log(`Invited ${invitee.email}.`);
  if (sent === 'renewed') console.log(`Renewed the expired invitation of ${invitee.email}.`);

  console.log(`
Demo business: ${BUSINESS_NAME}
Start the app (npm start), open ${config.publicUrl}/auth and sign in with:
  ${OWNER_EMAIL} / ${DEMO_PASSWORD}   (owner)
${team.map((m) => `  ${m.first.toLowerCase()}@demo.crewdesk.test / ${DEMO_PASSWORD}   (${m.role})`).join('\n')}
Each team member also has a personal account; switch to the business with the account switcher.

Contacts: ${DEMO_CONTACT_COUNT} people and businesses around Austin, TX (Contacts in the sidebar).${busiest ? `\n${busiest.name}'s page (${config.publicUrl}/customers/${busiest.id}) lists their requests, visits,\ninvoices and payments, with what they owe.` : ''}
Requests: estimates, quotes and proposals in every status, and two inquiries from the public
request form (${config.publicUrl}/request/${businessSlug(BUSINESS_NAME)}).
Jobs: a month of one-time and recurring visits across the team (Schedule, Jobs, Map); Tom
(team_member) sees only the visits assigned to him; on a phone, ${config.publicUrl}/visits keeps his
visits of today and tomorrow for working with no signal. Contacts of the next two days' visits
have access codes (shown to the crew from an hour before the visit), and the latest completed
visits have proof-of-service pages (the visit's Proof of service panel has the link).
Invoices: drafts from completed jobs, sent, viewed, partly and fully paid, overdue, refunded and
void ones, and one converted from an accepted quote (Invoices, with Payments and History).
Team: ${staff.length} staff without a login (${staff.map((s) => `${s.firstName} ${s.lastName}`).join(', ')}),
and a pending invitation for ${invitee.email} (${ROLE_LABELS[invitee.role]}), expiring ${invitation.expiresAt.slice(0, 10)}.
Time Tracking: a month of shifts, lunch breaks and timed visits for the team (some visits took
longer or shorter than planned), an entry moved by a manager with its reason, the oldest week
paid, the next approved, the one after submitted; the owner is clocked in today. Hannah
(team_leader) leads a crew of Tom, Rosa and Kwame and sees their time. A new estimate for a
residential home of 1,000–1,999 sq ft shows what six similar visits really took.
Inspections: the three starter templates (Settings); a passed cleaning check with a photo; a
failed one with findings, shared${addedInspections.sharedUrl ? ` (${addedInspections.sharedUrl})` : ''}; a move-out
whose client accepted two of its findings (an accepted quote under Requests); a maintenance
check under way.
Inventory: the calculator's tools and consumables as items (Equipment, Cleaning supplies), a
warehouse and Hannah's and Tom's vans, a month of deliveries, van top-ups, equipment checked out
and materials used on the completed visits; the bathroom kit refills are below their reorder
point (the bell, and the reorder list with the forecast from the schedule).
Sales: the requests above became opportunities (won, lost, quoted, new) shared between Diego
and Aisha (sales_person), some called back (Contacted); leads from a referral, a cold call, a
walk-in, social media and an ad with notes and follow-up dates, two of them overdue; a few new
ones nobody took yet. Source to cash (managers) ties each source to the money collected.
Notifications: new requests, estimates answered, invoices paid and overdue, visits assigned and
completed, members joined (the bell; Settings > Notifications). Settings > Integrations lists an
example webhook endpoint, turned off.
Its e-mail is in Settings > E-mail outbox; to accept it, open
  ${invitationLink(config.publicUrl, invitation.id)}`);
}).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
