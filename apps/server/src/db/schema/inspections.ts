import type {
  InspectionAnswerValue,
  InspectionSnapshot,
  InspectionStatus,
  StarterTemplateKey,
} from '@crewdesk/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  accountIdColumn,
  accountSearchIndex,
  createdAtColumn,
  idColumn,
  ownerIdColumn,
  updatedAtColumn,
  userRefColumn,
} from './columns.ts';
import { customers } from './customers.ts';
import { employees } from './employees.ts';
import { jobs } from './jobs.ts';
import { requests } from './requests.ts';

/**
 * Inspection templates (issue 20), versioned: an edit inserts a new version of the same family
 * and marks the old one no longer current, so an inspection started from a version keeps
 * pointing at exactly what it started from (and carries its own snapshot besides).
 */
export const inspectionTemplates = pgTable(
  'inspection_templates',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    /** The same for every version of one template. */
    familyId: uuid('family_id').notNull(),
    version: integer('version').notNull(),
    /** Only the newest version of a family is current: the one lists show and edits replace. */
    current: boolean('current').notNull().default(true),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    passMarkPercent: integer('pass_mark_percent').notNull(),
    sections: jsonb('sections').$type<InspectionSnapshot['sections']>().notNull(),
    /** The product's starter it was adopted from: a starter is adopted once per business. */
    starterKey: text('starter_key').$type<StarterTemplateKey>(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdBy: userRefColumn('created_by'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('inspection_templates_family_version_idx').on(t.accountId, t.familyId, t.version),
    uniqueIndex('inspection_templates_current_idx')
      .on(t.accountId, t.familyId)
      .where(sql`${t.current}`),
    uniqueIndex('inspection_templates_starter_idx')
      .on(t.accountId, t.starterKey)
      .where(sql`${t.current} and ${t.starterKey} is not null`),
    index('inspection_templates_account_name_idx').on(t.accountId, t.current, t.name),
  ],
);

/**
 * The searchable text of an inspection: its template's name and its site, lowercased. Queries
 * must spell it exactly so for inspections_account_search_idx to apply.
 */
export const inspectionSearchText = sql`lower("template_name" || ' ' || "site_address")`;

/**
 * One inspection: on a visit or at a contact's site. `snapshot` is the template as it was when
 * the inspection started; every screen, score and report reads it, never the template.
 */
export const inspections = pgTable(
  'inspections',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => inspectionTemplates.id),
    templateFamilyId: uuid('template_family_id').notNull(),
    templateVersion: integer('template_version').notNull(),
    templateName: text('template_name').notNull(),
    snapshot: jsonb('snapshot').$type<InspectionSnapshot>().notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    siteAddress: text('site_address').notNull().default(''),
    inspectorId: uuid('inspector_id').references(() => employees.id, { onDelete: 'set null' }),
    status: text('status').$type<InspectionStatus>().notNull().default('draft'),
    notes: text('notes').notNull().default(''),
    /** Staff only: never on the shared report nor in the client's PDF. */
    internalNotes: text('internal_notes').notNull().default(''),
    /** Cached at finish from the snapshot and the answers (inspectionScore). */
    scorePercent: doublePrecision('score_percent'),
    passed: boolean('passed'),
    signatureName: text('signature_name'),
    /** The drawn signature as a PNG data URL, when one was drawn. */
    signatureImage: text('signature_image'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdBy: userRefColumn('created_by'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    // The list, newest first (keyset on started_at, id), and its filters.
    index('inspections_account_started_idx').on(t.accountId, t.startedAt.desc(), t.id.desc()),
    index('inspections_account_status_started_idx').on(t.accountId, t.status, t.startedAt.desc()),
    index('inspections_account_template_idx').on(
      t.accountId,
      t.templateFamilyId,
      t.startedAt.desc(),
    ),
    index('inspections_account_customer_idx').on(t.accountId, t.customerId),
    index('inspections_account_inspector_idx').on(t.accountId, t.inspectorId),
    index('inspections_account_job_idx').on(t.accountId, t.jobId),
    index('inspections_account_score_idx').on(t.accountId, t.scorePercent),
    accountSearchIndex('inspections_account_search_idx', t.accountId, inspectionSearchText),
  ],
);

/** One answer per item, saved as it is given: the item's key makes a retried save change nothing new. */
export const inspectionAnswers = pgTable(
  'inspection_answers',
  {
    accountId: accountIdColumn(),
    inspectionId: ownerIdColumn('inspection_id', () => inspections.id),
    itemKey: text('item_key').notNull(),
    kind: text('kind').$type<InspectionAnswerValue['kind']>().notNull(),
    /** The answer without its notes (InspectionAnswerValue). */
    value: jsonb('value').$type<InspectionAnswerValue>().notNull(),
    note: text('note').notNull().default(''),
    internalNote: text('internal_note').notNull().default(''),
    answeredBy: userRefColumn('answered_by'),
    updatedAt: updatedAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.inspectionId, t.itemKey] })],
);

/** Photos of an item, resized on the server like visit photos; the id may be the device's (a retry). */
export const inspectionPhotos = pgTable(
  'inspection_photos',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    inspectionId: ownerIdColumn('inspection_id', () => inspections.id),
    itemKey: text('item_key').notNull(),
    /** The file under DATA_DIR/uploads/inspection-photos. */
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    uploadedBy: userRefColumn('uploaded_by'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('inspection_photos_item_idx').on(t.accountId, t.inspectionId, t.itemKey, t.createdAt),
  ],
);

/**
 * The client's link to a finished inspection's report: a random secret, like an estimate's share
 * token, that can be revoked (a revoked link answers 404). At most one live link per inspection.
 */
export const inspectionShareLinks = pgTable(
  'inspection_share_links',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    inspectionId: ownerIdColumn('inspection_id', () => inspections.id),
    /** The SHA-256 of a link made before tokens were signed (decision 055); the link's token is
     * signed from its id, not stored. */
    legacyTokenHash: text('legacy_token_hash'),
    createdBy: userRefColumn('created_by'),
    createdAt: createdAtColumn(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('inspection_share_links_legacy_token_idx').on(t.legacyTokenHash),
    uniqueIndex('inspection_share_links_live_idx')
      .on(t.accountId, t.inspectionId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * Quotes made from an inspection's findings: the client's acceptance on the shared report (at
 * most one per inspection), or a staff member's draft.
 */
export const inspectionQuotes = pgTable(
  'inspection_quotes',
  {
    accountId: accountIdColumn(),
    inspectionId: ownerIdColumn('inspection_id', () => inspections.id),
    requestId: ownerIdColumn('request_id', () => requests.id),
    source: text('source').$type<'client' | 'staff'>().notNull(),
    findingIds: jsonb('finding_ids').$type<string[]>().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.inspectionId, t.requestId] }),
    uniqueIndex('inspection_quotes_client_idx')
      .on(t.accountId, t.inspectionId)
      .where(sql`${t.source} = 'client'`),
  ],
);
