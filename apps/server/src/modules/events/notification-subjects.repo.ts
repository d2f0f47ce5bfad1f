import { categorizeRequest, type LedgerSubject, type RequestCategory } from '@crewdesk/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { idInAccount } from '../../db/queries.ts';
import {
  customers,
  employees,
  inventoryItems,
  invoices,
  jobs,
  requests,
  salesOpportunities,
} from '../../db/schema/index.ts';

// The words a notification names its record by (the dispatcher's titles), apart from the ledger.

/** What a request's client read it as ('estimate', 'quote', 'proposal'): its notifications say so. */
export async function requestNoun(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<RequestCategory> {
  const [row] = await db
    .select({ type: requests.type, proposalType: requests.proposalType })
    .from(requests)
    .where(idInAccount(requests, accountId, id));
  return categorizeRequest({ type: row?.type, proposal_type: row?.proposalType });
}

/** The words that name a record in a notification: a client, a visit's title, a number. */
export async function subjectName(
  db: DbOrTx,
  accountId: string,
  subject: LedgerSubject,
  id: string,
): Promise<string | null> {
  switch (subject) {
    case 'request': {
      const [row] = await db
        .select({
          first: customers.firstName,
          last: customers.lastName,
          client: requests.client,
        })
        .from(requests)
        .leftJoin(customers, eq(customers.id, requests.customerId))
        .where(idInAccount(requests, accountId, id));
      if (!row) return null;
      // The contact's name, else the client named on the request itself (one made from an
      // inspection's findings may have no contact): never a nameless 'a client'.
      return (
        [row.first, row.last].filter(Boolean).join(' ').trim() || row.client.trim() || 'A client'
      );
    }
    case 'job': {
      const [row] = await db
        .select({ title: jobs.title })
        .from(jobs)
        .where(idInAccount(jobs, accountId, id));
      return row?.title ?? null;
    }
    case 'invoice': {
      const [row] = await db
        .select({ number: invoices.numberText })
        .from(invoices)
        .where(idInAccount(invoices, accountId, id));
      return row?.number ?? null;
    }
    case 'member': {
      const [row] = await db
        .select({ first: employees.firstName, last: employees.lastName })
        .from(employees)
        .where(idInAccount(employees, accountId, id));
      return row ? `${row.first} ${row.last}`.trim() : null;
    }
    case 'webhook':
      return 'Webhook';
    case 'time_entry':
      return 'Time entry';
    case 'timesheet':
      return 'Timesheet';
    case 'inspection':
      return 'Inspection';
    case 'inspection_template':
      return 'Inspection template';
    case 'inventory_item': {
      const [row] = await db
        .select({ name: inventoryItems.name })
        .from(inventoryItems)
        .where(idInAccount(inventoryItems, accountId, id));
      return row?.name ?? null;
    }
    case 'opportunity': {
      const [row] = await db
        .select({ title: salesOpportunities.title })
        .from(salesOpportunities)
        .where(idInAccount(salesOpportunities, accountId, id));
      return row?.title ?? null;
    }
    case 'data_export':
      return 'Data export';
    case 'customer': {
      const [row] = await db
        .select({ first: customers.firstName, last: customers.lastName })
        .from(customers)
        .where(idInAccount(customers, accountId, id));
      return row ? `${row.first} ${row.last}`.trim() : null;
    }
  }
}
