import {
  CLIENT_HUB_MESSAGES as M,
  REQUEST_FORM_SERVICES,
  invoiceDisplayStatus,
  listCategoryOf,
  localDateOf,
  type ClientHub,
} from '@crewdesk/domain';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { findBrand, type StoredLogo } from '../business-profile/index.ts';
import { calendarText } from '../calendar-feed/index.ts';
import { type Mailer } from '../mail/index.ts';
import { submitRequestForm } from '../request-form/index.ts';
import { invoiceShareToken } from '../invoices/index.ts';
import { reportShareToken } from '../inspections/index.ts';
import { effectiveStatus, requestShareToken, sharedBusinessOf } from '../requests/index.ts';
import { listProofPagesOfContact } from '../visit-proofs/index.ts';
import { findContactCard, type ContactCard } from '../customers/index.ts';
import * as repo from './client-hub.repo.ts';
import {
  HUB_LOGO_PATH,
  type HubDeps,
  type HubSession,
  MINUTE_MS,
  requireHubSession,
  resolveLink,
  signedOut,
} from './client-hub.service.ts';

function oneLine(contact: ContactCard): string | null {
  const line = [contact.address, contact.city, contact.state, contact.zip]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(', ');
  return line || null;
}

/** The whole hub of a contact, from client-facing fields only. */
export async function buildHub(
  deps: HubDeps,
  accountId: string,
  customerId: string,
  options: { logoPath: string | null; sessionExpiresAt: Date | null },
): Promise<ClientHub> {
  const { db, now } = deps;
  const [contact, brand] = await Promise.all([
    findContactCard(db, accountId, customerId),
    findBrand(db, accountId),
  ]);
  if (!contact || !brand) throw signedOut();
  const [quotes, upcoming, past, invoices, reports, proofs] = await Promise.all([
    repo.contactQuotes(db, accountId, customerId),
    repo.upcomingVisits(db, accountId, customerId, now),
    repo.pastVisits(db, accountId, customerId, now),
    repo.contactInvoices(db, accountId, customerId),
    repo.contactReports(db, accountId, customerId),
    listProofPagesOfContact(db, deps.shares, accountId, customerId),
  ]);
  const today = localDateOf(now, brand.timeZone);
  const visit = (v: (typeof upcoming)[number]) => {
    const start = v.startsAt!;
    return {
      id: v.id,
      title: v.title,
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + v.durationMinutes * MINUTE_MS).toISOString(),
      location: v.location,
      status: v.status,
      icsUrl: `/api/public/hub/visits/${v.id}/ics`,
    };
  };
  return {
    business: sharedBusinessOf(brand, options.logoPath),
    timeZone: brand.timeZone,
    contact: {
      firstName: contact.firstName,
      lastName: contact.lastName,
      email: contact.email,
      phone: contact.phone,
      address: oneLine(contact),
    },
    sessionExpiresAt: options.sessionExpiresAt?.toISOString() ?? null,
    quotes: quotes.map((q) => ({
      id: q.id,
      title: q.title,
      category: listCategoryOf({ type: q.type, proposal_type: q.proposalType }),
      status: effectiveStatus(q, now),
      amountCents: q.amountCents,
      date: q.date,
      expiresAt: q.expiresAt.toISOString(),
      path: `/shared/${requestShareToken(deps.shares, q)}`,
      pdfUrl: `/api/public/shared/${requestShareToken(deps.shares, q)}/pdf`,
    })),
    visits: { upcoming: upcoming.map(visit), past: past.map(visit) },
    invoices: invoices.map((i) => ({
      id: i.id,
      number: i.numberText,
      issueDate: i.issueDate,
      dueDate: i.dueDate,
      status: invoiceDisplayStatus(i.status, i.dueDate, today),
      totalCents: i.totalCents,
      balanceCents: i.balanceCents,
      path: `/pay/${invoiceShareToken(deps.shares, i)}`,
      pdfUrl: `/api/public/invoices/${invoiceShareToken(deps.shares, i)}/pdf`,
    })),
    reports: reports.map((r) => ({
      id: r.id,
      title: r.templateName,
      finishedAt: r.finishedAt?.toISOString() ?? null,
      passed: r.passed,
      path: `/inspection-report/${reportShareToken(deps.shares, { id: r.linkId })}`,
    })),
    proofs: proofs.map((p) => ({
      title: p.title,
      visitDate: p.visitDate,
      path: `/proof/${encodeURIComponent(p.token)}`,
    })),
    services: REQUEST_FORM_SERVICES.map((s) => ({ id: s.id, name: s.name })),
  };
}

export async function clientHub(deps: HubDeps, session: HubSession): Promise<ClientHub> {
  return buildHub(deps, session.accountId, session.customerId, {
    logoPath: HUB_LOGO_PATH,
    sessionExpiresAt: session.expiresAt,
  });
}

/** The business logo on the hub: by the link before the code, by the session after it. */
export async function hubLogo(
  deps: HubDeps & { readLogo: (logoUrl: string | null) => Promise<StoredLogo | null> },
  link: string | undefined,
  cookieToken: string | undefined,
): Promise<StoredLogo> {
  let accountId: string;
  if (link) {
    accountId = (await resolveLink(deps, link)).target.accountId;
  } else {
    accountId = (await requireHubSession(deps, cookieToken)).accountId;
  }
  const brand = await findBrand(deps.db, accountId);
  const logo = brand ? await deps.readLogo(brand.logo) : null;
  if (!logo) throw new AppError('NOT_FOUND', 'Logo not found.');
  return logo;
}

/** One visit of the contact as an .ics file, to add it to a calendar. */
export async function visitIcs(
  deps: HubDeps,
  session: HubSession,
  visitId: string,
): Promise<{ ics: string; fileName: string }> {
  const visit = await repo.findContactVisit(
    deps.db,
    session.accountId,
    session.customerId,
    visitId,
  );
  const brand = await findBrand(deps.db, session.accountId);
  if (!visit || !brand) throw new AppError('NOT_FOUND', 'Visit not found.');
  const start = visit.startsAt!;
  const ics = calendarText(
    brand.name,
    [
      {
        uid: `visit-${visit.id}@crewdesk`,
        start,
        end: new Date(start.getTime() + visit.durationMinutes * MINUTE_MS),
        summary: `${visit.title} (${brand.name})`,
        location: visit.location || undefined,
        status: visit.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
        lastModified: visit.updatedAt,
      },
    ],
    deps.now,
  );
  return { ics, fileName: `visit-${localDateOf(start, brand.timeZone)}.ics` };
}

/** "Request work": the public request form's own use case, with the contact's details on file. */
export async function requestWork(
  deps: HubDeps & { mailer: Mailer; publicUrl: string; log: FastifyBaseLogger },
  session: HubSession,
  input: {
    service: string;
    address?: string;
    propertyType?: 'residential' | 'commercial';
    message?: string;
  },
): Promise<void> {
  const [contact, brand] = await Promise.all([
    findContactCard(deps.db, session.accountId, session.customerId),
    findBrand(deps.db, session.accountId),
  ]);
  if (!contact || !brand) throw signedOut();
  if (!contact.email) throw new AppError('BAD_REQUEST', M.noEmail);
  await submitRequestForm(deps, brand.slug, {
    firstName: contact.firstName,
    lastName: contact.lastName,
    email: contact.email,
    phone: contact.phone ?? undefined,
    address: input.address?.trim() || oneLine(contact) || undefined,
    propertyType: input.propertyType,
    service: input.service,
    message: input.message,
  });
}
