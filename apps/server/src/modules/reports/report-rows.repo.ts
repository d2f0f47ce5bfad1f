import type { ReportGrouping } from '@crewdesk/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

// How the reports' raw rows become their answers.

/** The columns every visit row of these reports answers: its id, title, client and time. */
export function visitColumns(r: Record<string, unknown>) {
  return {
    id: r.id as string,
    title: r.title as string,
    clientName: r.client_name as string,
    date: r.date as string,
    startsAt: new Date(r.starts_at as string).toISOString(),
  };
}

/** An instant range: the business's days from..to as instants of its zone. */
export interface InstantRange {
  from: string;
  to: string;
  start: Date;
  end: Date;
  timeZone: string;
}

export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

export const periodKey = (localDate: SQL, grouping: ReportGrouping) =>
  sql`to_char(date_trunc(${grouping}, (${localDate})::timestamp), 'YYYY-MM-DD')`;
