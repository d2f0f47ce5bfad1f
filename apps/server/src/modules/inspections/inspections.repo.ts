import type { InspectionListQuery } from '@crewdesk/domain';
import { and, desc, eq, gte, ilike, lte, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { idInAccount, returnedRow } from '../../db/queries.ts';

import {
  customers,
  employees,
  inspections,
  inspectionSearchText,
  jobAssignees,
  jobs,
} from '../../db/schema/index.ts';
import { cappedCountColumn } from '../../lib/capped-count.ts';
import { olderThanCursor } from '../../lib/keyset.ts';
import {
  type TemplateRow,
  type NewTemplateRow,
  type InspectionRow,
  type AnswerRow,
  type PhotoRow,
  type ShareLinkRow,
  type QuoteLinkRow,
} from './inspection-rows.repo.ts';
export {
  type TemplateRow,
  type NewTemplateRow,
  type InspectionRow,
  type AnswerRow,
  type PhotoRow,
  type ShareLinkRow,
  type QuoteLinkRow,
};

export type NewInspectionRow = typeof inspections.$inferInsert;

const personName = (first: SQLWrapper, last: SQLWrapper) =>
  sql<string>`trim(${first} || ' ' || ${last})`;

// ---------------------------------------------------------------------------------------------
// Inspections
// ---------------------------------------------------------------------------------------------

/**
 * Who sees an inspection: everyone of the roles that see all visits; a field worker the
 * inspections of the visits they are assigned to (their own visits, as on the schedule) and
 * those they were made the inspector of.
 */
export interface InspectionVisibility {
  assignedToUserId?: string;
}

function visibleWhere(visibility: InspectionVisibility): SQL | undefined {
  const userId = visibility.assignedToUserId;
  if (!userId) return undefined;
  return sql`(exists (
    select 1 from ${jobAssignees} ja join ${employees} e on e.id = ja.employee_id
    where ja.job_id = ${inspections.jobId} and ja.account_id = ${inspections.accountId}
      and e.user_id = ${userId}
  ) or exists (
    select 1 from ${employees} e
    where e.id = ${inspections.inspectorId} and e.account_id = ${inspections.accountId}
      and e.user_id = ${userId}
  ))`;
}

const listColumns = {
  id: inspections.id,
  status: inspections.status,
  templateId: inspections.templateId,
  templateFamilyId: inspections.templateFamilyId,
  templateName: inspections.templateName,
  templateVersion: inspections.templateVersion,
  customerId: inspections.customerId,
  customerName: personName(customers.firstName, customers.lastName),
  customerEmail: customers.email,
  jobId: inspections.jobId,
  jobTitle: jobs.title,
  siteAddress: inspections.siteAddress,
  inspectorId: inspections.inspectorId,
  inspectorName: personName(employees.firstName, employees.lastName),
  startedAt: inspections.startedAt,
  finishedAt: inspections.finishedAt,
  scorePercent: inspections.scorePercent,
  passed: inspections.passed,
};

export interface ListedInspection {
  id: string;
  status: InspectionRow['status'];
  templateId: string;
  templateFamilyId: string;
  templateName: string;
  templateVersion: number;
  customerId: string | null;
  customerName: string | null;
  customerEmail: string | null;
  jobId: string | null;
  jobTitle: string | null;
  siteAddress: string;
  inspectorId: string | null;
  inspectorName: string | null;
  startedAt: Date;
  finishedAt: Date | null;
  scorePercent: number | null;
  passed: boolean | null;
}

export interface ListFilter extends InspectionVisibility {
  query: Omit<InspectionListQuery, 'limit' | 'cursor'>;
  /** Instants for the date filter: the business's midnights. */
  startedFrom?: Date;
  startedBefore?: Date;
}

function listWhere(accountId: string, f: ListFilter): SQL | undefined {
  const q = f.query;
  const term = q.q ? `%${q.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return and(
    eq(inspections.accountId, accountId),
    q.status ? eq(inspections.status, q.status) : undefined,
    q.templateId ? eq(inspections.templateFamilyId, q.templateId) : undefined,
    q.customerId ? eq(inspections.customerId, q.customerId) : undefined,
    q.inspectorId ? eq(inspections.inspectorId, q.inspectorId) : undefined,
    q.jobId ? eq(inspections.jobId, q.jobId) : undefined,
    f.startedFrom ? gte(inspections.startedAt, f.startedFrom) : undefined,
    f.startedBefore ? sql`${inspections.startedAt} < ${f.startedBefore}` : undefined,
    q.scoreMin !== undefined ? gte(inspections.scorePercent, q.scoreMin) : undefined,
    q.scoreMax !== undefined ? lte(inspections.scorePercent, q.scoreMax) : undefined,
    q.passed ? eq(inspections.passed, q.passed === 'true') : undefined,
    term
      ? or(
          sql`${inspectionSearchText} like ${term}`,
          ilike(personName(customers.firstName, customers.lastName), term),
        )
      : undefined,
    visibleWhere(f),
  );
}

function selectListed<Columns extends Record<string, unknown>>(db: DbOrTx, columns: Columns) {
  return db
    .select(columns as Parameters<DbOrTx['select']>[0] & Columns)
    .from(inspections)
    .leftJoin(
      customers,
      and(eq(customers.id, inspections.customerId), eq(customers.accountId, inspections.accountId)),
    )
    .leftJoin(
      employees,
      and(
        eq(employees.id, inspections.inspectorId),
        eq(employees.accountId, inspections.accountId),
      ),
    )
    .leftJoin(jobs, and(eq(jobs.id, inspections.jobId), eq(jobs.accountId, inspections.accountId)));
}

/** A page of the list, newest first, with the capped count of all that match. */
export async function listInspections(
  db: DbOrTx,
  accountId: string,
  filter: ListFilter,
  page: { limit: number; after: { at: Date; id: string } | undefined; countCap: number },
): Promise<(ListedInspection & { total: number })[]> {
  const where = listWhere(accountId, filter);
  const matching = selectListed(db, { id: inspections.id })
    .where(where)
    .limit(page.countCap + 1);
  return (await selectListed(db, { ...listColumns, total: cappedCountColumn(matching) })
    .where(and(where, olderThanCursor(inspections.startedAt, inspections.id, page.after)))
    .orderBy(desc(inspections.startedAt), desc(inspections.id))
    .limit(page.limit + 1)) as (ListedInspection & { total: number })[];
}

export async function countInspections(
  db: DbOrTx,
  accountId: string,
  filter: ListFilter,
  cap: number,
): Promise<number> {
  const matching = selectListed(db, { id: inspections.id })
    .where(listWhere(accountId, filter))
    .limit(cap + 1);
  const result = (await db.execute(
    sql`select count(*)::int as n from (${matching}) as capped`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

export async function findListed(
  db: DbOrTx,
  accountId: string,
  id: string,
  visibility: InspectionVisibility,
): Promise<ListedInspection | undefined> {
  const [row] = await selectListed(db, listColumns).where(
    and(idInAccount(inspections, accountId, id), visibleWhere(visibility)),
  );
  return row as ListedInspection | undefined;
}

export async function findInspection(
  db: DbOrTx,
  accountId: string,
  id: string,
  visibility: InspectionVisibility = {},
): Promise<InspectionRow | undefined> {
  const [row] = await db
    .select()
    .from(inspections)
    .where(and(idInAccount(inspections, accountId, id), visibleWhere(visibility)));
  return row;
}

/** The inspection locked for a change: answers and finishing happen one at a time. */
export async function lockInspection(
  tx: Tx,
  accountId: string,
  id: string,
  visibility: InspectionVisibility = {},
): Promise<InspectionRow | undefined> {
  const [row] = await tx
    .select()
    .from(inspections)
    .where(and(idInAccount(inspections, accountId, id), visibleWhere(visibility)))
    .for('update', { of: inspections });
  return row;
}

export async function insertInspection(
  tx: DbOrTx,
  values: NewInspectionRow,
): Promise<InspectionRow> {
  return returnedRow(await tx.insert(inspections).values(values).returning(), 'inspection');
}

export async function updateInspection(
  tx: DbOrTx,
  accountId: string,
  id: string,
  values: Partial<NewInspectionRow>,
): Promise<void> {
  await tx
    .update(inspections)
    .set(values)
    .where(idInAccount(inspections, accountId, id));
}

// ---------------------------------------------------------------------------------------------
// What an inspection refers to
// ---------------------------------------------------------------------------------------------

export async function findEmployee(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .select({ id: employees.id, userId: employees.userId })
    .from(employees)
    .where(and(idInAccount(employees, accountId, id), eq(employees.employmentStatus, 'active')));
  return row;
}

export async function findEmployeeOfUser(db: DbOrTx, accountId: string, userId: string) {
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.accountId, accountId), eq(employees.userId, userId)))
    .limit(1);
  return row;
}

/** The result of the visit's latest finished inspection, if it had one (proof of service). */
export async function finishedInspectionOfVisit(
  db: DbOrTx,
  accountId: string,
  jobId: string,
): Promise<{ scorePercent: number | null; passed: boolean | null } | undefined> {
  const [row] = await db
    .select({ scorePercent: inspections.scorePercent, passed: inspections.passed })
    .from(inspections)
    .where(
      and(
        eq(inspections.accountId, accountId),
        eq(inspections.jobId, jobId),
        eq(inspections.status, 'finished'),
      ),
    )
    .orderBy(desc(inspections.finishedAt))
    .limit(1);
  return row;
}

// The repository's other parts, read through this one face (repo.* in the use cases).
export * from './inspection-templates.repo.ts';
export * from './inspection-answers.repo.ts';
