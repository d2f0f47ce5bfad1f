import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import {
  $ZodType,
  safeEncode,
  util,
  type $ZodArrayDef,
  type $ZodObjectDef,
  type $ZodRecordDef,
  type $ZodTypes,
} from 'zod/v4/core';
import type { Config } from '../config.ts';

/**
 * Answers serialized by their response schema (decision 046).
 *
 * Outside production every answer is encoded by zod, as fastify-type-provider-zod does: the
 * tests catch an answer that breaks its schema. In production zod's encode re-checked every
 * field of data our own code had just built (a uuid and a datetime regex per field, ~7.5 % of
 * the server's CPU on the contacts list), so there the answer is projected instead: only the keys
 * the schema declares are copied, as zod's default stripping would, and each value's JavaScript
 * type is checked (typeof; an enum's or literal's value by membership); formats, lengths, ranges
 * and refinements are not re-checked. Whatever the projection cannot reproduce exactly is left to
 * zod, and an answer that is not of the declared shape is encoded by zod as a whole, so its error
 * is zod's.
 */

/** Copies of an answer (or a part of one) holding only what its schema declares. */
export type AnswerProjector = (value: unknown) => unknown;

/**
 * Thrown where a value is not of the declared shape (null for an object, a missing required key,
 * a number for a string): the serializer then lets zod encode the whole answer, so the error and
 * its path are zod's. One instance thrown again and again: nothing is allocated on that path.
 */
const NOT_PROJECTABLE = new Error('the answer is not of the shape its schema declares');

function notProjectable(): never {
  throw NOT_PROJECTABLE;
}

type ResponseSchema = Parameters<typeof zodSerializerCompiler>[0]['schema'];

/** Fastify's serializer compiler: zod's encode outside production, the projection in production. */
export function answerSerializerCompiler(nodeEnv: Config['nodeEnv']): typeof zodSerializerCompiler {
  if (nodeEnv !== 'production') return zodSerializerCompiler;
  return (route) => {
    // Compiled first: it also refuses a schema that is not zod's, as before.
    const encodeWithZod = zodSerializerCompiler(route);
    const project = compileAnswerProjector(zodSchemaOf(route.schema));
    if (!project) return encodeWithZod;
    return (answer) => {
      let projected: unknown;
      try {
        projected = project(answer);
      } catch (error) {
        if (error === NOT_PROJECTABLE) return encodeWithZod(answer);
        throw error;
      }
      return JSON.stringify(projected);
    };
  };
}

function zodSchemaOf(schema: ResponseSchema): $ZodType {
  return schema instanceof $ZodType ? schema : schema.properties;
}

/**
 * The projection of answers onto `schema`, walked once here; undefined when no part of it can be
 * projected and zod should encode the whole answer.
 */
export function compileAnswerProjector(schema: $ZodType): AnswerProjector | undefined {
  return compile(schema, new Set());
}

/** `inProgress`: the schemas being compiled around this one, to stop at a recursive schema. */
function compile(schema: $ZodType, inProgress: Set<$ZodType>): AnswerProjector | undefined {
  // A schema met again inside itself is recursive: zod encodes the inner repeat.
  if (inProgress.has(schema) || !keepsValueOnEncode(schema)) return undefined;
  inProgress.add(schema);
  try {
    return compileByType(schema, inProgress);
  } finally {
    inProgress.delete(schema);
  }
}

/** A part of the schema the projection cannot reproduce is encoded by zod, for that part only. */
function compileOrEncodeWithZod(schema: $ZodType, inProgress: Set<$ZodType>): AnswerProjector {
  return compile(schema, inProgress) ?? encodeSubtreeWithZod(schema);
}

function encodeSubtreeWithZod(schema: $ZodType): AnswerProjector {
  // A failure is re-encoded from the top, so that zod's error has the answer's full path.
  return (value) => {
    const result = safeEncode(schema, value);
    return result.success ? result.data : notProjectable();
  };
}

