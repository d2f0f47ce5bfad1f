import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

/**
 * The deepest JSON body the API parses. Our own bodies nest a few levels; past this, walking
 * the parsed value (validation, JSON.stringify in the auth proxy and the idempotency
 * fingerprint) could overflow the stack and answer 500.
 */
export const MAX_JSON_DEPTH = 64;

export const TOO_DEEP_MESSAGE = `The JSON body is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`;
export const INVALID_TEXT_MESSAGE =
  'The request contains a character that is not allowed (a null byte or broken Unicode). Remove it and try again.';

export const PROTOTYPE_KEY_MESSAGE =
  'The query names __proto__, constructor or prototype, which no endpoint takes.';

/**
 * Text PostgreSQL cannot store or that is not valid Unicode: a NUL (text columns refuse it) or
 * a UTF-16 surrogate without its partner (it has no UTF-8 form, so encoding it fails).
 */
const INVALID_TEXT =
  // eslint-disable-next-line no-control-regex -- matching NUL is the point
  /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether the JSON text opens more than `max` arrays/objects inside each other. */
export function jsonNestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character, a quote included
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  // Uploads arrive as Buffers: bytes, not text, and far too many to walk one by one.
  return value !== null && typeof value === 'object' && !ArrayBuffer.isView(value);
}

/** The path of the first key or string (depth-first) that is not storable text, or null. */
export function findInvalidText(value: unknown, root: string): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (INVALID_TEXT.test(current)) return path;
    } else if (isContainer(current)) {
      for (const [key, child] of Object.entries(current)) {
        const childPath = `${path}.${key}`;
        if (INVALID_TEXT.test(key)) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

/**
 * Query keys that name an object's prototype: nothing here reads them, and code that
 * nests keys (qs-style a[b]=c) would pollute Object.prototype with them. JSON bodies holding
 * them are refused by the parser already.
 */
const PROTOTYPE_KEY = /^(__proto__|constructor|prototype)(\[|$)/;

/**
 * Whether the raw query string is valid percent-encoded UTF-8. The query parser keeps what it
 * cannot decode as it was, so the bytes of a lone surrogate (%ED%A0%80) would otherwise reach
 * the routes as literal text; the same bytes in the path are refused by the router.
 */
function queryDecodes(url: string): boolean {
  const start = url.indexOf('?');
  if (start < 0) return true;
  for (const part of url.slice(start + 1).split(/[&=]/)) {
    if (!part.includes('%')) continue;
    try {
      decodeURIComponent(part.replaceAll('+', ' '));
    } catch {
      return false;
    }
  }
  return true;
}

function checkRequestText(request: FastifyRequest): void {
  if (!queryDecodes(request.url)) {
    throw new AppError('BAD_REQUEST', INVALID_TEXT_MESSAGE, { path: 'query' });
  }
  const query = request.query;
  if (query && typeof query === 'object' && Object.keys(query).some((k) => PROTOTYPE_KEY.test(k))) {
    throw new AppError('BAD_REQUEST', PROTOTYPE_KEY_MESSAGE, { path: 'query' });
  }
  const found =
    findInvalidText(request.params, 'params') ??
    findInvalidText(request.query, 'query') ??
    findInvalidText(request.headers, 'headers') ??
    findInvalidText(request.body, 'body');
  if (found) throw new AppError('BAD_REQUEST', INVALID_TEXT_MESSAGE, { path: found });
}

/**
 * Hostile input answers 400 before any handler runs, for every endpoint in one place: JSON
 * bodies nested deeper than MAX_JSON_DEPTH are refused by the parser; after parsing, a null
 * byte or lone surrogate in any string (or key) of the path parameters, query, headers or body,
 * a query that is not valid UTF-8 and query keys naming a prototype are refused. Without this,
 * such values reached PostgreSQL (which refuses NUL in text) or the stack, and answered 500.
 */
export const inputSafetyPlugin = fp(async (app: FastifyInstance) => {
  // Fastify's own JSON parser, with its defences against __proto__ and constructor.prototype.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonNestedDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new AppError('BAD_REQUEST', TOO_DEEP_MESSAGE), undefined);
      return;
    }
    parseJson(request, text, done);
  });
  app.addHook('preValidation', async (request) => checkRequestText(request));
});
