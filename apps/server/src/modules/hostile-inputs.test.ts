import { localDateOf } from '@crewdesk/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  TEST_ORIGIN,
  type SignedInUser,
  type TestApp,
} from '../../test/build-app.ts';
import { addContact, ownEmployeeId } from '../../test/customers.ts';
import { startInspectionAs } from '../../test/inspections.ts';
import { createInvoiceAs, payAs } from '../../test/invoices.ts';
import { colleagueOf, createJobAs } from '../../test/jobs.ts';
import {
  BUSINESS_TIME_ZONE,
  createRequestAs,
  ownerWithBusinessProfile,
} from '../../test/requests.ts';

/**
 * Every operation of the OpenAPI document × hostile values, as the signed-in owner of the
 * records named in the path and anonymously: no answer may be a 5xx, and none of the hostile
 * requests may store anything. One app, one database, one request at a time.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
};

interface Operation {
  method: string;
  /** The document's path, with {param}s. */
  path: string;
  pathParams: string[];
  queryParams: { name: string; schema: JsonSchema }[];
  /** The JSON body's schema, when the operation takes one. */
  body: JsonSchema | undefined;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

function operationsOf(doc: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method] as
        | {
            parameters?: { in: string; name: string; schema: JsonSchema }[];
            requestBody?: { content?: Record<string, { schema: JsonSchema }> };
          }
        | undefined;
      if (!op) continue;
      const parameters = op.parameters ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema })),
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

const MEGABYTE_STRING = 'a'.repeat(1_000_000);
const DEEP_JSON = '['.repeat(10_000) + ']'.repeat(10_000);

/** A value of another type than the schema wants. */
function wrongTypeFor(schema: JsonSchema | undefined): unknown {
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  const variants = schema?.anyOf ?? schema?.oneOf;
  if (!type && variants?.[0]) return wrongTypeFor(variants[0]);
  switch (type) {
    case 'string':
      return { not: 'a string' };
    case 'number':
    case 'integer':
      return 'not a number';
    case 'boolean':
      return 'not a boolean';
    case 'array':
      return { not: 'an array' };
    case 'object':
      return ['not an object'];
    default:
      return 12345;
  }
}

function firstStringProperty(schema: JsonSchema | undefined): string | undefined {
  return Object.entries(schema?.properties ?? {}).find(([, s]) => {
    const types = [s.type, ...(s.anyOf ?? []).map((v) => v.type)].flat();
    return types.includes('string');
  })?.[0];
}

function bodyWithEvery(schema: JsonSchema | undefined, value: unknown): Record<string, unknown> {
  const keys = Object.keys(schema?.properties ?? {});
  return Object.fromEntries((keys.length > 0 ? keys : ['value']).map((k) => [k, value]));
}

interface HostileValue {
  name: string;
  /** The text put into path parameters (already percent-encoded). */
  inPath: string;
  /** Query string parts for the operation's query parameters (or an undeclared one). */
  query: (op: Operation) => string;
  /** The raw JSON body for an operation that takes one. */
  body: (op: Operation) => string;
  /**
   * Whether the value is refused wherever it goes (4xx even when the operation does not read
   * it), so operations without inputs get it too.
   */
  refusedAnywhere: boolean;
}

const queryNames = (op: Operation) =>
  op.queryParams.length > 0 ? op.queryParams.map((p) => p.name) : ['unexpected'];
const queryOf = (op: Operation, encoded: string) =>
  queryNames(op)
    .map((n) => `${n}=${encoded}`)
    .join('&');

const HOSTILE_VALUES: HostileValue[] = [
  {
    name: 'null byte',
    inPath: 'x%00y',
    query: (op) => queryOf(op, 'x%00y'),
    body: (op) => JSON.stringify(bodyWithEvery(op.body, 'x\u0000y')),
    refusedAnywhere: true,
  },
  {
    name: 'lone surrogate',
    // A URL can only carry it as the UTF-8-like bytes of U+D800, which are not valid UTF-8.
    inPath: 'x%ED%A0%80y',
    query: (op) => queryOf(op, 'x%ED%A0%80y'),
    body: (op) => JSON.stringify(bodyWithEvery(op.body, 'x\ud800y')),
    refusedAnywhere: true,
  },
  {
    name: '1 MB string',
    inPath: MEGABYTE_STRING,
    query: (op) => queryOf(op, MEGABYTE_STRING),
    body: (op) => {
      const key = firstStringProperty(op.body) ?? Object.keys(op.body?.properties ?? {})[0];
      return JSON.stringify({ [key ?? 'value']: MEGABYTE_STRING });
    },
    refusedAnywhere: false,
  },
  {
    name: '10,000-deep JSON',
    inPath: encodeURIComponent(DEEP_JSON.slice(0, 2000)),
    query: (op) => queryOf(op, encodeURIComponent(DEEP_JSON)),
    body: () => `{"value":${DEEP_JSON}}`,
    refusedAnywhere: false,
  },
  {
    name: 'wrong types',
    inPath: 'not-an-id',
    // A repeated parameter arrives as an array, where the schemas want one value.
    query: (op) =>
      queryNames(op)
        .map((n) => `${n}=1&${n}=%7B%7D`)
        .join('&'),
    body: (op) =>
      op.body?.type === 'object' || op.body?.properties
        ? JSON.stringify(
            Object.fromEntries(
              Object.entries(op.body.properties ?? { value: {} }).map(([k, s]) => [
                k,
                wrongTypeFor(s),
              ]),
            ),
          )
        : JSON.stringify({ unexpected: 'an object where the schema wants another type' }),
    refusedAnywhere: false,
  },
  {
    name: 'prototype keys',
    inPath: '__proto__',
    query: () => '__proto__%5Bpolluted%5D=1&constructor%5Bprototype%5D%5Bpolluted%5D=1',
    body: () =>
      '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"value":1}',
    refusedAnywhere: true,
  },
];

