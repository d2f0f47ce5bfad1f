import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, type SignedInUser, type TestApp } from '../../test/build-app.ts';
import { addContact } from '../../test/customers.ts';
import { createInvoiceAs, payAs, sentInvoiceAs } from '../../test/invoices.ts';
import { createJobAs } from '../../test/jobs.ts';
import { createRequestAs, ownerWithBusinessProfile } from '../../test/requests.ts';
import { notifications } from '../db/schema/index.ts';

/**
 * What each list page costs in statements (issue 17): the session, with its membership and the
 * business's time zone, in one; then the page and its count in one or two. Counted at the
 * driver, so a statement added by a plugin or a service shows here too.
 */

let t: TestApp;
let owner: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await ownerWithBusinessProfile(t.app);
  await addContact(t.app, owner);
  await createJobAs(t.app, owner);
  await createRequestAs(t.app, owner);
  await createInvoiceAs(t.app, owner);
  const sent = await sentInvoiceAs(t.app, owner);
  await payAs(t.app, owner, sent.id, { amountCents: 100 });
  const item = await asUser(t.app, owner, {
    method: 'POST',
    url: '/api/inventory/items',
    payload: { name: 'Cleaning solution', unit: 'bottle', kind: 'consumable', costCents: 500 },
  });
  expect(item.statusCode, item.body).toBe(201);
  await t.app.db.insert(notifications).values({
    accountId: owner.accountId,
    userId: owner.userId,
    kind: 'invoice_paid',
    subject: 'invoice',
    subjectId: sent.id,
    eventSeq: 1,
    title: 'Invoice paid',
  });
});

afterAll(() => t.close());

/** The statements the database driver was handed while `run` ran (the text of each). */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const client = (t.app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
    .$client;
  const query = client.query;
  const sent: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [config] = args;
    sent.push(typeof config === 'string' ? config : String((config as { text?: string }).text));
    return query.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = query;
  }
  return sent;
}

describe('statements per list page', () => {
  it.each([
    ['contacts', '/api/customers?limit=25', 2],
    ['contacts, searched', '/api/customers?limit=25&q=ann', 2],
    ['jobs', '/api/jobs?kind=job&limit=25', 2],
    ['visits', '/api/jobs?limit=25', 2],
    ['requests', '/api/requests?limit=25', 2],
    ['invoices with their totals', '/api/invoices?limit=25', 3],
    ['payments', '/api/payments?limit=25', 2],
    ['team', '/api/team/employees?limit=25', 2],
    ['notifications with the unread count', '/api/notifications?limit=25', 2],
    ['my visits', '/api/my-visits', 2],
    ['inventory items with their stock value', '/api/inventory/items?limit=25', 3],
  ])(
    'given records, when the %s list (%s) is read, then it takes at most %i statements with the session',
    async (_name, url, most) => {
      // Once a change to the owner is notified, their next request reads the session (one
      // statement); the list request after it finds the session in the process's actor cache.
      await t.app.db.execute(sql`select pg_notify('actor_changed', ${`user:${owner.userId}`})`);
      await t.app.actorCache.sync();
      const first = await statementsOf(() => asUser(t.app, owner, { method: 'GET', url }));
      // The app's background work (job queue polls, the hourly runs) shares the pool and may
      // send a statement while the page is read: the fewest of three reads is the page's.
      let res: Awaited<ReturnType<typeof asUser>> | undefined;
      let sent: string[] = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        const next = await statementsOf(async () => {
          res = await asUser(t.app, owner, { method: 'GET', url });
        });
        if (attempt === 0 || next.length < sent.length) sent = next;
      }
      expect(first.filter((text) => /from "sessions"/.test(text))).toHaveLength(1);
      expect(sent.filter((text) => /from "sessions"/.test(text))).toHaveLength(0);
      expect(res?.statusCode, res?.body).toBe(200);
      const body = res?.json() as { items?: unknown[] } | unknown[];
      const items = Array.isArray(body) ? body : (body.items ?? []);
      expect(url === '/api/my-visits' || items.length > 0, 'the list has rows').toBe(true);
      // On PostgreSQL the shared request limits are counted in an unlogged table, at most once
      // per request (far from the limit, once a second for many); the embedded database counts
      // in memory.
      const counter = sent.filter((text) => text.includes('request_limit_counters'));
      const ownStatements = sent.filter((text) => !counter.includes(text));
      expect(counter.length).toBeLessThanOrEqual(t.database.kind === 'postgres' ? 1 : 0);
      // The list's own statements, plus the session's when it is read: at most `most`.
      expect(ownStatements.length + 1, ownStatements.join('\n')).toBeLessThanOrEqual(most);
      expect(ownStatements.join('\n')).not.toMatch(/from "business_details"/);
    },
  );

  it('given the rows after a cursor are gone, when that page is read, then its total is still counted', async () => {
    const other = await ownerWithBusinessProfile(t.app);
    await addContact(t.app, other, { firstName: 'Ann', lastName: 'Able' });
    const last = await addContact(t.app, other, { firstName: 'Zed', lastName: 'Zane' });
    const url = '/api/customers?limit=1&sort=name';
    const first = (await asUser(t.app, other, { method: 'GET', url })).json();
    expect(first.total).toBe(2);
    const deleted = await asUser(t.app, other, {
      method: 'DELETE',
      url: `/api/customers/${last.id}`,
    });
    expect(deleted.statusCode).toBeLessThan(300);

    const res = await asUser(t.app, other, {
      method: 'GET',
      url: `${url}&cursor=${encodeURIComponent(first.nextCursor)}`,
    });

    expect(res.json()).toMatchObject({ items: [], total: 1, totalCapped: false });
  });
});
