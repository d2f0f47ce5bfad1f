import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { APIRequestContext, Page } from '@playwright/test';
import { format } from 'date-fns';
import { expect, OWNER, signIn, snap, test } from './fixtures';

// axe-core's own script, evaluated in the page: the app's CSP refuses an injected <script> tag.
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

// Signing in, seeding and walking some twenty screens takes longer than one ordinary test.
test.describe.configure({ timeout: 240_000 });

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
}

/** Runs axe on the page as it stands and returns its serious and critical violations. */
async function seriousViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    const results = await axe.run(document);
    return results.violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** A contact with an estimate, a completed and invoiced visit, and a paid part of the invoice. */
async function seedRecords(request: APIRequestContext) {
  const tag = Date.now();
  const post = async (url: string, data: object, headers?: Record<string, string>) => {
    const res = await request.post(url, { data, headers });
    expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
    return (await res.json()) as { id: string };
  };
  const contact = await post('/api/customers', {
    firstName: 'Axel',
    lastName: `Access ${tag}`,
    email: `axel-${tag}@crewdesk.test`,
    phone: '(512) 555-0100',
    address: '12 Elm St',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
  });
  const estimate = await post('/api/requests', {
    propertyType: 'residential',
    squareFootage: 1500,
    numberOfRooms: 3,
    numberOfBathrooms: 2,
    frequency: 'one-time',
    clientName: `Axel Access ${tag}`,
    customer_id: contact.id,
    type: 'estimate',
    proposal_type: false,
  });
  const job = await post('/api/jobs', {
    title: `Deep clean ${tag}`,
    customerId: contact.id,
    location: '12 Elm St, Austin, TX 78701',
    startsAt: `${format(new Date(), 'yyyy-MM-dd')}T08:00:00`,
    priceCents: 24_000,
  });
  for (const status of ['in_progress', 'completed']) {
    await post(`/api/jobs/${job.id}/status`, { status });
  }
  const invoice = await post(`/api/jobs/${job.id}/invoice`, {});
  const paid = (await post(
    `/api/invoices/${invoice.id}/payments`,
    { amountCents: 10_000, method: 'check', paidOn: format(new Date(), 'yyyy-MM-dd') },
    { 'Idempotency-Key': `axe-${tag}` },
  )) as unknown as { payments: { id: string }[] };
  return { contact, estimate, job, invoice, payment: paid.payments[0]! };
}

test('every main screen passes axe with no serious or critical violation', async ({ page }) => {
  await signIn(page, OWNER.email, OWNER.password);
  const records = await seedRecords(page.request);
  const screens = [
    '/',
    '/customers',
    `/customers/${records.contact.id}`,
    '/quotes',
    `/quotes/${records.estimate.id}`,
    '/jobs',
    '/jobs/new',
    `/jobs/${records.job.id}`,
    '/tasks',
    '/schedule',
    '/map',
    '/invoices',
    `/invoices/${records.invoice.id}`,
    '/invoices/new',
    '/invoices/payments',
    `/invoices/payments/${records.payment.id}`,
    '/invoices/history',
    '/team',
    '/settings',
    '/help',
    '/notifications',
  ];
  const found: string[] = [];
  for (const path of screens) {
    await page.goto(path);
    await expect(page.getByText('Loading...')).toHaveCount(0);
    await expect(page.getByRole('heading').first(), path).toBeVisible();
    await page.waitForLoadState('networkidle');
    for (const violation of await seriousViolations(page)) {
      const targets = violation.nodes
        .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 300)}`)
        .join(' | ');
      found.push(`${path}: ${violation.id} (${violation.impact}) ${violation.help}: ${targets}`);
    }
  }
  if (found.length > 0) await snap(page, 'axe-last-screen');
  expect(found, found.join('\n')).toEqual([]);
});
