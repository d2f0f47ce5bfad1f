import { describe, expect, it } from 'vitest';
import {
  inventoryItemListQuerySchema,
  itemFromCsvRow,
  suggestItemImportMapping,
} from './inventory-views.ts';

describe('suggestItemImportMapping', () => {
  it.each([
    [
      ['Name', 'SKU', 'Category', 'Unit', 'Kind', 'Cost', 'Sale Price'],
      { name: 'Name', sku: 'SKU', category: 'Category', cost: 'Cost', salePrice: 'Sale Price' },
    ],
    [
      ['Product', 'Part number', 'UOM', 'Unit cost', 'Vendor', 'Min stock'],
      {
        name: 'Product',
        sku: 'Part number',
        unit: 'UOM',
        cost: 'Unit cost',
        supplier: 'Vendor',
        reorderPoint: 'Min stock',
      },
    ],
  ])('maps %j', (headers, expected) => {
    expect(suggestItemImportMapping(headers)).toMatchObject(expected);
  });

  it('gives each header to one field only', () => {
    const mapping = suggestItemImportMapping(['Type']);
    expect(Object.values(mapping).filter((h) => h === 'Type')).toHaveLength(1);
  });
});

describe('itemFromCsvRow', () => {
  it.each([
    [
      { name: 'Mop', cost: '$3.50', unit: 'EACH', kind: '' },
      { name: 'Mop', costCents: 350, unit: 'each', kind: 'consumable', salePriceCents: null },
    ],
    [
      { name: 'Solution', unit: 'bottle', reorderPoint: '12', calculatorTool: 'cleaning solution' },
      { unit: 'bottle', reorderPoint: 12, calculatorTool: 'Cleaning Solution', costCents: 0 },
    ],
    [
      { name: 'Polish', unit: 'litre', salePrice: '1,250.00' },
      { unit: 'litre', salePriceCents: 125000 },
    ],
  ])('reads %j', (cells, expected) => {
    const row = itemFromCsvRow(cells);
    expect(row.ok && row.values).toMatchObject(expected);
  });

  it.each([
    [{ name: '' }, 'Item name is required.'],
    [{ name: 'Mop', cost: 'abc' }, 'Cost must be a number.'],
    [{ name: 'Mop', unit: 'crate' }, 'unit must be one of'],
    [{ name: 'Mop', kind: 'tool' }, "kind must be 'consumable' or 'equipment'"],
    [{ name: 'Mop', reorderPoint: '-1' }, 'Reorder point cannot be negative.'],
    [{ name: 'Mop', calculatorTool: 'Hammer' }, 'calculatorTool must be one of'],
  ])('refuses %j', (cells, message) => {
    const row = itemFromCsvRow(cells);
    expect(row.ok).toBe(false);
    expect(!row.ok && row.messages.join(' ')).toContain(message);
  });

  it('keeps the category as a name for the server to find or make', () => {
    const row = itemFromCsvRow({ name: 'Mop', category: ' Floor care ' });
    expect(row.ok && row.categoryName).toBe('Floor care');
  });
});

describe('inventoryItemListQuerySchema', () => {
  it('takes blank filters as none and refuses a page past the count cap', () => {
    expect(inventoryItemListQuerySchema.parse({ category: '', low: 'true' })).toEqual({
      low: 'true',
    });
    expect(inventoryItemListQuerySchema.safeParse({ offset: '20000' }).success).toBe(false);
    expect(inventoryItemListQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
  });
});