function compileByType(schema: $ZodType, inProgress: Set<$ZodType>): AnswerProjector | undefined {
  const def = (schema as $ZodTypes)._zod.def;
  switch (def.type) {
    case 'string':
      return projectString;
    case 'number':
      return projectNumber;
    case 'boolean':
      return projectBoolean;
    case 'null':
      return projectNull;
    case 'any':
    case 'unknown':
      // zod hands these on as they are, without copying.
      return passThrough;
    case 'enum':
    case 'literal':
      return projectOneOf(schema._zod.values ?? new Set());
    case 'nullable':
      return nullable(compile(def.innerType, inProgress));
    case 'optional':
      return compileOptional(schema, def.innerType, inProgress);
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      // Encoding runs only the inner schema: no default is filled in, no value caught or frozen.
      return compile(def.innerType, inProgress);
    case 'array':
      return compileArray(def, inProgress);
    case 'object':
      return compileObject(def, inProgress);
    case 'record':
      return compileRecord(def, inProgress);
    default:
      // Unions, pipes (transforms, codecs, preprocess), dates, lazy, intersections, tuples, maps,
      // sets, bigints...: what zod makes of them is zod's to say.
      return undefined;
  }
}

/**
 * Checks that only read the value. An `overwrite` check (trim, toLowerCase, normalize...) rewrites
 * it, and so does a URL format (zod answers it trimmed, or normalized); a check kind zod adds later
 * is not known to be harmless. Coercion rewrites the value too.
 */
const READ_ONLY_CHECKS = new Set([
  'string_format',
  'number_format',
  'bigint_format',
  'less_than',
  'greater_than',
  'multiple_of',
  'max_size',
  'min_size',
  'size_equals',
  'max_length',
  'min_length',
  'length_equals',
  'property',
  'properties',
  'mime_type',
  'custom',
]);

interface CheckDef {
  check?: string;
  format?: string;
  coerce?: boolean;
}

function keepsValueOnEncode(schema: $ZodType): boolean {
  const def = schema._zod.def as CheckDef & { checks?: { _zod: { def: CheckDef } }[] };
  if (def.coerce) return false;
  // A string format (z.uuid(), z.url()...) is its own check.
  const checks = [def, ...(def.checks ?? []).map((check) => check._zod.def)];
  return checks.every(
    (check) =>
      check.check === undefined || (READ_ONLY_CHECKS.has(check.check) && check.format !== 'url'),
  );
}

const projectString: AnswerProjector = (value) =>
  typeof value === 'string' ? value : notProjectable();

// zod's number refuses NaN and the infinities (JSON would write them as null).
const projectNumber: AnswerProjector = (value) =>
  typeof value === 'number' && Number.isFinite(value) ? value : notProjectable();

const projectBoolean: AnswerProjector = (value) =>
  typeof value === 'boolean' ? value : notProjectable();

const projectNull: AnswerProjector = (value) => (value === null ? value : notProjectable());

const passThrough: AnswerProjector = (value) => value;

function projectOneOf(values: ReadonlySet<unknown>): AnswerProjector {
  return (value) => (values.has(value) ? value : notProjectable());
}

function nullable(inner: AnswerProjector | undefined): AnswerProjector | undefined {
  if (!inner) return undefined;
  return (value) => (value === null ? null : inner(value));
}

function compileOptional(
  schema: $ZodType,
  innerType: $ZodType,
  inProgress: Set<$ZodType>,
): AnswerProjector | undefined {
  // An optional around a default runs the default on undefined: rare, left to zod.
  if (innerType._zod.optin === 'defaulted') return undefined;
  const inner = compile(innerType, inProgress);
  if (!inner) return undefined;
  // z.exactOptional() lets a key be absent but not undefined: the inner schema judges undefined.
  if (schema._zod.traits.has('$ZodExactOptional')) return inner;
  return (value) => (value === undefined ? undefined : inner(value));
}

function compileArray(def: $ZodArrayDef, inProgress: Set<$ZodType>): AnswerProjector {
  const element = compileOrEncodeWithZod(def.element, inProgress);
  return (value) => {
    if (!Array.isArray(value)) return notProjectable();
    // Indexed, not map(): zod reads a hole as undefined, map() would skip it.
    const projected = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) projected[i] = element(value[i]);
    return projected;
  };
}