/** Tables whose every row is compared before and after (sessions and rate limits move by design). */
const FINGERPRINTED_TABLES = [
  'business_accounts',
  'account_members',
  'account_invitations',
  'users',
  'auth_identities',
  'two_factors',
  'business_details',
  'subscriptions',
  'contact_messages',
  'customers',
  'employees',
  'invoice_settings',
  'invoices',
  'invoice_payments',
  'invoice_events',
  'idempotency_keys',
  'invoice_reminders',
  'payment_webhook_events',
  'job_series',
  'jobs',
  'job_assignees',
  'job_checklist_items',
  'job_photos',
  'job_events',
  'calendar_feeds',
  'mail_messages',
  'requests',
  'request_events',
  'inspection_templates',
  'inspections',
  'inspection_answers',
  'inspection_photos',
  'inspection_share_links',
  'inspection_quotes',
  'inventory_categories',
  'inventory_items',
  'inventory_locations',
  'inventory_movements',
  'inventory_balances',
  'inventory_settings',
  'sales_opportunities',
  'sales_opportunity_requests',
  'sales_stage_moves',
  'sales_notes',
  'sales_settings',
  'client_hub_settings',
  'client_hub_contacts',
  'client_hub_codes',
  'client_hub_sessions',
  'access_entries',
  'access_reveals',
  'visit_proofs',
  'proof_settings',
  'field_changes',
];
const COUNTED_TABLES = ['sessions', 'verifications'];

async function databaseFingerprint(app: FastifyInstance): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of FINGERPRINTED_TABLES) {
    const res = (await app.db.execute(
      sql.raw(
        `SELECT count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') AS f FROM ${table} t`,
      ),
    )) as unknown as { rows: { f: string }[] };
    result[table] = res.rows[0]!.f;
  }
  for (const table of COUNTED_TABLES) {
    const res = (await app.db.execute(
      sql.raw(`SELECT count(*)::text AS f FROM ${table}`),
    )) as unknown as { rows: { f: string }[] };
    result[table] = res.rows[0]!.f;
  }
  return result;
}

/**
 * Cases where the value is a legitimate input of the operation, so a 2xx is right (still never
 * a 5xx, still nothing stored): "operation [value]".
 */
const ACCEPTED_AS_VALID = new Set([
  // A 1 MB CSV of one column is a file the import preview may read (the limit is 5 MB); the
  // preview stores nothing.
  'POST /api/customers/import/preview [1 MB string]',
  // The same for the inventory items' preview (its limit is 2 MB).
  'POST /api/inventory/items/import/preview [1 MB string]',
]);

interface Case {
  op: Operation;
  value: HostileValue;
  actor: 'owner' | 'anonymous';
  /**
   * input: the body if the operation takes one, else its query, else its path. path: the path
   * parameters (with an empty body or no query), for operations that have both.
   */
  placement: 'input' | 'path';
}

interface Outcome extends Case {
  status: number;
  body: string;
}

