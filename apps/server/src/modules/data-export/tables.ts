import { is } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema/index.ts';

// Which tables an account's archive holds (decision 037). The explicit lists are the contract;
// the test compares them with what the schema says, so a new table must be placed in one of them.

/** Every table the archive holds and an import writes, parents before children (foreign keys). */
export const EXPORTED_TABLES = [
  schema.businessDetails,
  schema.employees,
  schema.customers,
  schema.requests,
  schema.invoiceSettings,
  schema.invoices,
  schema.jobSeries,
  schema.jobs,
  schema.jobAssignees,
  schema.jobChecklistItems,
  schema.jobPhotos,
  schema.jobEvents,
  schema.invoicePayments,
  schema.invoiceEvents,
  schema.invoiceReminders,
  schema.requestEvents,
  schema.inspectionTemplates,
  schema.inspections,
  schema.inspectionAnswers,
  schema.inspectionPhotos,
  schema.inspectionShareLinks,
  schema.inspectionQuotes,
  schema.inventorySettings,
  schema.clientHubSettings,
  schema.inventoryCategories,
  schema.inventoryItems,
  schema.inventoryLocations,
  schema.inventoryMovements,
  schema.inventoryBalances,
  schema.salesSettings,
  schema.salesOpportunities,
  schema.salesOpportunityRequests,
  schema.salesNotes,
  schema.domainEvents,
  schema.salesStageMoves,
  schema.timeSettings,
  schema.timeEntries,
  schema.timePunches,
  schema.timeEntryChanges,
  schema.timesheets,
  schema.locationConsents,
  schema.timeCorrections,
  schema.reportSchedules,
  schema.notificationDefaults,
  schema.assistantUsage,
  schema.assistantConversations,
  schema.assistantMessages,
  schema.assistantProposals,
  schema.assistantToolLog,
] as const satisfies readonly PgTable[];

/** Account tables left out of the archive, and why: secrets, a person's devices, transient state. */
export const EXCLUDED_TABLES: Readonly<Record<string, string>> = {
  account_members:
    'written as members (user id, name, e-mail, role) to map people on import; never imported: the importing business keeps its own members',
  account_invitations: 'an invitation id is the secret of its acceptance link on the old install',
  access_tokens: 'personal credentials (token hashes)',
  push_subscriptions: "one browser's push endpoint and keys, bound to the old install's VAPID key",
  calendar_feeds: "a person's secret calendar feed token",
  webhook_endpoints: 'signing secrets; an admin adds the endpoints again',
  webhook_deliveries: 'the delivery log of endpoints that are not exported',
  idempotency_keys: 'a replay cache kept for a day',
  notifications: "a person's inbox; the ledger (domain_events) is exported",
  notification_settings: "a person's own choices, keyed by user",
  notification_preferences: "a person's own choices, keyed by user",
  assistant_settings: "the AI key, encrypted with the old install's secret",
  mail_messages: 'the outbox: an imported queued message must not be sent again',
  data_exports: 'the export jobs themselves',
  client_hub_contacts:
    "when a contact's links were last revoked: it dates links of the old install, not the new one's",
  client_hub_codes: 'one-time codes of the client hub (hashes), valid for minutes',
  client_hub_sessions: "clients' hub sessions (token hashes)",
  access_entries:
    "contacts' gate, lockbox and alarm codes: never in an export (issue 26), and sealed with this install's vault key",
  access_reveals: 'the reveal log of access codes that are not exported',
  visit_proofs:
    "each page's token is the secret of a client's link on the old install; the client's answers are in the visits' history (job_events)",
  proof_settings: 'one number of days, set again in the new install',
  field_changes:
    "receipts of changes phones made offline, kept so a retry is not applied twice; the changes themselves are in the visits' history",
};

/** Columns never written to an archive, and why (none of the exported tables has one today). */
export const EXCLUDED_COLUMNS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  business_accounts: { metadata: 'better-auth internals' },
};

/** Other tables holding secrets of people, never exported: sessions, sign-in methods, 2FA. */
export const PERSONAL_SECRET_TABLES = [
  'users (only name and e-mail of members)',
  'sessions',
  'auth_identities (password hashes)',
  'two_factors',
  'verifications',
] as const;

export type ExportedTable = (typeof EXPORTED_TABLES)[number];

export const tableName = (table: PgTable): string => getTableConfig(table).name;

export function accountIdColumnOf(table: PgTable): PgColumn {
  const column = getTableConfig(table).columns.find((c) => c.name === 'account_id');
  if (!column) throw new Error(`${tableName(table)} has no account_id`);
  return column;
}

/** Every table of the schema with an account_id column, by name: what belongs to an account. */
export function accountTablesOfSchema(): string[] {
  return (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableConfig(table))
    .filter((config) => config.columns.some((c) => c.name === 'account_id'))
    .map((config) => config.name)
    .sort();
}

export const exportedTableByName: ReadonlyMap<string, ExportedTable> = new Map(
  EXPORTED_TABLES.map((table) => [tableName(table), table]),
);
