import type { CustomerSource, CustomerType } from '@crewdesk/domain';
import { sql } from 'drizzle-orm';
import { doublePrecision, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { employees } from './employees.ts';
import {
  accountIdColumn,
  createdAtColumn,
  idColumn,
  updatedAtColumn,
  userRefColumn,
} from './columns.ts';

/**
 * The searchable text of a contact: first name, last name, company and e-mail, lowercased and
 * joined by a newline (a character no search term holds, so a match never spans two fields).
 * crewdesk_customer_search_text() and crewdesk_search_grams() are immutable SQL functions
 * created by migration 0009; queries must spell the expressions exactly so, or the index does
 * not apply. See docs/decisions/009-contact-search.md.
 */
export const customerSearchText = sql`crewdesk_customer_search_text("first_name", "last_name", "company", "email")`;
/** Its 2- and 3-character substrings, each prefixed with the account's tag (search_grams). */
export const customerSearchGrams = sql`crewdesk_search_grams("account_id", crewdesk_customer_search_text("first_name", "last_name", "company", "email"))`;

/** Contacts (the spec's Customer): the people and businesses a business works for. */
export const customers = pgTable(
  'customers',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    /** The creator (spec: user_id). */
    userId: userRefColumn('user_id'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    company: text('company'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    customerType: text('customer_type').$type<CustomerType>().notNull().default('commercial'),
    source: text('source').$type<CustomerSource>().notNull().default('website'),
    assignedTo: uuid('assigned_to').references(() => employees.id, { onDelete: 'set null' }),
    whatsapp: text('whatsapp'),
    facebook: text('facebook'),
    instagram: text('instagram'),
    notes: text('notes'),
    /** Set instead of deleting a contact that has linked work; archived contacts leave lists. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => {
    const live = sql`${t.archivedAt} IS NULL`;
    return [
      // Lists (newest/oldest: one index read both ways; ascending, so that a backward scan
      // gives ORDER BY … DESC's NULLS FIRST), the recent list, and the search's "newest first"
      // window. Live contacts only: lists hide archived ones.
      index('customers_account_created_idx').on(t.accountId, t.createdAt, t.id).where(live),
      index('customers_account_name_idx')
        .on(t.accountId, sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id)
        .where(live),
      // Contacts with a company first (A→Z), those without after them.
      index('customers_account_company_idx')
        .on(
          t.accountId,
          sql`(coalesce(${t.company}, '') = '')`,
          sql`lower(coalesce(${t.company}, ''))`,
          t.id,
        )
        .where(live),
      index('customers_account_type_idx')
        .on(t.accountId, t.customerType, t.createdAt, t.id)
        .where(live),
      index('customers_account_source_idx')
        .on(t.accountId, t.source, t.createdAt, t.id)
        .where(live),
      index('customers_account_assigned_idx')
        .on(t.accountId, t.assignedTo, t.createdAt, t.id)
        .where(live),
      // The archived list (small: only contacts with linked work end up there).
      index('customers_account_archived_idx')
        .on(t.accountId, t.archivedAt)
        .where(sql`${t.archivedAt} IS NOT NULL`),
      // Search: the account-tagged 2- and 3-character substrings of the searchable text.
      // Archived contacts stay in (few; filtered on the rows): without a partial predicate,
      // step 2 of the search can leave the btree indexes out of its plan altogether.
      index('customers_search_grams_idx').using('gin', customerSearchGrams),
    ];
  },
);