describe('hostile values to every operation of the OpenAPI document', () => {
  let t: TestApp;
  let owner: SignedInUser;
  let operations: Operation[];
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    owner = await ownerWithBusinessProfile(t.app, { businessName: 'Hostile Input Co' });
    const customer = await addContact(t.app, owner);
    const job = await createJobAs(t.app, owner, { customerId: customer.id });
    const request = await createRequestAs(t.app, owner);
    // Issued today, so it is not overdue: the hourly run (queued at start, it may run at any
    // moment) must find nothing to announce while the hostile requests are sent.
    const today = localDateOf(new Date(), BUSINESS_TIME_ZONE);
    const invoice = await createInvoiceAs(t.app, owner, { issueDate: today });
    const paid = await payAs(t.app, owner, invoice.id, { amountCents: 100, paidOn: today });
    expect(paid.statusCode, paid.body).toBe(201);
    const colleague = await colleagueOf(t.app, owner);
    const inspection = await startInspectionAs(t.app, owner, { customerId: customer.id });
    // The pipeline's first use (and its reading of the requests above) happens here, not during
    // the hostile requests: a read must find nothing to write.
    const opportunity = await asUser(t.app, owner, {
      method: 'POST',
      url: '/api/sales/opportunities',
      payload: { customerId: customer.id },
    });
    expect(opportunity.statusCode, opportunity.body).toBe(201);
    await t.app.events.idle();
    Object.assign(ids, {
      opportunities: opportunity.json().id,
      customers: customer.id,
      jobs: job.id,
      requests: request.id,
      invoices: invoice.id,
      payments: paid.json().payments[0].id,
      employees: await ownEmployeeId(t.app, owner),
      userId: colleague.userId,
      accountId: owner.accountId,
      inspections: inspection.inspectionId,
      inspectionTemplates: inspection.templateId,
    });
    operations = operationsOf(t.app.swagger() as never);
  });
  afterAll(() => t.close());

  /** A real id of the owner's records where the path names one, else a random uuid. */
  function realParam(op: Operation, name: string): string {
    if (name === 'userId' || name === 'accountId') return ids[name]!;
    if (name === 'id') {
      for (const [prefix, key] of [
        ['/api/customers/', 'customers'],
        ['/api/jobs/', 'jobs'],
        ['/api/requests/', 'requests'],
        ['/api/invoices/', 'invoices'],
        ['/api/payments/', 'payments'],
        ['/api/team/employees/', 'employees'],
        ['/api/inspections/', 'inspections'],
        ['/api/inspection-templates/', 'inspectionTemplates'],
        ['/api/sales/opportunities/', 'opportunities'],
      ] as const) {
        if (op.path.startsWith(prefix)) return ids[key]!;
      }
    }
    return crypto.randomUUID();
  }

  /** The request of a case, or null when the operation has nowhere to put the value. */
  function requestFor(c: Case): InjectOptions | null {
    const { op, value } = c;
    const headers = { origin: TEST_ORIGIN };
    if (c.placement === 'path') {
      return {
        method: op.method as InjectOptions['method'],
        url: op.path.replace(/\{(\w+)\}/g, () => value.inPath),
        headers: op.body ? { ...headers, 'content-type': 'application/json' } : headers,
        ...(op.body ? { payload: '{}' } : {}),
      };
    }
    const hasInput = op.body !== undefined || op.queryParams.length > 0 || op.pathParams.length > 0;
    // An operation that reads nothing gets only the values refused wherever they are: the
    // others would simply run it (and a write would store its normal result).
    if (!hasInput && !value.refusedAnywhere) return null;
    const intoPath = op.body === undefined && op.queryParams.length === 0;
    const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      intoPath ? value.inPath : realParam(op, name),
    );
    const options: InjectOptions = {
      method: op.method as InjectOptions['method'],
      url: intoPath && op.pathParams.length > 0 ? path : `${path}?${value.query(op)}`,
      headers,
    };
    if (op.body !== undefined || (!hasInput && op.method !== 'GET')) {
      options.headers = { ...headers, 'content-type': 'application/json' };
      options.payload = value.body(op);
    }
    return options;
  }

  // About 1,500 requests: seconds alone, but over 20 s beside the other suites on two cores.
  it(
    'when each is sent, then every answer is a 4xx, never a 5xx, and nothing is stored',
    { timeout: 180_000 },
    async () => {
      const started = performance.now();
      const before = await databaseFingerprint(t.app);
      const outcomes: Outcome[] = [];
      const covered = new Set<string>();
      let notApplicable = 0;
      for (const op of operations) {
        for (const value of HOSTILE_VALUES) {
          const placements: Case['placement'][] =
            op.pathParams.length > 0 && (op.body !== undefined || op.queryParams.length > 0)
              ? ['input', 'path']
              : ['input'];
          for (const placement of placements) {
            for (const actor of ['owner', 'anonymous'] as const) {
              const c: Case = { op, value, actor, placement };
              const options = requestFor(c);
              if (!options) {
                notApplicable++;
                continue;
              }
              const res =
                actor === 'owner'
                  ? await asUser(t.app, owner, options)
                  : await t.app.inject(options);
              outcomes.push({ ...c, status: res.statusCode, body: res.body.slice(0, 300) });
              covered.add(`${op.method} ${op.path}`);
            }
          }
        }
      }
      const after = await databaseFingerprint(t.app);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.info(
        `hostile inputs: ${operations.length} operations × ${HOSTILE_VALUES.length} values × 2 actors ` +
          `(× 2 places where an operation has path parameters and a body or query): ` +
          `${outcomes.length} requests sent, ${notApplicable} not applicable, in ${seconds} s`,
      );

      const describeOutcome = (o: Outcome) =>
        `${o.op.method} ${o.op.path} [${o.value.name} in ${o.placement}, ${o.actor}] → ${o.status} ${o.body}`;
      expect(outcomes.filter((o) => o.status >= 500).map(describeOutcome)).toEqual([]);
      const accepted = outcomes.filter((o) => o.status < 400);
      expect(
        accepted
          .filter((o) => !ACCEPTED_AS_VALID.has(`${o.op.method} ${o.op.path} [${o.value.name}]`))
          .map(describeOutcome),
      ).toEqual([]);
      expect(after).toEqual(before);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      // Every operation of the document got hostile values.
      expect(covered.size).toBe(operations.length);
      expect(operations.length).toBeGreaterThan(50);
    },
  );
});
