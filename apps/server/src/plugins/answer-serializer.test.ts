import { randomUUID } from 'node:crypto';
import {
  CUSTOMER_SOURCES,
  CUSTOMER_TYPES,
  customerListResponseSchema,
  customerSchema,
} from '@crewdesk/domain';
import { ResponseSerializationError, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeEncode, type $ZodType } from 'zod/v4/core';
import { createTestApp, signedInUser, asUser, type TestApp } from '../../test/build-app.ts';
import { addContact } from '../../test/customers.ts';
import type { Config } from '../config.ts';
import { answerSerializerCompiler, compileAnswerProjector } from './answer-serializer.ts';

function serializerFor(schema: $ZodType, nodeEnv: Config['nodeEnv']) {
  return answerSerializerCompiler(nodeEnv)({ schema, method: 'GET', url: '/api/test' });
}

/** What the answer's JSON was before decision 046: zod's encode, stringified. */
function zodJson(schema: $ZodType, answer: unknown): string {
  const result = safeEncode(schema, answer);
  if (!result.success) throw new Error(`zod refuses the answer: ${result.error.message}`);
  return JSON.stringify(result.data);
}

/** The projection's JSON, from the projection itself (no fallback to zod could hide a difference). */
function projectedJson(schema: $ZodType, answer: unknown): string {
  const project = compileAnswerProjector(schema);
  if (!project) throw new Error('the schema was left to zod as a whole');
  return JSON.stringify(project(answer));
}

function expectZodsError(schema: $ZodType, answer: unknown) {
  const expected = safeEncode(schema, answer);
  expect(expected.success).toBe(false);
  let thrown: unknown;
  try {
    serializerFor(schema, 'production')(answer);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ResponseSerializationError);
  expect((thrown as ResponseSerializationError).cause).toMatchObject({
    issues: expected.error?.issues,
  });
}

let sequence = 0;

/** A contact as the list answers it, and what a repository row carries beside it. */
function contactRow(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  const full = sequence % 3 !== 0;
  return {
    id: randomUUID(),
    firstName: `Ann${sequence}`,
    lastName: 'Lee',
    email: full ? `ann${sequence}@example.test` : null,
    phone: full ? '(512) 555-0100' : null,
    company: sequence % 2 ? 'Lee Plumbing LLC' : null,
    address: full ? '1200 Barton Springs Rd' : null,
    city: full ? 'Austin' : null,
    state: full ? 'TX' : null,
    zip: full ? '78704' : null,
    latitude: full ? 30.2617 : null,
    longitude: full ? -97.7622 : null,
    customerType: CUSTOMER_TYPES[sequence % CUSTOMER_TYPES.length],
    source: CUSTOMER_SOURCES[sequence % CUSTOMER_SOURCES.length],
    assignedTo: full ? randomUUID() : null,
    whatsapp: null,
    facebook: full ? 'ann.lee' : null,
    instagram: null,
    notes: full ? 'Gate code 4821; dog in the yard.' : null,
    createdBy: randomUUID(),
    createdAt: '2025-03-14T15:09:26.535Z',
    updatedAt: '2025-04-01T08:00:00.000Z',
    archivedAt: null,
    // Columns the answer must not carry.
    accountId: randomUUID(),
    searchText: `ann${sequence} lee`,
    ...overrides,
  };
}

function customerList(count: number) {
  return {
    items: Array.from({ length: count }, () => contactRow()),
    nextCursor: 'eyJjcmVhdGVkQXQiOiIyMDI1In0',
    total: 240,
    totalCapped: false,
    queryPlan: 'not for the client',
  };
}

const crewMemberSchema = z.object({ id: z.uuid(), name: z.string() });
const visitSchema = z.object({
  id: z.uuid(),
  startsAt: z.iso.datetime(),
  notes: z.string().max(500).optional(),
  crew: z.array(crewMemberSchema).nullable(),
  checklist: z.object({ done: z.int(), total: z.int() }).nullable(),
});
const jobsSchema = z.object({
  jobs: z.array(
    z.object({
      id: z.uuid(),
      kind: z.literal('job'),
      status: z.enum(['open', 'done']),
      client: z.object({ name: z.string(), email: z.email().nullable() }).nullable(),
      visits: z.array(visitSchema),
      tags: z.array(z.string()).default([]),
      archived: z.boolean().readonly(),
      extra: z.unknown(),
    }),
  ),
});

