// The inventory module's face: what other modules may use. Import nothing else of it from outside.
export { inventoryRoutes } from './inventory.routes.ts';
export { visitMaterialCostCents } from './inventory-materials.service.ts';
