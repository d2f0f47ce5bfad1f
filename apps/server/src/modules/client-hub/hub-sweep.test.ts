import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  signedInUser,
  type SignedInUser,
  type TestApp,
} from '../../../test/build-app.ts';
import { addContact } from '../../../test/customers.ts';
import { clientHubCodes, clientHubSessions } from '../../db/schema/index.ts';
import { sweepExpiredHubAccess } from './index.ts';

const now = new Date('2026-12-01T12:00:00Z');
const hours = (n: number) => new Date(now.getTime() + n * 3_600_000);
let t: TestApp;
let owner: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  owner = await signedInUser(t.app);
});
afterAll(() => t.close());

describe('the hourly housekeeping of the client hub', () => {
  it('when sessions have expired and codes are a day past expiry, then they go; live ones stay', async () => {
    const customerId = (await addContact(t.app, owner)).id;
    const row = { accountId: owner.accountId, customerId };
    const [, recentCode] = await t.app.db
      .insert(clientHubCodes)
      .values([
        { ...row, codeHash: 'a', channel: 'email', expiresAt: hours(-25) },
        { ...row, codeHash: 'b', channel: 'email', expiresAt: hours(-1) },
      ])
      .returning({ id: clientHubCodes.id });
    const [, liveSession] = await t.app.db
      .insert(clientHubSessions)
      .values([
        { ...row, tokenHash: 'x', expiresAt: hours(-1) },
        { ...row, tokenHash: 'y', expiresAt: hours(1) },
      ])
      .returning({ id: clientHubSessions.id });
    expect(await sweepExpiredHubAccess(t.app.db, now)).toBe(2);
    const codes = await t.app.db
      .select({ id: clientHubCodes.id })
      .from(clientHubCodes)
      .where(eq(clientHubCodes.customerId, customerId));
    expect(codes.map((c) => c.id)).toEqual([recentCode!.id]);
    const sessions = await t.app.db
      .select({ id: clientHubSessions.id })
      .from(clientHubSessions)
      .where(eq(clientHubSessions.customerId, customerId));
    expect(sessions.map((s) => s.id)).toEqual([liveSession!.id]);
  });
});