function visit() {
  return { id: randomUUID(), startsAt: '2025-05-03T13:00:00Z', crew: null, checklist: null };
}

function withoutKey(object: Record<string, unknown>, key: string) {
  const { [key]: _dropped, ...rest } = object;
  return rest;
}

function jobsAnswer() {
  return {
    jobs: [
      {
        id: randomUUID(),
        kind: 'job',
        status: 'open',
        client: { name: 'Ann Lee', email: null, secret: 'client' },
        visits: [
          {
            id: randomUUID(),
            startsAt: '2025-05-02T13:00:00Z',
            notes: 'Bring the ladder',
            crew: [{ id: randomUUID(), name: 'Bo', hourlyRateCents: 4200 }],
            checklist: { done: 2, total: 5, secret: 'checklist' },
            secret: 'visit',
          },
          visit(),
        ],
        tags: ['roof'],
        archived: false,
        // z.unknown() hands it on whole, extra keys and all, as zod does.
        extra: { anything: [1, { goes: true }] },
        secret: 'job',
      },
      {
        id: randomUUID(),
        kind: 'job',
        status: 'done',
        client: null,
        visits: [],
        tags: [],
        archived: true,
        extra: null,
      },
    ],
    secret: 'top',
  };
}

const countsSchema = z.object({
  byStatus: z.record(z.string(), z.object({ count: z.int(), label: z.string().nullable() })),
  totals: z.record(z.string(), z.number()),
});

const payerSchema = z.object({
  id: z.uuid(),
  payer: z.union([
    z.object({ kind: z.literal('person'), name: z.string() }),
    z.object({ kind: z.literal('business'), company: z.string() }),
  ]),
  event: z.discriminatedUnion('type', [
    z.object({ type: z.literal('paid'), amountCents: z.int() }),
    z.object({ type: z.literal('refunded'), reason: z.string() }),
  ]),
});

const isoDate = z.codec(z.iso.datetime(), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});
const rewrittenSchema = z.object({
  when: isoDate,
  name: z.string().trim(),
  code: z.string().toLowerCase(),
  site: z.url(),
  label: z.string().transform((text) => text.toUpperCase()),
  plain: z.string(),
});

interface Folder {
  name: string;
  children: Folder[];
}
const folderSchema: z.ZodType<Folder> = z.object({
  name: z.string(),
  get children() {
    return z.array(folderSchema);
  },
});

