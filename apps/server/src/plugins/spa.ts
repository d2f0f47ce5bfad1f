import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { emptyRangeText } from '@crewdesk/domain';
import { escapeHtml } from '../lib/html.ts';

/**
 * Asks for the session (`GET /api/me`) while the page's scripts download, instead of after they
 * have run: the app's first call to /api/me takes this answer (apps/web's session hint).
 */
export const SESSION_PRELOAD =
  '<link rel="preload" href="/api/me" as="fetch" crossorigin="use-credentials" />';

/** Marks a page sent with a first paint in it. */
export const FIRST_PAINT_HEADER = 'x-first-paint';

/**
 * A screen's first paint (decision 044): which of index.html's templates, and what goes in it.
 * `breadcrumbRow` holds the place of the phone's breadcrumb line under the header.
 */
export interface FirstPaint {
  template: 'auth' | 'dashboard';
  path: string;
  title: string;
  description: string;
  breadcrumbRow?: boolean;
  /** /schedule's toolbar under the heading, with the titles the calendar opens with. */
  calendar?: CalendarFirstPaint;
  /** API answers the screen asks for first, fetched with the page instead of after its code. */
  dataPreloads?: readonly DataPreload[];
}

/**
 * An API answer preloaded from the page's head (`/api/...`, as the app writes it), on the screens
 * `media` matches: a phone's schedule opens on the day, a wider screen's on the week.
 */
export interface DataPreload {
  path: string;
  media: string;
}

/**
 * The calendar toolbar's first paint: today's title as a phone shows it (the day) and as a wider
 * screen does (the week), and whether the member may plan (the New job button, the member filter).
 */
export interface CalendarFirstPaint {
  dayTitle: string;
  weekTitle: string;
  canPlan: boolean;
  /** Whether today's day (a phone's view) and week hold no visit the member sees. */
  emptyDay: boolean;
  emptyWeek: boolean;
}

/** Chooses the first paint of a page request, if the screen has one for this visitor. */
export type FirstPaintChooser = (
  request: FastifyRequest,
  pathname: string,
) => Promise<FirstPaint | null>;

/**
 * index.html cut where the server writes a first paint (between `<!-- first-paint -->` and
 * `<!-- /first-paint -->` inside #root), its templates taken out of what is sent. A build without
 * those marks has no first paint and is sent as it is.
 */
interface IndexParts {
  before: string;
  loading: string;
  after: string;
  templates: Map<string, string>;
}

const TEMPLATE = /[ \t]*<template data-first-paint="([a-z-]+)"\s*>([\s\S]*?)<\/template\s*>\n?/g;
const FIRST_PAINT_START = '<!-- first-paint -->';
const FIRST_PAINT_END = '<!-- /first-paint -->';

function splitIndex(html: string): IndexParts {
  const templates = new Map<string, string>();
  const sent = html.replace(TEMPLATE, (_all, name: string, body: string) => {
    templates.set(name, body);
    return '';
  });
  const start = sent.indexOf(FIRST_PAINT_START);
  const end = sent.indexOf(FIRST_PAINT_END);
  if (start < 0 || end < start) return { before: sent, loading: '', after: '', templates };
  return {
    before: sent.slice(0, start),
    loading: sent.slice(start + FIRST_PAINT_START.length, end),
    after: sent.slice(end + FIRST_PAINT_END.length),
    templates,
  };
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (all, key: string) => values[key] ?? all);

/** The calendar's toolbar filled in, or '' without one (or in a build without the template). */
function calendarToolbar(parts: IndexParts, calendar: CalendarFirstPaint | undefined): string {
  const template = parts.templates.get('calendar-toolbar');
  if (!calendar || !template) return '';
  return fill(template, {
    dayTitle: escapeHtml(calendar.dayTitle),
    weekTitle: escapeHtml(calendar.weekTitle),
    memberFilter: calendar.canPlan ? (parts.templates.get('member-filter') ?? '') : '',
    emptyRange: emptyRangeNotice(parts, calendar),
  });
}

