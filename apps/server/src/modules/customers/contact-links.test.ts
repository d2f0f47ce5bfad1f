import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../db/schema/index.ts';
import { contactLinkTableNames } from './contact-links.ts';

/** Every foreign key of the schema to the contacts' table: 'table.column' → its ON DELETE. */
function foreignKeysToContacts(): Record<string, string | undefined> {
  const found: Record<string, string | undefined> = {};
  for (const value of Object.values(schema) as unknown[]) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    for (const key of config.foreignKeys) {
      const reference = key.reference();
      if (getTableConfig(reference.foreignTable).name !== 'customers') continue;
      for (const column of reference.columns) found[`${config.name}.${column.name}`] = key.onDelete;
    }
  }
  return found;
}

describe('the tables that point at a contact', () => {
  it('when the schema is read, then every foreign key to a contact is placed in exactly one list, with the ON DELETE that list means', () => {
    const expected = {
      ...Object.fromEntries(
        contactLinkTableNames('work').map((t) => [`${t}.customer_id`, 'set null']),
      ),
      ...Object.fromEntries(
        contactLinkTableNames('keptWithoutContact').map((t) => [`${t}.customer_id`, 'set null']),
      ),
      ...Object.fromEntries(
        contactLinkTableNames('deletedWithContact').map((t) => [`${t}.customer_id`, 'cascade']),
      ),
    };
    // A table with a new foreign key to customers fails here until it is placed in a list.
    expect(foreignKeysToContacts()).toEqual(expected);
    const all = [
      ...contactLinkTableNames('work'),
      ...contactLinkTableNames('keptWithoutContact'),
      ...contactLinkTableNames('deletedWithContact'),
    ];
    expect(new Set(all).size).toBe(all.length);
  });

  it('when the lists are read, then the work includes the inspections and the sales pipeline', () => {
    expect(contactLinkTableNames('work')).toEqual(
      expect.arrayContaining([
        'inspections',
        'sales_opportunities',
        'invoices',
        'jobs',
        'requests',
      ]),
    );
  });
});