describe('answers projected onto their schema in production', () => {
  it('when the contacts list carries columns its schema does not, then its JSON is exactly zod’s, without them', () => {
    const answer = customerList(25);

    const json = serializerFor(customerListResponseSchema, 'production')(answer);

    expect(projectedJson(customerListResponseSchema, answer)).toBe(json);
    expect(json).toBe(zodJson(customerListResponseSchema, answer));
    expect(json).not.toMatch(/accountId|searchText|queryPlan/);
    expect(Object.keys(JSON.parse(json).items[0])).toEqual(Object.keys(customerSchema.shape));
  });

  it('when objects nest in arrays and nullable children, then each depth keeps only its declared keys, as zod does', () => {
    const answer = jobsAnswer();

    const json = projectedJson(jobsSchema, answer);

    expect(json).toBe(zodJson(jobsSchema, answer));
    expect(json).not.toMatch(/secret|hourlyRateCents/);
    expect(json).toContain('"extra":{"anything":[1,{"goes":true}]}');
  });

  it('when a record holds objects, then every entry is kept and each object stripped, as zod does', () => {
    const answer = {
      byStatus: {
        open: { count: 3, label: 'Open', secret: 1 },
        done: { count: 0, label: null },
      },
      totals: { '2025-05': 1200.5, '2025-04': 0 },
      secret: true,
    };

    const json = projectedJson(countsSchema, answer);

    expect(json).toBe(zodJson(countsSchema, answer));
    expect(json).not.toContain('secret');
  });

  it('when a field is a union, then zod encodes that field and the rest is projected', () => {
    const answer = {
      id: randomUUID(),
      payer: { kind: 'business', company: 'Lee Plumbing LLC', secret: 'payer' },
      event: { type: 'refunded', reason: 'duplicate', secret: 'event' },
      secret: 'top',
    };

    const json = projectedJson(payerSchema, answer);

    expect(json).toBe(zodJson(payerSchema, answer));
    expect(json).not.toContain('secret');
  });

  it('when fields are codecs, transforms or rewriting checks, then zod encodes them as before', () => {
    const schema = rewrittenSchema.omit({ label: true });
    const answer = {
      when: new Date('2025-05-02T13:00:00.000Z'),
      name: '  Ann Lee  ',
      code: 'ABC',
      site: '  https://example.test/a\t',
      plain: 'kept',
      secret: 'top',
    };

    const json = projectedJson(schema, answer);

    expect(json).toBe(zodJson(schema, answer));
    expect(JSON.parse(json)).toEqual({
      when: '2025-05-02T13:00:00.000Z',
      name: 'Ann Lee',
      code: 'abc',
      site: 'https://example.test/a',
      plain: 'kept',
    });
  });

  it('when a field is a one-way transform, then it fails as zod fails to encode it', () => {
    const answer = { when: new Date(), name: 'a', code: 'a', site: 'https://a.test', label: 'x' };

    expect(() => serializerFor(rewrittenSchema, 'production')(answer)).toThrow(
      /Encountered unidirectional transform/,
    );
    expect(() => serializerFor(rewrittenSchema, 'test')(answer)).toThrow(
      /Encountered unidirectional transform/,
    );
  });

  it('when the whole schema is a union or recursive, then the answer is still zod’s JSON', () => {
    const union = z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]);
    const folders = {
      name: 'root',
      children: [{ name: 'a', children: [{ name: 'b', children: [], secret: 1 }] }],
      secret: 2,
    };

    expect(compileAnswerProjector(union)).toBeUndefined();
    expect(serializerFor(union, 'production')({ b: 1, c: 2 })).toBe('{"b":1}');
    expect(projectedJson(folderSchema, folders)).toBe(zodJson(folderSchema, folders));
    expect(projectedJson(folderSchema, folders)).not.toContain('secret');
  });

  it('when optional keys are absent or undefined, then they are left out as zod leaves them out', () => {
    const schema = z.object({
      a: z.string().optional(),
      b: z.string().nullable().optional(),
      c: z.number().default(1),
      d: z.unknown(),
      e: z.string().exactOptional(),
    });
    const answer = { b: undefined, c: 2, d: undefined };

    expect(projectedJson(schema, answer)).toBe(zodJson(schema, answer));
  });

  it('when keys need quoting, then they are read and written as keys, as zod does', () => {
    const schema = z.object({
      'say "hi"': z.string(),
      'line\nbreak': z.string(),
      '\u2028': z.string(),
      '2': z.number(),
      "'); throw 1; ('": z.string(),
      ['__proto__']: z.string().optional(),
    });
    const answer = JSON.parse(
      '{"say \\"hi\\"":"a","line\\nbreak":"b","\\u2028":"c","2":2,"\'); throw 1; (\'":"d","__proto__":"e"}',
    );

    expect(projectedJson(schema, answer)).toBe(zodJson(schema, answer));
    expect(Object.keys(JSON.parse(projectedJson(schema, answer)))).toHaveLength(5);
  });

  it.each([
    ['null where an object is declared', { jobs: [null] }],
    ['a required key missing', { jobs: [withoutKey(jobsAnswer().jobs[0]!, 'kind')] }],
    ['a number outside its enum', { jobs: [{ ...jobsAnswer().jobs[1], status: 3 }] }],
    [
      'an object where a string is declared',
      { jobs: [{ ...jobsAnswer().jobs[1], client: { name: { first: 'Ann' }, email: null } }] },
    ],
    ['a value outside its literal', { jobs: [{ ...jobsAnswer().jobs[1], kind: 'visit' }] }],
    ['an object where an array is declared', { jobs: { 0: jobsAnswer().jobs[1] } }],
    [
      'NaN where a number is declared',
      {
        jobs: [
          { ...jobsAnswer().jobs[1], visits: [{ ...visit(), checklist: { done: NaN, total: 1 } }] },
        ],
      },
    ],
  ])('when the answer has %s, then it fails as zod fails it', (_case, answer) => {
    expectZodsError(jobsSchema, answer);
  });

  it('when a defaulted key is missing, then it fails as zod fails it (encoding fills in no default)', () => {
    expectZodsError(z.object({ c: z.number().default(1) }), {});
  });

  it('when a union field matches no member, then the error is zod’s, with the path from the top', () => {
    const answer = { id: randomUUID(), payer: { kind: 'robot' }, event: { type: 'paid' } };

    expectZodsError(payerSchema, answer);
  });

  it('when a value breaks only its format, then production writes it as it is and tests refuse it', () => {
    const answer = { ...customerList(0), items: [contactRow({ id: 'not-a-uuid' })] };

    const json = serializerFor(customerListResponseSchema, 'production')(answer);

    expect(JSON.parse(json).items[0].id).toBe('not-a-uuid');
    expect(() => serializerFor(customerListResponseSchema, 'test')(answer)).toThrow(
      ResponseSerializationError,
    );
  });
});

