import type { Role } from '@crewdesk/domain';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index.ts';
import { addMember, createUserWithPassword } from '../src/modules/accounts/create-user.ts';
import { upsertDetails } from '../src/modules/business-profile/business-profile.repo.ts';
import { withScriptContext } from './script-context.ts';

/**
 * `npm run demo`: a demo cleaning business with its team, one member for each role, so every
 * screen and permission can be tried. Later modules add their demo data here.
 */
const DEMO_PASSWORD = 'crewdesk-demo';
const OWNER_EMAIL = 'owner@demo.crewdesk.test';

const team: { first: string; last: string; role: Role }[] = [
  { first: 'Marcus', last: 'Bell', role: 'business_admin' },
  { first: 'Priya', last: 'Raman', role: 'manager' },
  { first: 'Diego', last: 'Alvarez', role: 'sales_person' },
  { first: 'Hannah', last: 'Okafor', role: 'team_leader' },
  { first: 'Tom', last: 'Nguyen', role: 'team_member' },
  { first: 'Lena', last: 'Fischer', role: 'estimate-free' },
];

withScriptContext(async ({ database, auth }) => {
  const db = database.db;
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, OWNER_EMAIL));
  if (existing.length > 0) {
    console.log('The demo business already exists.');
  } else {
    const owner = await createUserWithPassword(auth, db, {
      email: OWNER_EMAIL,
      password: DEMO_PASSWORD,
      firstName: 'Olivia',
      lastName: 'Carter',
      accountName: 'Sparkle & Shine Cleaning Co.',
      emailVerified: true,
    });
    await upsertDetails(db, owner.accountId, {
      businessName: 'Sparkle & Shine Cleaning Co.',
      businessDetails:
        'Residential and commercial cleaning: regular visits, deep cleans and move-outs.',
      industry: 'Cleaning',
      employeesCount: 7,
      address: '2400 E Cesar Chavez St',
      city: 'Austin',
      state: 'TX',
      zip: '78702',
      phone: '(512) 555-0142',
      email: 'hello@sparkleshine.example',
      website: 'https://sparkleshine.example',
      timeZone: 'America/Chicago',
      currency: 'USD',
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
  }
  console.log(`
Demo business: Sparkle & Shine Cleaning Co.
Start the app (npm start), open http://localhost:3000/auth and sign in with:
  ${OWNER_EMAIL} / ${DEMO_PASSWORD}   (owner)
${team.map((m) => `  ${m.first.toLowerCase()}@demo.crewdesk.test / ${DEMO_PASSWORD}   (${m.role})`).join('\n')}
Each team member also has a personal account; switch to the business with the account switcher.`);
}).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
