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
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { formulaSafeCsv, mappedCells, mappedColumns, parseImportCsv } from '../../lib/csv.ts';
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
    const values = exportCells(row);
    csv.write([...ITEM_IMPORT_FIELDS.map((f) => values[f]), level(row.onHand), row.id]);
  }
  csv.end();
  await ended;
  return chunks.join('');
}

const parseCsv = (csv: string) =>
  parseImportCsv(csv, {
    maxBytes: ITEM_IMPORT_MAX_BYTES,
    maxRows: ITEM_IMPORT_MAX_ROWS,
    tooLarge: 'The file is too large: an import can be at most 2 MB.',
    tooManyRows: `An import can have at most ${ITEM_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. Split the file.`,
  });

export function previewItemImport(csv: string): ItemImportPreview {
  const { headers, rows } = parseCsv(csv);
  return {
    headers,
    suggestedMapping: suggestItemImportMapping(headers),
    rowCount: rows.length,
    sampleRows: rows.slice(0, SAMPLE_ROWS).map((r) => r.cells),
  };
}

type ItemColumns = Omit<repo.ItemValues, 'accountId' | 'categoryId'>;

interface CheckedRow {
  row: number;
  /** The existing item the row updates, or none: a new item. */
  itemId: string | null;
  values: ItemColumns;
  slug: string | null;
  categoryName: string | null;
}

/**
 * Finds the item a row stands for, so that importing a file again (an export edited in a
 * spreadsheet) updates its items instead of adding them twice: by SKU, else by exact name; a row
 * with a SKU matches by name only an item that has no SKU yet (two items may share a name under
 * different SKUs).
 */
function itemMatcher(items: readonly repo.ItemWithStock[]) {
  const bySku = new Map<string, repo.ItemWithStock[]>();
  const byName = new Map<string, repo.ItemWithStock[]>();
  const add = (map: Map<string, repo.ItemWithStock[]>, key: string, item: repo.ItemWithStock) =>
    map.set(key, [...(map.get(key) ?? []), item]);
  for (const item of items) {
    if (item.sku) add(bySku, item.sku, item);
    add(byName, item.name, item);
  }
  return (sku: string, name: string): { item: repo.ItemWithStock | null } | { message: string } => {
    if (sku) {
      const withSku = bySku.get(sku) ?? [];
      if (withSku.length > 1)
        return { message: `${withSku.length} items have the SKU "${sku}": give each its own.` };
      if (withSku.length === 1) return { item: withSku[0]! };
    }
    const named = (byName.get(name) ?? []).filter((i) => !sku || !i.sku);
    if (named.length > 1)
      return {
        message: `${named.length} items are named "${name}": add a SKU column to say which one.`,
      };
    return { item: named[0] ?? null };
  };
}

/** An item's fields as the export writes them (what a row that leaves a column out keeps). */
function exportCells(row: repo.ItemWithStock): Record<ItemImportField, string> {
  return {
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
}

/**
 * Checks every row with the item dialog's schema, then in one transaction imports every row
 * (all-or-nothing: none when any row has an error) or exactly the valid ones. A row that matches
 * an existing item (itemMatcher) updates it, and a column the mapping leaves out keeps the item's
 * value; any other row makes an item. Categories named in the file are found by their slug or
 * made. Stock is not imported: it moves only by movements (receive the counted stock, or count
 * it, after the import). Synchronous: 5,000 rows at most.
 */
export async function importItems(
  db: Db,
  actor: AccountActor,
  body: ItemImportBody,
): Promise<ItemImportResult> {
  const { headers, rows } = parseCsv(body.csv);
  if (rows.length === 0)
    throw new AppError('BAD_REQUEST', 'The file has a header row but no items below it.');
  const columnOf = mappedColumns(headers, ITEM_IMPORT_FIELDS, body.mapping);
  const raw = rows.map(({ row, cells }) => ({ row, cells: mappedCells(columnOf, cells) }));
  const skus = raw.map((r) => (r.cells.sku ?? '').trim()).filter(Boolean);
  const names = raw.map((r) => (r.cells.name ?? '').trim()).filter(Boolean);
  const match = itemMatcher(await repo.itemsWithSkuOrName(db, actor.accountId, skus, names));

  const errors: ItemImportResult['errors'] = [];
  const valid: CheckedRow[] = [];
  /** The row that already stands for an item (or a new one) in this file. */
  const rowOf = new Map<string, number>();
  for (const { row, cells } of raw) {
    const found = match((cells.sku ?? '').trim(), (cells.name ?? '').trim());
    if ('message' in found) {
      errors.push({ row, messages: [found.message] });
      continue;
    }
    const existing = found.item;
    // A row found by its name leaves the item's SKU as it was when its own SKU cell is blank.
    const keepSku = existing?.sku && !(cells.sku ?? '').trim() ? { sku: existing.sku } : {};
    const checked = itemFromCsvRow(
      existing ? { ...exportCells(existing), ...cells, ...keepSku } : cells,
    );
    if (!checked.ok) {
      errors.push({ row, messages: checked.messages });
      continue;
    }
    const item = checked.values;
    const key = existing ? `id:${existing.id}` : item.sku ? `sku:${item.sku}` : `name:${item.name}`;
    const earlier = rowOf.get(key);
    if (earlier !== undefined) {
      errors.push({ row, messages: [`Row ${earlier} of the file is the same item.`] });
      continue;
    }
    rowOf.set(key, row);
    const misfit = [item.reorderPoint, item.reorderQuantity, Number(existing?.onHand ?? 0)].some(
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
      row,
      itemId: existing?.id ?? null,
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
  errors.sort((x, y) => x.row - y.row);
  const updates = valid.filter((v) => v.itemId !== null);
  const inserts = valid.filter((v) => v.itemId === null);
  if (body.mode === 'all-or-nothing' && errors.length > 0)
    return { imported: 0, created: 0, updated: 0, categoriesCreated: 0, errors };
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
      const categoryId = (v: CheckedRow) => (v.slug ? (ids.get(v.slug) ?? null) : null);
      for (let i = 0; i < inserts.length; i += 500) {
        await repo.insertItems(
          tx,
          inserts.slice(i, i + 500).map((v) => ({
            ...v.values,
            accountId: actor.accountId,
            categoryId: categoryId(v),
          })),
        );
      }
      for (const v of updates) {
        await repo.updateItem(tx, actor.accountId, v.itemId!, {
          ...v.values,
          categoryId: categoryId(v),
        });
      }
    });
  }
  return {
    imported: valid.length,
    created: inserts.length,
    updated: updates.length,
    categoriesCreated: newCategories.size,
    errors,
  };
}
