import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, not, or } from 'drizzle-orm';
import { SETTLED_JOB_STATUSES } from '@crewdesk/domain';
import type { DbOrTx } from '../../db/client.ts';
import {
  inspections,
  inspectionShareLinks,
  invoices,
  jobs,
  requests,
} from '../../db/schema/index.ts';

// The hub's lists: at most HUB_LIST_LIMIT of each, newest (or soonest) first ----------------

export const HUB_LIST_LIMIT = 100;

export async function contactQuotes(db: DbOrTx, accountId: string, customerId: string) {
  return db
    .select({
      id: requests.id,
      title: requests.title,
      type: requests.type,
      proposalType: requests.proposalType,
      status: requests.status,
      amountCents: requests.amountCents,
      date: requests.date,
      expiresAt: requests.expiresAt,
      shareVersion: requests.shareVersion,
    })
    .from(requests)
    .where(
      and(
        eq(requests.accountId, accountId),
        eq(requests.customerId, customerId),
        // What the business sent: a website inquiry waits to be priced first.
        or(isNull(requests.type), ne(requests.type, 'inquiry')),
        or(
          isNotNull(requests.sharedAt),
          eq(requests.emailSent, true),
          ne(requests.status, 'unopened'),
        ),
      ),
    )
    .orderBy(desc(requests.createdAt), desc(requests.id))
    .limit(HUB_LIST_LIMIT);
}

const visitColumns = {
  id: jobs.id,
  title: jobs.title,
  startsAt: jobs.startsAt,
  durationMinutes: jobs.durationMinutes,
  location: jobs.location,
  status: jobs.status,
};

function contactVisits(accountId: string, customerId: string) {
  return and(
    eq(jobs.accountId, accountId),
    eq(jobs.customerId, customerId),
    eq(jobs.kind, 'job'),
    isNotNull(jobs.startsAt),
  );
}

/**
 * A settled visit is not upcoming even when its planned time is still ahead: the client sees it
 * among the visits that were, with its status, and is not offered to put it in their calendar.
 */
const settledVisit = inArray(jobs.status, [...SETTLED_JOB_STATUSES]);

export async function upcomingVisits(db: DbOrTx, accountId: string, customerId: string, now: Date) {
  return db
    .select(visitColumns)
    .from(jobs)
    .where(and(contactVisits(accountId, customerId), gte(jobs.startsAt, now), not(settledVisit)))
    .orderBy(asc(jobs.startsAt), asc(jobs.id))
    .limit(HUB_LIST_LIMIT);
}

export async function pastVisits(db: DbOrTx, accountId: string, customerId: string, now: Date) {
  return db
    .select(visitColumns)
    .from(jobs)
    .where(and(contactVisits(accountId, customerId), or(lt(jobs.startsAt, now), settledVisit)))
    .orderBy(desc(jobs.startsAt), desc(jobs.id))
    .limit(HUB_LIST_LIMIT);
}

export async function findContactVisit(
  db: DbOrTx,
  accountId: string,
  customerId: string,
  visitId: string,
) {
  const [row] = await db
    .select({ ...visitColumns, updatedAt: jobs.updatedAt })
    .from(jobs)
    .where(and(contactVisits(accountId, customerId), eq(jobs.id, visitId)));
  return row;
}

export async function contactInvoices(db: DbOrTx, accountId: string, customerId: string) {
  return db
    .select({
      id: invoices.id,
      numberText: invoices.numberText,
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      status: invoices.status,
      totalCents: invoices.totalCents,
      balanceCents: invoices.balanceCents,
      shareVersion: invoices.shareVersion,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.accountId, accountId),
        eq(invoices.customerId, customerId),
        ne(invoices.status, 'draft'),
        ne(invoices.status, 'void'),
      ),
    )
    .orderBy(desc(invoices.issueDate), desc(invoices.id))
    .limit(HUB_LIST_LIMIT);
}

export async function contactReports(db: DbOrTx, accountId: string, customerId: string) {
  return db
    .select({
      id: inspections.id,
      templateName: inspections.templateName,
      finishedAt: inspections.finishedAt,
      passed: inspections.passed,
      linkId: inspectionShareLinks.id,
    })
    .from(inspections)
    .innerJoin(
      inspectionShareLinks,
      and(
        eq(inspectionShareLinks.accountId, inspections.accountId),
        eq(inspectionShareLinks.inspectionId, inspections.id),
        isNull(inspectionShareLinks.revokedAt),
      ),
    )
    .where(and(eq(inspections.accountId, accountId), eq(inspections.customerId, customerId)))
    .orderBy(desc(inspections.startedAt), desc(inspections.id))
    .limit(HUB_LIST_LIMIT);
}
