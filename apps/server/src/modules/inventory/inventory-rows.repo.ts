import type { inventoryItems, inventoryMovements } from '../../db/schema/index.ts';

// The module's row types and shared columns, for the repository and its parts.

export type ItemRow = typeof inventoryItems.$inferSelect;

export type MovementRow = typeof inventoryMovements.$inferSelect;

export type NewMovement = typeof inventoryMovements.$inferInsert;
