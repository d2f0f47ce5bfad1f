import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { idInAccount } from '../../db/queries.ts';
import { CONTACT_LINKS } from './contact-links.ts';
import { customers, employees } from '../../db/schema/index.ts';

import type { CustomerRow } from './customer-columns.repo.ts';
export type { CustomerRow };
export type NewCustomerRow = typeof customers.$inferInsert;
/** The columns a contact's form writes (spec section 7's update list, plus notes). */
export type CustomerFields = Omit<
  NewCustomerRow,
  'id' | 'accountId' | 'userId' | 'createdAt' | 'updatedAt' | 'archivedAt'
>;

import { live } from './customer-columns.repo.ts';
export { live };

export async function insertCustomers(
  db: DbOrTx,
  values: NewCustomerRow[],
): Promise<CustomerRow[]> {
  if (values.length === 0) return [];
  return db.insert(customers).values(values).returning();
}

export async function findCustomer(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<CustomerRow | undefined> {
  const [row] = await customerByIdStatement(db).execute({ accountId, id });
  return row;
}

// Behind every contact page and most writes that name a contact: built and prepared once.
const customerByIdStatement = preparedStatement('customer_by_id', (db) =>
  db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.accountId, sql.placeholder('accountId')),
        eq(customers.id, sql.placeholder('id')),
      ),
    ),
);

/**
 * The account's live contact with this e-mail (case-insensitive), the oldest when several share
 * it. No index on e-mail: it reads the account's contacts, which the public request form (rate
 * limited) can afford.
 */
export async function findLiveCustomerByEmail(
  db: DbOrTx,
  accountId: string,
  email: string,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.accountId, accountId),
        live,
        sql`lower(${customers.email}) = ${email.trim().toLowerCase()}`,
      ),
    )
    .orderBy(asc(customers.createdAt), asc(customers.id))
    .limit(1);
  return row;
}

export async function updateCustomer(
  db: DbOrTx,
  accountId: string,
  id: string,
  values: CustomerFields,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .update(customers)
    .set({ ...values, updatedAt: new Date() })
    .where(idInAccount(customers, accountId, id))
    .returning();
  return row;
}

export async function deleteCustomer(db: DbOrTx, accountId: string, id: string): Promise<void> {
  await db.delete(customers).where(idInAccount(customers, accountId, id));
}

export async function archiveCustomer(db: DbOrTx, accountId: string, id: string): Promise<void> {
  await db
    .update(customers)
    .set({ archivedAt: sql`coalesce(${customers.archivedAt}, now())`, updatedAt: new Date() })
    .where(idInAccount(customers, accountId, id));
}

/**
 * Whether any work row of the account points at the contact: one query, an EXISTS per table of
 * the contact's work (CONTACT_LINKS.work, held against the schema's foreign keys by its test).
 * (Payments reach a contact only through their invoice.)
 */
export async function hasLinkedWork(
  db: DbOrTx,
  accountId: string,
  customerId: string,
): Promise<boolean> {
  const linked = CONTACT_LINKS.work.map(
    (table) =>
      sql`exists (select 1 from ${table} where ${table.accountId} = ${accountId} and ${table.customerId} = ${customerId})`,
  );
  const [row] = await db
    .select({ linked: sql<boolean>`${sql.join(linked, sql` or `)}` })
    .from(customers)
    .where(idInAccount(customers, accountId, customerId));
  return row?.linked === true;
}

export async function isEmployeeOfAccount(
  db: DbOrTx,
  accountId: string,
  employeeId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(idInAccount(employees, accountId, employeeId));
  return row !== undefined;
}

export interface EmployeeIdentity {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
}

export function listEmployeeIdentities(db: DbOrTx, accountId: string): Promise<EmployeeIdentity[]> {
  return db
    .select({
      id: employees.id,
      firstName: employees.firstName,
      lastName: employees.lastName,
      email: employees.email,
    })
    .from(employees)
    .where(eq(employees.accountId, accountId));
}

/** Spec section 7: the 5 newest contacts of the business. */
export function recentCustomers(db: DbOrTx, accountId: string, limit: number) {
  return db
    .select()
    .from(customers)
    .where(and(eq(customers.accountId, accountId), live))
    .orderBy(desc(customers.createdAt), desc(customers.id))
    .limit(limit);
}

/**
 * A contact's card as other modules show or mail it (name, e-mail, phone, address), or
 * undefined when the account has no contact by that id.
 */
export async function findContactCard(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      phone: customers.phone,
      address: customers.address,
      city: customers.city,
      state: customers.state,
      zip: customers.zip,
    })
    .from(customers)
    .where(idInAccount(customers, accountId, id));
  return row;
}
export type ContactCard = NonNullable<Awaited<ReturnType<typeof findContactCard>>>;

// The repository's other parts, read through this one face (repo.* in the use cases).
export * from './customer-search.repo.ts';
export * from './customer-list.repo.ts';
