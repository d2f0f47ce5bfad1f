import {
  categorySlug,
  fromThousandths,
  ITEM_EXPORT_EXTRA_HEADERS,
  ITEM_FIELD_HEADERS,
  ITEM_IMPORT_FIELDS,
  ITEM_IMPORT_MAX_BYTES,
  ITEM_IMPORT_MAX_ROWS,
  itemFromCsvRow,
  quantityFitsUnit,
  INVENTORY_MESSAGES,
  INVENTORY_UNITS,
  suggestItemImportMapping,
  toThousandths,
  type ItemImportBody,
  type ItemImportField,
  type ItemImportPreview,
  type ItemImportResult,
} from '@crewdesk/domain';
import { parse } from 'csv-parse/sync';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { formulaSafeCsv, unescapeFormulaCell } from '../../lib/csv.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import * as repo from './inventory.repo.ts';

/** The most items an export writes (the import's own limit, so a file goes back in whole). */
const EXPORT_MAX = ITEM_IMPORT_MAX_ROWS;
const SAMPLE_ROWS = 5;

export const ITEM_EXPORT_HEADERS: readonly string[] = [
  ...ITEM_IMPORT_FIELDS.map((f) => ITEM_FIELD_HEADERS[f]),
  ...ITEM_EXPORT_EXTRA_HEADERS,
];

const dollars = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));
const level = (text: string) => String(fromThousandths(toThousandths(Number(text))));

/** Every item of the business as formula-safe CSV with a header row. */
export async function exportItemsCsv(db: Db, actor: AccountActor): Promise<string> {
  const rows = await repo.allItems(db, actor.accountId, EXPORT_MAX);
  const csv = formulaSafeCsv({ header: true, columns: [...ITEM_EXPORT_HEADERS] });
  const chunks: string[] = [];
  csv.on('data', (chunk: Buffer | string) => chunks.push(String(chunk)));
  const ended = new Promise((resolve, reject) => {
    csv.on('end', resolve);
    csv.on('error', reject);
  });
  for (const row of rows) {
    const values: Record<ItemImportField, string> = {
      name: row.name,
      sku: row.sku ?? '',
      category: row.categoryName ?? '',
      unit: row.unit,
      kind: row.kind,
      cost: dollars(row.costCents),
      salePrice: dollars(row.salePriceCents),
      reorderPoint: level(row.reorderPoint),
      reorderQuantity: level(row.reorderQuantity),
      supplier: row.supplier ?? '',
      calculatorTool: row.calculatorTool ?? '',
    };
    csv.write([...ITEM_IMPORT_FIELDS.map((f) => values[f]), level(row.onHand), row.id]);
  }
  csv.end();
  await ended;
  return chunks.join('');
}

function parseCsv(csv: string) {
  if (Buffer.byteLength(csv, 'utf8') > ITEM_IMPORT_MAX_BYTES)
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      'The file is too large: an import can be at most 2 MB.',
    );
  let records: string[][];
  try {
    records = parse(csv, { bom: true, relax_column_count: true }) as string[][];
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError('BAD_REQUEST', `The file could not be read as CSV: ${reason}`);
  }
  // The export made formula-like cells safe with an apostrophe: one is taken off again.
  records = records.map((cells) => cells.map(unescapeFormulaCell));
  const [header, ...data] = records;
  const headers = (header ?? []).map((h) => h.trim());
  if (headers.every((h) => h === ''))
    throw new AppError('BAD_REQUEST', 'The file is empty: the first row must name the columns.');
  const rows = data
    .map((cells, i) => ({ row: i + 2, cells }))
    .filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (rows.length > ITEM_IMPORT_MAX_ROWS)
    throw new AppError(
      'BAD_REQUEST',
      `An import can have at most ${ITEM_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. Split the file.`,
    );
  return { headers, rows };
}

export function previewItemImport(csv: string): ItemImportPreview {
  const { headers, rows } = parseCsv(csv);
  return {
    headers,
    suggestedMapping: suggestItemImportMapping(headers),
    rowCount: rows.length,
    sampleRows: rows.slice(0, SAMPLE_ROWS).map((r) => r.cells),
  };
}

