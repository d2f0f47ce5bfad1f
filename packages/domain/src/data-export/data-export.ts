import { z } from 'zod';
import { BUSINESS_ADMIN_ROLES, type Role } from '../auth/roles.ts';

// Export everything / import it back (issue 25, decision 037): the archive's manifest and the
// API's answers, shared by the server and the Settings > Data screen.

export const DATA_EXPORT_FORMAT = 'crewdesk-export';
/** An archive can be downloaded this long after it was made; then it is deleted. */
export const DATA_EXPORT_TTL_DAYS = 7;
export const DATA_EXPORT_ROLES: readonly Role[] = BUSINESS_ADMIN_ROLES;

export const DATA_EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

const sha256 = z
  .string()
  .length(64, 'must be a SHA-256 in hex')
  .regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in hex');

export const dataExportManifestSchema = z.object({
  format: z.literal(DATA_EXPORT_FORMAT),
  schemaVersion: z.string().min(1).max(200),
  exportedAt: z.iso.datetime({ offset: true }),
  account: z.object({ id: z.uuid(), name: z.string().max(500) }),
  tables: z.record(
    z.string().regex(/^[a-z_]{1,63}$/),
    z.object({ rows: z.number().int().min(0).max(100_000_000), sha256 }),
  ),
  files: z.record(z.string().max(300), sha256),
});
export type DataExportManifest = z.infer<typeof dataExportManifestSchema>;

export const dataExportSchema = z.object({
  id: z.uuid(),
  status: z.enum(DATA_EXPORT_STATUSES),
  progress: z.number().int().min(0).max(100),
  sizeBytes: z.number().int().min(0).nullable(),
  error: z.string().max(2000).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type DataExport = z.infer<typeof dataExportSchema>;
export const dataExportsSchema = z.object({ items: z.array(dataExportSchema).max(100) });

export const dataImportQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

export const dataImportResultSchema = z.object({
  dryRun: z.boolean(),
  tables: z.record(z.string().max(63), z.number().int().min(0)),
  files: z.number().int().min(0),
  problems: z.array(z.string().max(1000)).max(200),
});
export type DataImportResult = z.infer<typeof dataImportResultSchema>;

export const DATA_IMPORT_MESSAGES = {
  notAnArchive: 'This file is not a Crewdesk export archive (a .zip made by Export everything).',
  noManifest: 'The archive has no manifest.json: it is not a complete Crewdesk export.',
  badManifest: 'The archive’s manifest.json is not one Crewdesk wrote.',
  newerVersion:
    'This archive was made by a newer Crewdesk (database version {archive}; this one is {here}). Update this install first.',
  olderVersion:
    'This archive was made by an older Crewdesk (database version {archive}; this one is {here}). Export it again from an updated install; upgrading archives is not supported.',
  notEmpty:
    'Import only goes into an empty business (no contacts, quotes, jobs or invoices). Create a new business and import there.',
  problems: 'The archive did not pass the check: nothing was imported.',
} as const;

/**
 * Compares two migration tags ("0035_assistant"): their number orders them, so an archive of a
 * newer install is told apart from an older one.
 */
export function compareSchemaVersions(archive: string, here: string): 'same' | 'newer' | 'older' {
  if (archive === here) return 'same';
  const number = (tag: string) => Number.parseInt(tag.split('_')[0] ?? '', 10);
  const a = number(archive);
  const h = number(here);
  if (Number.isNaN(a)) return 'older';
  return a > h || (a === h && archive > here) ? 'newer' : 'older';
}

/** The message for an archive of another schema version, or null when it is this install's. */
export function schemaVersionProblem(archive: string, here: string): string | null {
  const comparison = compareSchemaVersions(archive, here);
  if (comparison === 'same') return null;
  const template =
    comparison === 'newer' ? DATA_IMPORT_MESSAGES.newerVersion : DATA_IMPORT_MESSAGES.olderVersion;
  return template.replace('{archive}', archive).replace('{here}', here);
}
