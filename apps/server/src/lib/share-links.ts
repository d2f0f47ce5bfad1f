import type { FastifyReply, FastifyRequest } from 'fastify';

// What every page opened by a share link (an estimate, an invoice, an inspection report) answers
// alike: the link's token is the only key, so nothing it shows may be cached or indexed.

/** Share links are private to whoever holds them: kept out of caches and search engines. */
export function privateAnswer(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
}

/** Who answered through a link: kept with an acceptance as evidence of the typed signature. */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

export function clientOf(request: FastifyRequest): ClientInfo {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 500) : null };
}