/**
 * Checks every row with the item dialog's schema, then in one transaction imports every row
 * (all-or-nothing: none when any row has an error) or exactly the valid ones. Categories named in
 * the file are found by their slug or made. Stock is not imported: it moves only by movements
 * (receive the counted stock, or count it, after the import). Synchronous: 5,000 rows at most.
 */
export async function importItems(
  db: Db,
  actor: AccountActor,
  body: ItemImportBody,
): Promise<ItemImportResult> {
  const { headers, rows } = parseCsv(body.csv);
  if (rows.length === 0)
    throw new AppError('BAD_REQUEST', 'The file has a header row but no items below it.');
  const columnOf = new Map<ItemImportField, number>();
  for (const field of ITEM_IMPORT_FIELDS) {
    const header = body.mapping[field];
    if (!header) continue;
    const index = headers.indexOf(header.trim());
    if (index < 0) throw new AppError('BAD_REQUEST', `The column "${header}" is not in the file.`);
    columnOf.set(field, index);
  }
  const errors: ItemImportResult['errors'] = [];
  const valid: {
    values: Omit<repo.ItemValues, 'accountId' | 'categoryId'>;
    slug: string | null;
    categoryName: string | null;
  }[] = [];
  for (const { row, cells } of rows) {
    const values: Partial<Record<ItemImportField, string>> = {};
    for (const [field, index] of columnOf) values[field] = cells[index] ?? '';
    const checked = itemFromCsvRow(values);
    if (!checked.ok) {
      errors.push({ row, messages: checked.messages });
      continue;
    }
    const item = checked.values;
    const misfit = [item.reorderPoint, item.reorderQuantity].some(
      (q) => !quantityFitsUnit(q, item.unit),
    );
    if (misfit) {
      errors.push({
        row,
        messages: [INVENTORY_MESSAGES.decimalsNotAllowed(INVENTORY_UNITS[item.unit].label)],
      });
      continue;
    }
    const slug = checked.categoryName ? categorySlug(checked.categoryName) : null;
    if (checked.categoryName && !slug) {
      errors.push({ row, messages: ['A category name needs letters or digits.'] });
      continue;
    }
    valid.push({
      values: {
        name: item.name,
        sku: item.sku,
        unit: item.unit,
        kind: item.kind,
        costCents: item.costCents,
        salePriceCents: item.salePriceCents,
        reorderPoint: fromThousandths(toThousandths(item.reorderPoint)).toFixed(3),
        reorderQuantity: fromThousandths(toThousandths(item.reorderQuantity)).toFixed(3),
        supplier: item.supplier,
        calculatorTool: item.calculatorTool,
      },
      slug,
      categoryName: checked.categoryName,
    });
  }
  if (body.mode === 'all-or-nothing' && errors.length > 0)
    return { imported: 0, categoriesCreated: 0, errors };
  const existing = new Map(
    (await repo.categoriesByName(db, actor.accountId)).map((c) => [c.slug, c.id]),
  );
  const newCategories = new Map<string, string>();
  for (const v of valid) {
    if (v.slug && v.categoryName && !existing.has(v.slug) && !newCategories.has(v.slug))
      newCategories.set(v.slug, v.categoryName);
  }
  if (!body.dryRun) {
    await db.transaction(async (tx) => {
      const ids = new Map(existing);
      for (const [slug, name] of newCategories) {
        const found = await repo.findCategoryBySlug(tx, actor.accountId, slug);
        ids.set(
          slug,
          found?.id ??
            (await repo.insertCategory(tx, { accountId: actor.accountId, name, slug })).id,
        );
      }
      for (let i = 0; i < valid.length; i += 500) {
        await repo.insertItems(
          tx,
          valid.slice(i, i + 500).map((v) => ({
            ...v.values,
            accountId: actor.accountId,
            categoryId: v.slug ? (ids.get(v.slug) ?? null) : null,
          })),
        );
      }
    });
  }
  return { imported: valid.length, categoriesCreated: newCategories.size, errors };
}
