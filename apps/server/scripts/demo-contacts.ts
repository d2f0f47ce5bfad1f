import {
  CUSTOMER_SOURCES,
  customerInputSchema,
  type CustomerInput,
  type CustomerSource,
} from '@crewdesk/domain';
import { eq, sql } from 'drizzle-orm';
import zipcodes from 'zipcodes';
import type { Db } from '../src/db/client.ts';
import { customers } from '../src/db/schema/index.ts';
import { insertCustomers } from '../src/modules/customers/customers.repo.ts';
import { customerColumns } from '../src/modules/customers/customers.service.ts';

/**
 * The demo business's contacts: a few hundred people and companies around Austin, TX, with real
 * city, state, ZIP and coordinates (the zipcodes gazetteer, nudged within a ZIP), varied sources
 * and types, some assigned to the team, created over the last 18 months. Always the same ones
 * (a seeded generator); a later run adds only those not there yet (matched by e-mail).
 */
export const DEMO_CONTACT_COUNT = 320;

const FIRST = [
  'Maria',
  'James',
  'Aisha',
  'Robert',
  'Mei',
  'David',
  'Sofia',
  'Michael',
  'Priya',
  'William',
  'Fatima',
  'Carlos',
  'Emily',
  'Jamal',
  'Hannah',
  'Luis',
  'Grace',
  'Kevin',
  'Olivia',
  'Andre',
  'Chloe',
  'Daniel',
  'Yuki',
  'Brandon',
  'Isabella',
  'Tyrone',
  'Natalie',
  'Omar',
  'Rachel',
  'Ethan',
  'Camila',
  'Marcus',
  'Leah',
  'Hiroshi',
  'Valentina',
  'Derek',
  'Amara',
  'Samuel',
  'Elena',
  'Victor',
  'Nora',
  'Jorge',
  'Tessa',
  'Raj',
  'Brooke',
  'Xavier',
  'Ingrid',
  'Caleb',
];
const LAST = [
  'Garcia',
  'Johnson',
  'Patel',
  'Nguyen',
  'Smith',
  'Hernandez',
  'Williams',
  'Kim',
  'Brown',
  'Martinez',
  'Okafor',
  'Davis',
  'Lopez',
  'Chen',
  'Wilson',
  'Ramirez',
  'Anderson',
  'Thompson',
  'Rodriguez',
  'Jackson',
  'Moore',
  'Flores',
  'Walker',
  'Tanaka',
  'Robinson',
  'Reyes',
  'Clark',
  'Sullivan',
  'Ortiz',
  'Bennett',
  'Hughes',
  'Castillo',
  "O'Brien",
  'Novak',
  'Fischer',
  'Abebe',
];
const COMPANIES = [
  'Eastside Dental Group',
  'Barton Creek Realty',
  'Lone Star Logistics',
  'Moontower Coffee',
  'Capitol Fitness Studio',
  'Zilker Pediatrics',
  'Riverside Law Office',
  'Hill Country Vets',
  'Bluebonnet Bakery',
  'South Congress Salon',
  'Travis Heights Church',
  'Mueller Family Clinic',
  'Pecan Street Cafe',
  'Lakeline Auto Repair',
  'Hyde Park Montessori',
  'Domain Tech Suites',
  'Cedar Park Storage',
  'Rainey Street Lofts',
  'Windsor Accounting',
  'Round Rock Realty',
  'Westlake Orthodontics',
  'Brodie Lane Yoga',
  'Pflugerville Pharmacy',
  'Oak Hill Insurance',
];
const STREETS = [
  'Oak',
  'Maple',
  'Cedar',
  'Elm',
  'Pecan',
  'Live Oak',
  'Guadalupe',
  'Lamar',
  'Burnet',
  'Congress',
  'Riverside',
  'Manor',
  'Cameron',
  'Airport',
  'Slaughter',
  'William Cannon',
  'Parmer',
  'Anderson',
];
const SUFFIXES = ['St', 'Ave', 'Dr', 'Ln', 'Blvd', 'Rd', 'Ct', 'Way'];
const DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'icloud.com', 'hotmail.com'];
const NOTES = [
  'Prefers morning appointments.',
  'Gate code 4821. Dog in the backyard.',
  'Pays by check; send invoices by e-mail.',
  'Referred by a neighbour on the same street.',
  'Allergic to strong fragrances: unscented products only.',
  'Key under the mat; alarm code given by phone.',
];

