import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import {
  accessEntries,
  accessReveals,
  clientHubCodes,
  clientHubContacts,
  clientHubSessions,
  inspections,
  invoices,
  jobs,
  requests,
  salesOpportunities,
} from '../../db/schema/index.ts';

/** A table whose rows point at a contact through their account's customer_id. */
type ContactLinkedTable = PgTable & { accountId: PgColumn; customerId: PgColumn };

/**
 * Every table that points at a contact, by what deleting the contact does to it (decision 050).
 * contact-links.test.ts compares these lists with the schema's foreign keys to customers, so a
 * new table that points at a contact cannot be forgotten here.
 */
export const CONTACT_LINKS = {
  /**
   * The contact's work: while any row points at it, deleting the contact archives it instead,
   * so the work keeps its client (their foreign keys would otherwise set it to null).
   */
  work: [requests, jobs, invoices, inspections, salesOpportunities],
  /** The contact's own data, deleted with it (ON DELETE CASCADE): its codes and hub access. */
  deletedWithContact: [accessEntries, clientHubContacts, clientHubCodes, clientHubSessions],
  /** Logs kept when the contact is deleted, without the link (ON DELETE SET NULL). */
  keptWithoutContact: [accessReveals],
} as const satisfies Record<string, readonly ContactLinkedTable[]>;

export type ContactLinkKind = keyof typeof CONTACT_LINKS;

/** The SQL names of the tables of each kind, for the test and for messages. */
export function contactLinkTableNames(kind: ContactLinkKind): string[] {
  return CONTACT_LINKS[kind].map((table) => getTableConfig(table).name);
}
