import { z } from 'zod';
import { FIELD_LIMITS, tooLongMessage } from '../schemas/field-limits.ts';

/**
 * What every CSV import shares (contacts, inventory items): the two ways to treat rows with
 * errors, the per-row error, the suggested column mapping and the preview's shape.
 */

/** All rows or none (when any has an error), or exactly the valid rows. */
export const IMPORT_MODES = ['all-or-nothing', 'valid-only'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

export const importModeSchema = z.enum(IMPORT_MODES, {
  error: "mode must be 'all-or-nothing' or 'valid-only'",
});

export const importRowErrorSchema = z.object({
  /** The row's number in the file, counting the header as row 1 (as a spreadsheet shows it). */
  row: z.number().int(),
  messages: z.array(z.string()),
});
export type ImportRowError = z.output<typeof importRowErrorSchema>;

/** A header compared without case, spaces or punctuation: 'Sale Price' and 'sale_price' agree. */
export function importHeaderKey(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * For each field in order, the first header that names it (its export header or an alias), or
 * null; each header serves one field.
 */
export function suggestColumnMapping<F extends string>(
  fields: readonly F[],
  headers: readonly string[],
  fieldHeaders: Readonly<Record<F, string>>,
  aliases: Readonly<Record<F, readonly string[]>>,
): Record<F, string | null> {
  const taken = new Set<string>();
  const mapping = {} as Record<F, string | null>;
  for (const field of fields) {
    const names = new Set([importHeaderKey(fieldHeaders[field]), ...aliases[field]]);
    const header = headers.find((h) => !taken.has(h) && names.has(importHeaderKey(h))) ?? null;
    if (header !== null) taken.add(header);
    mapping[field] = header;
  }
  return mapping;
}

/** The preview answer: the file's headers, the suggested mapping, the row count, a few rows. */
export function importPreviewSchemaOf<F extends string>(fields: readonly [F, ...F[]]) {
  return z.object({
    headers: z.array(z.string()),
    suggestedMapping: z.record(z.enum(fields), z.string().nullable()),
    rowCount: z.number().int(),
    sampleRows: z.array(z.array(z.string())),
  });
}

/** Field → the file's column that fills it (null or left out: not imported). */
export function importMappingSchemaOf<F extends string>(
  fields: readonly [F, ...F[]],
  noun: string,
) {
  return z.partialRecord(
    z.enum(fields),
    z
      .string()
      .max(FIELD_LIMITS.text.csvHeader, {
        error: tooLongMessage('A column name', FIELD_LIMITS.text.csvHeader),
      })
      .nullable(),
    { error: `mapping keys must be ${noun} fields: ${fields.join(', ')}` },
  );
}
