import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, requests } from '../db/schema/index.ts';
import { legacyTokenHash, shareSigner } from '../lib/share-links.ts';
import { asUser, createTestApp, type SignedInUser, type TestApp } from '../../test/build-app.ts';
import { addContact } from '../../test/customers.ts';
import { sentInvoiceAs } from '../../test/invoices.ts';
import { createRequestAs, ownerWithBusinessProfile } from '../../test/requests.ts';

// Share links are signed, not stored (issue 43, decision 055): a dump of the database opens no
// client page, links sent before keep working through their hash, and drawing a contact's links
// anew ends both.

let t: TestApp;
let owner: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await ownerWithBusinessProfile(t.app);
});
afterAll(() => t.close());

const open = (path: string) => t.app.inject({ method: 'GET', url: path });

/** Every stored value of a row, as text: what a database dump would show of it. */
async function storedText(table: 'requests' | 'invoices', id: string): Promise<string> {
  const rows = await t.app.db.execute(
    sql`select row_to_json(r)::text as json from ${sql.identifier(table)} r where r.id = ${id}`,
  );
  const list = (rows as { rows?: unknown }).rows ?? rows;
  const [row] = list as { json: string }[];
  return row!.json;
}

async function estimateAndInvoice() {
  const contact = await addContact(t.app, owner);
  const estimate = await createRequestAs(t.app, owner, { customer_id: contact.id });
  const invoice = await sentInvoiceAs(t.app, owner, { customerId: contact.id });
  const invoiceToken = new URL(invoice.publicUrl).pathname.split('/').at(-1)!;
  return { contact, estimate, invoice, invoiceToken };
}

describe('share links', () => {
  it('when an estimate and an invoice are shared, then their pages open and nothing stored holds the links', async () => {
    const { estimate, invoice, invoiceToken } = await estimateAndInvoice();
    expect((await open(`/api/public/shared/${estimate.shareToken}`)).statusCode).toBe(200);
    expect((await open(`/api/public/invoices/${invoiceToken}`)).statusCode).toBe(200);
    const stored =
      (await storedText('requests', estimate.id)) + (await storedText('invoices', invoice.id));
    expect(stored).not.toContain(estimate.shareToken);
    expect(stored).not.toContain(invoiceToken);
  });

  it('when a token is altered, signed for another kind, or signed with another secret, then 404', async () => {
    const { estimate, invoice } = await estimateAndInvoice();
    const token: string = estimate.shareToken;
    const altered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    const otherKind = t.app.shares.token('invoice', estimate.id, 1);
    const otherSecret = shareSigner('another-server-secret-another-server-secret').token(
      'invoice',
      invoice.id,
      1,
    );
    for (const path of [
      `/api/public/shared/${altered}`,
      `/api/public/shared/${otherKind}`,
      `/api/public/invoices/${otherSecret}`,
    ])
      expect((await open(path)).statusCode, path).toBe(404);
  });

  it('when a link was sent before tokens were signed, then its hash, as the migration keeps it, still opens the page', async () => {
    const { estimate, invoice } = await estimateAndInvoice();
    const oldEstimateLink = crypto.randomUUID();
    const oldInvoiceLink = 'k3JdO0rC1xkz8Qm0p3q7Yz0aB9cD4eF2';
    // The migration's own expression (0041_share_tokens_signed.sql), and the server's.
    const hashed = (token: string) =>
      sql`encode(sha256(convert_to(${token}::text, 'UTF8')), 'hex')`;
    await t.app.db
      .update(requests)
      .set({ legacyShareTokenHash: hashed(oldEstimateLink) })
      .where(eq(requests.id, estimate.id));
    await t.app.db
      .update(invoices)
      .set({ legacyShareTokenHash: hashed(oldInvoiceLink) })
      .where(eq(invoices.id, invoice.id));
    const [row] = await t.app.db
      .select({ hash: requests.legacyShareTokenHash })
      .from(requests)
      .where(eq(requests.id, estimate.id));
    expect(row!.hash).toBe(legacyTokenHash(oldEstimateLink));

    expect((await open(`/api/public/shared/${oldEstimateLink}`)).statusCode).toBe(200);
    expect((await open(`/api/public/invoices/${oldInvoiceLink}`)).statusCode).toBe(200);
    // The staff's copy of the link is the signed one, which opens the same page.
    expect((await open(`/api/public/shared/${estimate.shareToken}`)).json().title).toBe(
      estimate.title,
    );
  });

  it("when a contact's links are drawn anew, then the old signed and the old sent links fail and the new ones open", async () => {
    const { contact, estimate, invoice, invoiceToken } = await estimateAndInvoice();
    const oldLink = crypto.randomUUID();
    await t.app.db
      .update(requests)
      .set({ legacyShareTokenHash: legacyTokenHash(oldLink) })
      .where(eq(requests.id, estimate.id));
    const revoked = await asUser(t.app, owner, {
      method: 'POST',
      url: `/api/customers/${contact.id}/client-hub/revoke-links`,
    });
    expect(revoked.statusCode, revoked.body).toBeLessThan(300);
    for (const path of [
      `/api/public/shared/${estimate.shareToken}`,
      `/api/public/shared/${oldLink}`,
      `/api/public/invoices/${invoiceToken}`,
    ])
      expect((await open(path)).statusCode, path).toBe(404);

    const again = await asUser(t.app, owner, {
      method: 'GET',
      url: `/api/requests/${estimate.id}`,
    });
    const newToken: string = again.json().shareToken;
    expect(newToken).not.toBe(estimate.shareToken);
    expect((await open(`/api/public/shared/${newToken}`)).statusCode).toBe(200);
    const newInvoice = await asUser(t.app, owner, {
      method: 'GET',
      url: `/api/invoices/${invoice.id}`,
    });
    const newInvoicePath = new URL(newInvoice.json().publicUrl).pathname;
    expect(
      (await open(`/api/public/invoices/${newInvoicePath.split('/').at(-1)}`)).statusCode,
    ).toBe(200);
  });
});