describe('a production app answering through the projection', () => {
  let t: TestApp;
  const answerSchema = z.object({
    id: z.uuid(),
    owner: z.object({ name: z.string() }),
    lines: z.array(z.object({ label: z.string(), cents: z.int() })),
  });

  beforeAll(async () => {
    t = await createTestApp({ nodeEnv: 'production' }, (app) => {
      const zodApp = app.withTypeProvider<ZodTypeProvider>();
      zodApp.get(
        '/api/test/answer-with-extras',
        { schema: { response: { 200: answerSchema } } },
        async () => ({
          id: '0b5cf6a4-4c36-4d5e-9f3c-2d4a7c5e8b91',
          owner: { name: 'Ann', passwordHash: 'x' },
          lines: [{ label: 'Roof', cents: 1200, costCents: 700 }],
          accountId: 'x',
        }),
      );
      zodApp.get(
        '/api/test/unchecked-format',
        { schema: { response: { 200: answerSchema } } },
        async () => ({ id: 'not-a-uuid', owner: { name: 'Ann' }, lines: [] }),
      );
      zodApp.get(
        '/api/test/broken-answer',
        { schema: { response: { 200: answerSchema } } },
        // The shape a bug would hand over: the owner is declared an object.
        async () =>
          ({ id: '0b5cf6a4-4c36-4d5e-9f3c-2d4a7c5e8b91', owner: null, lines: [] }) as never,
      );
    });
  });
  afterAll(() => t.close());

  it('when a route answers undeclared keys, then they are dropped at every depth', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/answer-with-extras' });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: '0b5cf6a4-4c36-4d5e-9f3c-2d4a7c5e8b91',
      owner: { name: 'Ann' },
      lines: [{ label: 'Roof', cents: 1200 }],
    });
  });

  it('when a route answers a value not of its schema’s shape, then the app answers 500 as before', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/broken-answer' });

    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 'INTERNAL' });
  });

  it('when an answer breaks only a format, then production sends it unchecked (tests refuse it)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/unchecked-format' });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 'not-a-uuid', owner: { name: 'Ann' }, lines: [] });
  });

  it('when the contacts list is asked for, then each contact carries exactly the schema’s fields', async () => {
    const owner = await signedInUser(t.app);
    await addContact(t.app, owner, { company: 'Lee Plumbing LLC' });
    await addContact(t.app, owner);

    const res = await asUser(t.app, owner, {
      method: 'GET',
      url: '/api/customers?sort=newest&limit=25',
    });

    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.items).toHaveLength(2);
    expect(body).toEqual(customerListResponseSchema.parse(body));
    for (const item of body.items)
      expect(Object.keys(item)).toEqual(Object.keys(customerSchema.shape));
  });
});
