import {
  STARTER_TEMPLATE_KEYS,
  starterTemplate,
  type InspectionSnapshot,
  type InspectionTemplate,
  type InspectionTemplateList,
  type StarterTemplateKey,
} from '@crewdesk/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, orNotFound } from '../../lib/app-error.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { recordEvent } from '../events/index.ts';
import * as repo from './inspections.repo.ts';

export const TEMPLATE_NOT_CURRENT_MESSAGE =
  'This template has been edited since; open its newest version and change that one.';
export const TEMPLATE_ARCHIVED_MESSAGE = 'This template is archived; restore it to use it.';
export const STARTER_ADOPTED_MESSAGE = 'This starter template is in your templates already.';

const TEMPLATE = 'Inspection template';

function itemCount(sections: InspectionSnapshot['sections']): number {
  return sections.reduce((n, s) => n + s.items.length, 0);
}

export function toTemplate(row: repo.TemplateRow): InspectionTemplate {
  return {
    id: row.id,
    familyId: row.familyId,
    version: row.version,
    name: row.name,
    description: row.description,
    passMarkPercent: row.passMarkPercent,
    sections: row.sections,
    archived: row.archivedAt !== null,
    starterKey: row.starterKey,
    itemCount: itemCount(row.sections),
    createdAt: row.createdAt.toISOString(),
  };
}

/** What a template version freezes into an inspection that starts from it. */
export function snapshotOf(row: repo.TemplateRow): InspectionSnapshot {
  return {
    name: row.name,
    description: row.description,
    passMarkPercent: row.passMarkPercent,
    sections: row.sections,
  };
}

export async function listTemplates(
  db: Db,
  actor: AccountActor,
  archived: boolean | undefined,
): Promise<InspectionTemplateList> {
  const rows = await repo.currentTemplates(db, actor.accountId, archived);
  const adopted = await repo.adoptedStarterKeys(db, actor.accountId);
  return {
    items: rows.map(toTemplate),
    starters: STARTER_TEMPLATE_KEYS.filter((key) => !adopted.has(key)).map((key) => {
      const template = starterTemplate(key);
      return {
        key,
        name: template.name,
        description: template.description,
        itemCount: itemCount(template.sections),
      };
    }),
  };
}

export async function getTemplate(db: Db, actor: AccountActor, id: string) {
  return toTemplate(orNotFound(await repo.findTemplate(db, actor.accountId, id), TEMPLATE));
}

/** A new version in the ledger: the subject is the version, the payload its family and number. */
function recordVersion(
  tx: DbOrTx,
  actor: AccountActor,
  type: 'inspection_template.created' | 'inspection_template.edited',
  row: repo.TemplateRow,
): Promise<void> {
  return recordEvent(tx, {
    accountId: actor.accountId,
    type,
    subjectId: row.id,
    actorUserId: actor.userId,
    payload: { familyId: row.familyId, version: row.version },
  });
}

/** Version 1 of a new family; undefined when it is a starter the business holds already. */
async function insertFirstVersion(
  tx: DbOrTx,
  actor: AccountActor,
  template: InspectionSnapshot,
  starterKey: StarterTemplateKey | null,
  now: Date,
): Promise<repo.TemplateRow | undefined> {
  const values = {
    accountId: actor.accountId,
    familyId: crypto.randomUUID(),
    version: 1,
    ...template,
    starterKey,
    createdBy: actor.userId,
    createdAt: now,
  };
  const row = starterKey
    ? await repo.insertStarterTemplate(tx, values)
    : await repo.insertTemplate(tx, values);
  if (row) await recordVersion(tx, actor, 'inspection_template.created', row);
  return row;
}

export async function createTemplate(
  db: Db,
  actor: AccountActor,
  input: InspectionSnapshot,
  now: Date,
): Promise<InspectionTemplate> {
  const row = await db.transaction((tx) => insertFirstVersion(tx, actor, input, null, now));
  return toTemplate(orNotFound(row, TEMPLATE));
}

/** Adopts one of the product's starters as the business's own template (once per starter). */
export async function useStarter(
  db: Db,
  actor: AccountActor,
  key: StarterTemplateKey,
  now: Date,
): Promise<InspectionTemplate> {
  const row = await db.transaction((tx) =>
    insertFirstVersion(tx, actor, starterTemplate(key), key, now),
  );
  if (!row) throw new AppError('CONFLICT', STARTER_ADOPTED_MESSAGE);
  return toTemplate(row);
}

/**
 * An edit makes a new version of the family; the old version stays as it was for the
 * inspections that started from it. Only the current version may be edited.
 */
export async function editTemplate(
  db: Db,
  actor: AccountActor,
  id: string,
  input: InspectionSnapshot,
  now: Date,
): Promise<InspectionTemplate> {
  return toTemplate(
    await db.transaction(async (tx) => {
      const old = orNotFound(await repo.lockTemplate(tx, actor.accountId, id), TEMPLATE);
      if (!old.current) throw new AppError('CONFLICT', TEMPLATE_NOT_CURRENT_MESSAGE);
      await repo.updateTemplate(tx, actor.accountId, old.id, { current: false });
      const row = await repo.insertTemplate(tx, {
        accountId: actor.accountId,
        familyId: old.familyId,
        version: old.version + 1,
        ...input,
        starterKey: old.starterKey,
        archivedAt: old.archivedAt,
        createdBy: actor.userId,
        createdAt: now,
      });
      await recordVersion(tx, actor, 'inspection_template.edited', row);
      return row;
    }),
  );
}

/** Archives (out of the pickers, kept for past inspections) or restores the current version. */
export async function setArchived(
  db: Db,
  actor: AccountActor,
  id: string,
  archived: boolean,
  now: Date,
): Promise<InspectionTemplate> {
  return toTemplate(
    await db.transaction(async (tx) => {
      const row = orNotFound(await repo.lockTemplate(tx, actor.accountId, id), TEMPLATE);
      if (!row.current) throw new AppError('CONFLICT', TEMPLATE_NOT_CURRENT_MESSAGE);
      const archivedAt = archived ? (row.archivedAt ?? now) : null;
      await repo.updateTemplate(tx, actor.accountId, id, { archivedAt });
      if (archived && !row.archivedAt) {
        await recordEvent(tx, {
          accountId: actor.accountId,
          type: 'inspection_template.archived',
          subjectId: row.id,
          actorUserId: actor.userId,
          payload: { familyId: row.familyId },
        });
      }
      return { ...row, archivedAt };
    }),
  );
}

/** The version an inspection starts from: the current, unarchived one. */
export async function templateToStart(
  db: DbOrTx,
  actor: AccountActor,
  id: string,
): Promise<repo.TemplateRow> {
  const row = orNotFound(await repo.findTemplate(db, actor.accountId, id), TEMPLATE);
  if (!row.current) throw new AppError('CONFLICT', TEMPLATE_NOT_CURRENT_MESSAGE);
  if (row.archivedAt) throw new AppError('CONFLICT', TEMPLATE_ARCHIVED_MESSAGE);
  return row;
}