/**
 * What zod makes of a declared key missing from the answer: an error (a required key), nothing
 * (an optional one), or whatever the schema makes of undefined.
 */
type WhenAbsent = 'fails' | 'omitted' | 'projected';

interface Field {
  key: string;
  project: AnswerProjector;
  whenAbsent: WhenAbsent;
}

function compileObject(def: $ZodObjectDef, inProgress: Set<$ZodType>): AnswerProjector | undefined {
  // Strict, loose and catchall objects keep zod's own rules for undeclared keys.
  if (def.catchall) return undefined;
  const shape = def.shape;
  if (Object.getOwnPropertySymbols(shape).length > 0) return undefined;
  const fields: Field[] = [];
  for (const key of Object.keys(shape)) {
    // zod never copies a __proto__ key (it would replace the copy's prototype).
    if (key === '__proto__') continue;
    const schema = shape[key]!;
    const whenAbsent = whenKeyAbsent(schema);
    if (!whenAbsent) return undefined;
    fields.push({ key, project: compileOrEncodeWithZod(schema, inProgress), whenAbsent });
  }
  const projectFields = generateFieldsProjector(fields);
  return (value) => (util.isObject(value) ? projectFields(value) : notProjectable());
}

/** As zod's object decides it (handlePropertyResult in zod/v4/core/schemas.js). */
function whenKeyAbsent(schema: $ZodType): WhenAbsent | undefined {
  const { optin, optout } = schema._zod;
  if (optin === undefined) return 'fails';
  if (optin === 'optional' && optout === 'optional') return 'omitted';
  // Defaulted yet optional: zod drops the default's errors for an absent key. Rare, left to zod.
  if (optout === 'optional') return undefined;
  return 'projected';
}

/**
 * An object's projection as generated code: one object literal of the declared keys, in the
 * schema's order (zod's), each read by name, e.g.
 *   (value) => ({ "id": "id" in value ? project[0](value["id"]) : absent(), ... })
 * A loop over the keys (value[key], copy[key] = ...) measured ~20 times slower: a key that changes
 * at every turn makes each property access a generic lookup. zod builds its own object parser
 * the same way ($ZodObjectJIT). An omitted key comes out as undefined, which JSON leaves out as
 * zod leaves out the key. Keys are written as JSON string literals, never as code.
 */
function generateFieldsProjector(
  fields: readonly Field[],
): (value: Record<PropertyKey, unknown>) => Record<string, unknown> {
  const properties = fields.map(({ key, whenAbsent }, index) => {
    const name = JSON.stringify(key);
    const projected = `project[${index}](value[${name}])`;
    if (whenAbsent === 'projected') return `${name}: ${projected}`;
    const absent = whenAbsent === 'fails' ? 'absent()' : 'undefined';
    return `${name}: ${name} in value ? ${projected} : ${absent}`;
  });
  const build = new Function(
    'project',
    'absent',
    `return (value) => ({ ${properties.join(', ')} });`,
  ) as (
    project: AnswerProjector[],
    absent: () => never,
  ) => (value: Record<PropertyKey, unknown>) => Record<string, unknown>;
  return build(
    fields.map((field) => field.project),
    notProjectable,
  );
}

function compileRecord(def: $ZodRecordDef, inProgress: Set<$ZodType>): AnswerProjector | undefined {
  const keyType = def.keyType as $ZodType;
  // Keys of a finite set (enum, literal) are each required, loose records keep the keys they
  // refuse, and non-string keys are matched as numbers: zod's rules, left to zod.
  if (def.mode === 'loose' || keyType._zod.values) return undefined;
  if (keyType._zod.def.type !== 'string' || !keepsValueOnEncode(keyType)) return undefined;
  const entry = compileOrEncodeWithZod(def.valueType, inProgress);
  return (value) => {
    if (!util.isPlainObject(value)) return notProjectable();
    // zod refuses a symbol key under a string key schema; it says so itself.
    if (Object.getOwnPropertySymbols(value).length > 0) return notProjectable();
    const projected: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      if (key !== '__proto__') projected[key] = entry(value[key]);
    }
    return projected;
  };
}
