import { and, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { ShareSigner } from '../src/lib/share-links.ts';
import type { Db } from '../src/db/client.ts';
import { accessEntries, jobs, visitProofs } from '../src/db/schema/index.ts';
import { addEntry } from '../src/modules/access-vault/access-vault.service.ts';
import { visitProof } from '../src/modules/visit-proofs/visit-proofs.service.ts';
import type { AccountActor } from '../src/plugins/permissions.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Proof-of-service pages made for the latest completed visits (the rest are made when opened). */
const PROOF_PAGES = 6;

/** What a contact with a visit in the next two days keeps in the access vault. */
const ACCESS_CODES = [
  { label: 'Lockbox by the back door', secret: '4821' },
  { label: 'Alarm panel in the hall', secret: '7730 then OFF' },
  { label: 'Side gate', secret: '#1966' },
];

/**
 * The field side of issue 26 in the demo: access codes (sealed with this install's vault key) on
 * the contacts of the team's visits of today and tomorrow, so the crew sees them in the visit's
 * window, and proof-of-service pages for the latest completed visits.
 */
export async function ensureDemoField(
  db: Db,
  owner: { accountId: string; userId: string },
  options: { vaultKey: string; publicUrl: string; shares: ShareSigner; now: Date },
): Promise<{ codes: number; proofs: number }> {
  const actor: AccountActor = {
    ...owner,
    email: '',
    sessionId: 'demo',
    role: 'owner',
    timeZone: 'America/Chicago',
  };
  const vault = { db, now: () => options.now, vaultKey: options.vaultKey };
  const soonContacts = await db
    .selectDistinct({ customerId: jobs.customerId })
    .from(jobs)
    .where(
      and(
        eq(jobs.accountId, owner.accountId),
        isNotNull(jobs.customerId),
        gte(jobs.startsAt, options.now),
        sql`${jobs.startsAt} < ${new Date(options.now.getTime() + 2 * DAY_MS)}`,
      ),
    )
    .limit(8);
  let codes = 0;
  for (const [i, { customerId }] of soonContacts.entries()) {
    if (!customerId) continue;
    const kept = await db
      .select({ id: accessEntries.id })
      .from(accessEntries)
      .where(
        and(eq(accessEntries.accountId, owner.accountId), eq(accessEntries.customerId, customerId)),
      )
      .limit(1);
    if (kept.length > 0) continue;
    const code = ACCESS_CODES[i % ACCESS_CODES.length]!;
    await addEntry(vault, actor, customerId, code);
    codes += 1;
  }
  const completed = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.accountId, owner.accountId),
        eq(jobs.status, 'completed'),
        isNotNull(jobs.customerId),
        isNotNull(jobs.completedAt),
      ),
    )
    .orderBy(desc(jobs.completedAt))
    .limit(PROOF_PAGES);
  let proofs = 0;
  for (const { id } of completed) {
    const made = await db
      .select({ id: visitProofs.id })
      .from(visitProofs)
      .where(and(eq(visitProofs.accountId, owner.accountId), eq(visitProofs.jobId, id)));
    if (made.length > 0) continue;
    await visitProof(
      { db, now: () => options.now, publicUrl: options.publicUrl, shares: options.shares },
      actor,
      id,
    );
    proofs += 1;
  }
  return { codes, proofs };
}