/** "Nothing scheduled …" for the opening view that is empty (the day on a phone, the week wider). */
function emptyRangeNotice(parts: IndexParts, calendar: CalendarFirstPaint): string {
  const template = parts.templates.get('empty-range');
  if (!template || !(calendar.emptyDay || calendar.emptyWeek)) return '';
  const text = (view: 'day' | 'week') => escapeHtml(emptyRangeText(view, calendar.canPlan));
  return fill(template, {
    emptyDay: calendar.emptyDay ? `<span class="sm:hidden">${text('day')}</span>` : '',
    emptyWeek: calendar.emptyWeek ? `<span class="hidden sm:inline">${text('week')}</span>` : '',
  });
}

/** The template filled in; null when this build has no such template. */
function fillFirstPaint(parts: IndexParts, paint: FirstPaint): string | null {
  const template = parts.templates.get(paint.template);
  if (!template) return null;
  const values: Record<string, string> = {
    path: escapeHtml(paint.path),
    title: escapeHtml(paint.title),
    description: escapeHtml(paint.description),
    breadcrumbRow: paint.breadcrumbRow ? (parts.templates.get('breadcrumb-row') ?? '') : '',
    actions: paint.calendar?.canPlan ? (parts.templates.get('action-placeholder') ?? '') : '',
    toolbar: calendarToolbar(parts, paint.calendar),
    // Pieces both frames draw, written once in index.html.
    brand: parts.templates.get('brand') ?? '',
    loading: parts.templates.get('loading') ?? '',
  };
  // The frame the app finds it by (apps/web/src/lib/first-paint.ts), with what it needs to know.
  const calendar = paint.calendar
    ? ` data-day-title="${escapeHtml(paint.calendar.dayTitle)}" data-week-title="${escapeHtml(paint.calendar.weekTitle)}" data-can-plan="${paint.calendar.canPlan}" data-empty-day="${paint.calendar.emptyDay}" data-empty-week="${paint.calendar.emptyWeek}"`
    : '';
  return `<div data-first-paint="" data-path="${values.path}" data-title="${values.title}" data-description="${values.description}"${calendar}>${fill(template, values)}</div>`;
}

/**
 * The page with `root` as #root's content, and at the end of its head SESSION_PRELOAD if asked
 * and the first screen's data preloads.
 */
function assemble(
  parts: IndexParts,
  root: string,
  sessionPreload: boolean,
  dataPreloads: readonly DataPreload[] = [],
): string {
  const page = `${parts.before}${root}${parts.after}`;
  const links = [
    ...(sessionPreload ? [SESSION_PRELOAD] : []),
    ...dataPreloads.map(dataPreloadLink),
  ];
  return links.length ? page.replace('</head>', `  ${links.join('\n  ')}\n  </head>`) : page;
}

/** Fetched as the app fetches (credentials included), so its request takes the answer. */
function dataPreloadLink({ path, media }: DataPreload): string {
  return `<link rel="preload" href="${escapeHtml(path)}" as="fetch" crossorigin="use-credentials" media="${escapeHtml(media)}" />`;
}

