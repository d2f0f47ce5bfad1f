import type { FastifyInstance } from 'fastify';
import type { ApiAnswer } from './tools.ts';

/** Marks the assistant's own calls, which the per-address rate limit leaves alone (see app.ts). */
export const INTERNAL_CALL_HEADER = 'x-crewdesk-internal';

export interface ApiCaller {
  get: (path: string, query?: Record<string, string | number | undefined>) => Promise<ApiAnswer>;
  send: (method: 'POST' | 'PATCH' | 'PUT', path: string, body: unknown) => Promise<ApiAnswer>;
}

/**
 * Calls the app's own API in process (`inject`), with the person's own credentials: their session
 * cookie (and the app's origin, as their browser would send) or their access token. Every role
 * check, account scope and validation on the way is the normal API's.
 */
export function apiCaller(
  app: FastifyInstance,
  credentials: { cookie: string } | { authorization: string },
  options: { origin: string; internalCallKey: string },
): ApiCaller {
  const headers = { ...credentials, [INTERNAL_CALL_HEADER]: options.internalCallKey };
  const answer = (response: { statusCode: number; body: string }): ApiAnswer => {
    let body: unknown = null;
    try {
      body = response.body === '' ? null : JSON.parse(response.body);
    } catch {
      body = { message: response.body.slice(0, 200) };
    }
    return { status: response.statusCode, body };
  };
  return {
    get: async (path, query = {}) => {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(query))
        if (value !== undefined) search.set(key, String(value));
      const url = search.size > 0 ? `${path}?${search}` : path;
      return answer(await app.inject({ method: 'GET', url, headers }));
    },
    send: async (method, path, body) =>
      answer(
        await app.inject({
          method,
          url: path,
          headers: { ...headers, origin: options.origin, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        }),
      ),
  };
}
