import { sql } from 'drizzle-orm';
import { salesOpportunities } from '../../db/schema/index.ts';

// The opportunities' columns as the sales repositories spell them (no other import: every part
// reads them at load).

export const o = salesOpportunities;
/**
 * The outer row's columns inside sql`` subqueries, spelled with the table's name: in a one-table
 * select drizzle renders ${o.id} bare, which a subquery would read as its own table's column.
 */
export const O_ID = sql.raw('"sales_opportunities"."id"');
export const O_ACCOUNT = sql.raw('"sales_opportunities"."account_id"');
export const O_CUSTOMER = sql.raw('"sales_opportunities"."customer_id"');

/** The value a card shows: typed in, else its quotes'. */
export const valueExpr = sql<number>`coalesce(${o.enteredValueCents}, ${o.quotedValueCents})`;