interface IndexVariant {
  plain: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** A page sent once per process start: compressed as hard as the build's files are. */
function compressedOnce(html: string): IndexVariant {
  const plain = Buffer.from(html);
  return { plain, br: brotliCompressSync(plain), gzip: gzipSync(plain) };
}

type Encoding = 'br' | 'gzip' | null;

function acceptedEncoding(request: FastifyRequest): Encoding {
  const accepted = request.headers['accept-encoding'] ?? '';
  return /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
}

function sendPage(reply: FastifyReply, encoding: Encoding, body: Buffer) {
  reply
    .code(200)
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding, cookie')
    .type('text/html; charset=utf-8');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}

function sendIndexVariant(request: FastifyRequest, reply: FastifyReply, index: IndexVariant) {
  const encoding = acceptedEncoding(request);
  return sendPage(reply, encoding, encoding ? index[encoding] : index.plain);
}

/**
 * A page made for one request, compressed only as it is sent: a lighter brotli (a few KB, well
 * under a millisecond).
 */
function sendMadePage(request: FastifyRequest, reply: FastifyReply, html: string) {
  const encoding = acceptedEncoding(request);
  const plain = Buffer.from(html);
  const body =
    encoding === 'br'
      ? brotliCompressSync(plain, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
      : encoding === 'gzip'
        ? gzipSync(plain)
        : plain;
  return sendPage(reply, encoding, body);
}

interface SpaOptions {
  webDistDir: string;
  /** The session cookie's name: a request that sends it gets index.html with SESSION_PRELOAD. */
  sessionCookie: string;
  /** The first paint of a page request, if any (decision 044). */
  firstPaint?: FirstPaintChooser;
}

/**
 * Serves the built web app: its files, and index.html for every other non-API path so the
 * client router can answer it. Unknown /api paths get a JSON 404.
 */
export const spaPlugin = fp(async (app: FastifyInstance, opts: SpaOptions) => {
  const hasBuild = existsSync(join(opts.webDistDir, 'index.html'));
  const parts = hasBuild
    ? splitIndex(readFileSync(join(opts.webDistDir, 'index.html'), 'utf8'))
    : null;
  const plainIndex = parts ? compressedOnce(assemble(parts, parts.loading, false)) : null;
  const sessionIndex = parts ? compressedOnce(assemble(parts, parts.loading, true)) : null;
  // A cookie that may be stale: then /api/me answers 401 and the app goes to /auth, as without it.
  const sendsSessionCookie = (request: FastifyRequest) =>
    Boolean(
      request.cookies[opts.sessionCookie] ?? request.cookies[`__Secure-${opts.sessionCookie}`],
    );

  const firstPaintOf = async (
    request: FastifyRequest,
  ): Promise<{ root: string; dataPreloads?: readonly DataPreload[] } | null> => {
    if (!parts || !opts.firstPaint) return null;
    const pathname = request.url.split('?')[0] ?? '/';
    try {
      const paint = await opts.firstPaint(request, pathname);
      const root = paint ? fillFirstPaint(parts, paint) : null;
      return root ? { root, dataPreloads: paint?.dataPreloads } : null;
    } catch (error) {
      // The page still works without it: the app draws the screen as it always did.
      request.log.warn({ err: error }, 'first paint: left out');
      return null;
    }
  };

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    // Only reached with a build (below), so the pages exist.
    const withSession = sendsSessionCookie(request);
    const firstPaint = await firstPaintOf(request);
    if (parts && firstPaint) {
      // The service worker keeps a page without one as its offline shell (public/sw.js).
      reply.header(FIRST_PAINT_HEADER, '1');
      return sendMadePage(
        request,
        reply,
        assemble(parts, firstPaint.root, withSession, firstPaint.dataPreloads),
      );
    }
    return sendIndexVariant(request, reply, (withSession ? sessionIndex : plainIndex)!);
  };

  if (hasBuild) {
    // Keep the default wildcard mode: files added by a later build are served, not index.html.
    await app.register(fastifyStatic, {
      root: opts.webDistDir,
      // `/` is answered below with the other paths of the app, so it can carry the preload.
      index: false,
      cacheControl: false,
      // The build writes file.br and file.gz beside each file worth it (apps/web/scripts/
      // precompress.mjs): sent as they are, by the request's Accept-Encoding; the plain file
      // otherwise.
      preCompressed: true,
      // Hashed assets never change; index.html must always be fresh.
      setHeaders(res, path) {
        const hashed = relative(opts.webDistDir, path).startsWith(`assets${sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The same URL is sent br, gzip or plain: caches must keep them apart.
        res.setHeader('vary', 'accept-encoding');
      },
    });
    app.get('/', sendIndex);
    // index.html as a file would be the built one, templates and all: it is sent as `/` is.
    app.get('/index.html', sendIndex);
  } else {
    app.log.warn(`No web build at ${opts.webDistDir}: run "npm run build" to serve the app.`);
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/') || !['GET', 'HEAD'].includes(request.method)) {
      return reply
        .status(404)
        .send({ code: 'NOT_FOUND', message: `No API route for ${request.method} ${path}.` });
    }
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The Crewdesk web app has not been built yet. Run "npm run build", then restart.');
    }
    return sendIndex(request, reply);
  });
});
