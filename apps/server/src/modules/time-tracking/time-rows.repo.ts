import { getTableColumns, sql } from 'drizzle-orm';

import { employees, timeCorrections, timeEntries } from '../../db/schema/index.ts';

// The module's row types and shared columns, for the repository and its parts.

export type TimeEntryRow = typeof timeEntries.$inferSelect;

/** A team member's whole name, as lists show it. */
export const employeeNameSql = sql<string>`trim(${employees.firstName} || ' ' || ${employees.lastName})`;

export const timeEntryColumns = getTableColumns(timeEntries);

export const correctionColumns = {
  ...getTableColumns(timeCorrections),
  employeeName: employeeNameSql,
};

export type CorrectionRow = typeof timeCorrections.$inferSelect & { employeeName: string };