/** A seeded generator (mulberry32): the same contacts on every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function emailPart(name: string): string {
  return name.toLowerCase().replace(/[^a-z]/g, '');
}

export function demoContacts(employeeIds: string[]): (CustomerInput & { createdAt: Date })[] {
  const random = seeded(20261121);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  // Real ZIP codes within 30 miles of central Austin, with their city and coordinates.
  const zips = (zipcodes.radius('78701', 30) as string[])
    .map((zip) => zipcodes.lookup(zip))
    .filter((z): z is NonNullable<typeof z> => Boolean(z?.city && z.latitude));
  const now = Date.now();
  const contacts: (CustomerInput & { createdAt: Date })[] = [];
  for (let i = 0; i < DEMO_CONTACT_COUNT; i++) {
    const firstName = pick(FIRST);
    const lastName = pick(LAST);
    const commercial = random() < 0.4;
    const place = pick(zips);
    const source: CustomerSource =
      random() < 0.35 ? 'website' : random() < 0.4 ? 'referral' : pick(CUSTOMER_SOURCES);
    const handle = `${emailPart(firstName)}.${emailPart(lastName)}`;
    const phone = `(512) 555-${String(1000 + ((i * 37) % 9000)).padStart(4, '0')}`;
    contacts.push({
      firstName,
      lastName,
      email: `${handle}${i}@${commercial ? 'example.com' : pick(DOMAINS)}`,
      phone,
      company: commercial ? pick(COMPANIES) : undefined,
      customerType: commercial ? 'commercial' : 'residential',
      source,
      address: `${100 + Math.floor(random() * 9800)} ${pick(STREETS)} ${pick(SUFFIXES)}`,
      city: place.city,
      state: place.state,
      zip: place.zip,
      latitude: Math.round((place.latitude + (random() - 0.5) * 0.02) * 1e6) / 1e6,
      longitude: Math.round((place.longitude + (random() - 0.5) * 0.02) * 1e6) / 1e6,
      whatsapp: random() < 0.2 ? phone.replace(/\D/g, '').replace(/^/, '+1') : undefined,
      facebook: random() < 0.15 ? handle : undefined,
      instagram: random() < 0.2 ? `@${handle.replace('.', '_')}` : undefined,
      assignedTo: employeeIds.length > 0 && random() < 0.35 ? pick(employeeIds) : undefined,
      notes: random() < 0.25 ? pick(NOTES) : undefined,
      // Spread over the last 18 months, oldest first.
      createdAt: new Date(now - (DEMO_CONTACT_COUNT - i) * 41 * 3600 * 1000),
    });
  }
  return contacts;
}

/** Adds the demo contacts not there yet; returns how many were added. */
export async function ensureDemoContacts(
  db: Db,
  owner: { userId: string; accountId: string },
  employeeIds: string[],
): Promise<number> {
  const existing = await db
    .select({ email: sql<string>`lower(${customers.email})` })
    .from(customers)
    .where(eq(customers.accountId, owner.accountId));
  const present = new Set(existing.map((r) => r.email));
  const rows = demoContacts(employeeIds)
    .filter((c) => !present.has(String(c.email).toLowerCase()))
    .map(({ createdAt, ...input }) => ({
      // Checked like POST /api/customers, then stored as it stores them.
      ...customerColumns(customerInputSchema.parse(input)),
      accountId: owner.accountId,
      userId: owner.userId,
      createdAt,
      updatedAt: createdAt,
    }));
  for (let i = 0; i < rows.length; i += 200) await insertCustomers(db, rows.slice(i, i + 200));
  return rows.length;
}
