import {
  categoryInputSchema,
  countInputSchema,
  countResultSchema,
  INVENTORY_ROUTE_ROLES,
  inventoryCategorySchema,
  inventoryItemDetailSchema,
  inventoryItemListQuerySchema,
  inventoryItemListSchema,
  inventoryItemSchema,
  inventoryLocationSchema,
  inventorySettingsInputSchema,
  inventorySettingsSchema,
  ITEM_IMPORT_MAX_BYTES,
  itemImportBodySchema,
  itemImportPreviewBodySchema,
  itemImportPreviewSchema,
  itemImportResultSchema,
  itemInputSchema,
  locationInputSchema,
  materialsUsedInputSchema,
  movementInputSchema,
  movementPageQuerySchema,
  movementPageSchema,
  movementSchema,
  reorderListSchema,
  TEAM_MANAGEMENT_ROLES,
  visitMaterialsSchema,
  type Role,
} from '@crewdesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import {
  acceptImageBodies,
  IMAGE_TYPES,
  imageOfBody,
  ImageStore,
  sendStoredImage,
} from '../../lib/image-store.ts';
import { PHOTO_MAX_UPLOAD_BYTES } from '../../lib/photos.ts';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { accountActorOf, requireSession } from '../../plugins/permissions.ts';
import { exportItemsCsv, importItems, previewItemImport } from './inventory-csv.service.ts';
import * as service from './inventory.service.ts';

const tags = ['inventory'];
/** Spec section 6: /inventory and /inventory/{category} are for admins and managers. */
const managers = { preHandler: requireSession({ roles: INVENTORY_ROUTE_ROLES }) };
/**
 * A visit's materials: whoever works on visits (its assignees; team leaders and up see every
 * visit). findVisibleVisit answers 404 for a visit the person may not see.
 */
const VISIT_MATERIAL_ROLES: readonly Role[] = [...TEAM_MANAGEMENT_ROLES, 'team_member'];
const field = { preHandler: requireSession({ roles: VISIT_MATERIAL_ROLES }) };
const idParams = z.object({ id: z.uuid('id must be a UUID') });

const IMPORT_BODY_LIMIT = 2 * ITEM_IMPORT_MAX_BYTES + 64 * 1024;
const importBody = {
  bodyLimit: IMPORT_BODY_LIMIT,
  onRequest: async (request: { headers: Record<string, string | string[] | undefined> }) => {
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > IMPORT_BODY_LIMIT)
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        'The file is too large: an import can be at most 2 MB.',
      );
  },
};

/** Inventory (issue 21): the catalogue, locations, the movement ledger, counts and materials. */
export const inventoryRoutes: FastifyPluginAsyncZod<{ dataDir: string }> = async (app, opts) => {
  const deps = () => ({ db: app.db, now: app.now });
  const photos = new ImageStore(opts.dataDir, 'inventory-photos');
  acceptImageBodies(app, PHOTO_MAX_UPLOAD_BYTES);

  // ---- Categories ----
  app.get(
    '/api/inventory/categories',
    {
      schema: {
        tags,
        summary: 'The categories (the {category} of /inventory/{category}) with their item counts',
        response: { 200: z.array(inventoryCategorySchema), ...errorResponses(401, 403) },
      },
      ...managers,
    },
    (request) => service.listCategories(deps(), accountActorOf(request)),
  );
  app.post(
    '/api/inventory/categories',
    {
      schema: {
        tags,
        summary: 'Adds a category; its slug is made from its name (409 when taken)',
        body: categoryInputSchema,
        response: { 201: inventoryCategorySchema, ...errorResponses(400, 401, 403, 409) },
      },
      ...managers,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createCategory(deps(), accountActorOf(request), request.body)),
  );
  app.put(
    '/api/inventory/categories/:id',
    {
      schema: {
        tags,
        summary: 'Renames a category (its slug follows)',
        params: idParams,
        body: categoryInputSchema,
        response: { 200: inventoryCategorySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      ...managers,
    },
    (request) =>
      service.updateCategory(deps(), accountActorOf(request), request.params.id, request.body),
  );
  app.delete(
    '/api/inventory/categories/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a category; its items stay, without one',
        params: idParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
      ...managers,
    },
    async (request, reply) => {
      await service.deleteCategory(deps(), accountActorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ---- Locations ----
  app.get(
    '/api/inventory/locations',
    {
      schema: {
        tags,
        summary: 'Warehouses, vans and sites (a business gets a "Warehouse" on first use)',
        response: { 200: z.array(inventoryLocationSchema), ...errorResponses(401, 403) },
      },
      ...managers,
    },
    (request) => service.listLocations(deps(), accountActorOf(request)),
  );
  app.post(
    '/api/inventory/locations',
    {
      schema: {
        tags,
        summary: 'Adds a warehouse, a van (with its team member) or a site',
        body: locationInputSchema,
        response: { 201: inventoryLocationSchema, ...errorResponses(400, 401, 403) },
      },
      ...managers,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createLocation(deps(), accountActorOf(request), request.body)),
  );
  app.put(
    '/api/inventory/locations/:id',
    {
      schema: {
        tags,
        summary: 'Changes a location',
        params: idParams,
        body: locationInputSchema,
        response: { 200: inventoryLocationSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      ...managers,
    },
    (request) =>
      service.updateLocation(deps(), accountActorOf(request), request.params.id, request.body),
  );
  app.delete(
    '/api/inventory/locations/:id',
    {
      schema: {
        tags,
        summary:
          'Deletes a location no movement touched (409 otherwise, or for the last warehouse)',
        params: idParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
      ...managers,
    },
    async (request, reply) => {
      await service.deleteLocation(deps(), accountActorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ---- Items ----
  app.get(
    '/api/inventory/items',
    {
      schema: {
        tags,
        summary:
          'Items with filters (category slug or id, location, low stock), search and offset pages; total exact up to 10,000; the stock value at cost',
        querystring: inventoryItemListQuerySchema,
        response: { 200: inventoryItemListSchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...managers,
    },
    (request) => service.listItems(deps(), accountActorOf(request), request.query),
  );
  app.post(
    '/api/inventory/items',
    {
      schema: {
        tags,
        summary: 'Adds an item (its stock arrives by movements)',
        body: itemInputSchema,
        response: { 201: inventoryItemSchema, ...errorResponses(400, 401, 403) },
      },
      ...managers,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createItem(deps(), accountActorOf(request), request.body)),
  );
  app.get(
    '/api/inventory/items.csv',
    {
      config: { refusesTokens: true },
      schema: {
        tags,
        summary: 'Every item as formula-safe CSV (the import reads it back)',
        response: { 200: z.string(), ...errorResponses(401, 403) },
      },
      ...managers,
    },
    async (request, reply) => {
      const csv = await exportItemsCsv(app.db, accountActorOf(request));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="inventory-items.csv"')
        .send(csv);
    },
  );
  app.post(
    '/api/inventory/items/import/preview',
    {
      schema: {
        tags,
        summary: "A CSV file's headers, a suggested column for each item field, its rows",
        body: itemImportPreviewBodySchema,
        response: { 200: itemImportPreviewSchema, ...errorResponses(400, 401, 403, 413) },
      },
      ...importBody,
      ...managers,
    },
    async (request) => {
      accountActorOf(request);
      return previewItemImport(request.body.csv);
    },
  );
  app.post(
    '/api/inventory/items/import',
    {
      schema: {
        tags,
        summary:
          'Imports items from CSV in one transaction: all-or-nothing or the valid rows; errors per row',
        body: itemImportBodySchema,
        response: { 200: itemImportResultSchema, ...errorResponses(400, 401, 403, 413) },
      },
      ...importBody,
      ...managers,
    },
    (request) => importItems(app.db, accountActorOf(request), request.body),
  );
  app.get(
    '/api/inventory/items/:id',
    {
      schema: {
        tags,
        summary: 'The item page: its stock per location, its latest movements and its forecast',
        params: idParams,
        response: { 200: inventoryItemDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...managers,
    },
    (request) => service.itemDetail(deps(), accountActorOf(request), request.params.id),
  );
  app.get(
    '/api/inventory/items/:id/movements',
    {
      schema: {
        tags,
        summary: "An item's movement history, newest first, in keyset pages",
        params: idParams,
        querystring: movementPageQuerySchema,
        response: { 200: movementPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...managers,
    },
    (request) =>
      service.movementsOfItem(deps(), accountActorOf(request), request.params.id, request.query),
  );
  app.put(
    '/api/inventory/items/:id',
    {
      schema: {
        tags,
        summary: 'Changes an item (never its stock)',
        params: idParams,
        body: itemInputSchema,
        response: { 200: inventoryItemSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      ...managers,
    },
    (request) =>
      service.updateItem(deps(), accountActorOf(request), request.params.id, request.body),
  );
  app.delete(
    '/api/inventory/items/:id',
    {
      schema: {
        tags,
        summary: 'Deletes an item with no stock anywhere (409 otherwise), with its history',
        params: idParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
      ...managers,
    },
    async (request, reply) => {
      await service.deleteItem({ ...deps(), photos }, accountActorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/inventory/items/:id/photo',
    {
      schema: {
        tags,
        summary:
          "Sets the item's photo (PNG, JPEG or WebP up to 10 MB as the body); kept at most 1600 px",
        consumes: Object.keys(IMAGE_TYPES),
        params: idParams,
        response: { 200: inventoryItemSchema, ...errorResponses(400, 401, 403, 404, 413) },
      },
      bodyLimit: PHOTO_MAX_UPLOAD_BYTES,
      ...managers,
    },
    (request) =>
      service.setItemPhoto(
        { ...deps(), photos },
        accountActorOf(request),
        request.params.id,
        imageOfBody(request.body).bytes,
      ),
  );
  app.delete(
    '/api/inventory/items/:id/photo',
    {
      schema: {
        tags,
        summary: "Removes the item's photo",
        params: idParams,
        response: { 200: inventoryItemSchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...managers,
    },
    (request) =>
      service.removeItemPhoto({ ...deps(), photos }, accountActorOf(request), request.params.id),
  );
  app.get(
    '/api/inventory/items/:id/photo/:name',
    {
      schema: {
        tags,
        summary: "The item's photo (its photoUrl)",
        params: z.object({
          id: z.uuid('id must be a UUID'),
          name: z.string().max(120, 'name is not a photo of this item'),
        }),
        response: { 200: z.any(), ...errorResponses(400, 401, 403, 404) },
      },
      ...managers,
    },
    async (request, reply) => {
      const bytes = await service.readItemPhoto(
        { ...deps(), photos },
        accountActorOf(request),
        request.params.id,
        request.params.name,
      );
      return sendStoredImage(reply, request.params.name, bytes);
    },
  );

  // ---- Movements, counts, the reorder list, settings ----
  app.post(
    '/api/inventory/movements',
    {
      schema: {
        tags,
        summary:
          'One change of stock (received, used, transferred, returned, checked out or in), exactly once per clientId; 409 when the stock would go below zero',
        body: movementInputSchema,
        response: { 201: movementSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      ...managers,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.recordMovement(deps(), accountActorOf(request), request.body)),
  );
  app.post(
    '/api/inventory/counts',
    {
      schema: {
        tags,
        summary:
          "A location's stock-take: each difference is recorded as an adjustment with the reason",
        body: countInputSchema,
        response: { 201: countResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      ...managers,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.recordCount(deps(), accountActorOf(request), request.body)),
  );
  app.get(
    '/api/inventory/reorder',
    {
      schema: {
        tags,
        summary:
          'Items at their reorder point or that the schedule takes there within four weeks, with the quantity to order',
        response: { 200: reorderListSchema, ...errorResponses(401, 403) },
      },
      ...managers,
    },
    (request) => service.reorderList(deps(), accountActorOf(request)),
  );
  app.get(
    '/api/inventory/settings',
    {
      schema: {
        tags,
        summary: "The business's inventory rules",
        response: { 200: inventorySettingsSchema, ...errorResponses(401, 403) },
      },
      ...managers,
    },
    (request) => service.getSettings(deps(), accountActorOf(request)),
  );
  app.put(
    '/api/inventory/settings',
    {
      schema: {
        tags,
        summary: 'Lets stock go below zero (a later count catches up) or not',
        body: inventorySettingsInputSchema,
        response: { 200: inventorySettingsSchema, ...errorResponses(400, 401, 403) },
      },
      ...managers,
    },
    (request) => service.updateSettings(deps(), accountActorOf(request), request.body),
  );

  // ---- A visit's materials ----
  app.get(
    '/api/jobs/:id/materials',
    {
      schema: {
        tags,
        summary:
          "A visit's materials: suggested from its request's calculator, and what was recorded (the cost for cost roles)",
        params: idParams,
        response: { 200: visitMaterialsSchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...field,
    },
    (request) => service.visitMaterials(deps(), accountActorOf(request), request.params.id),
  );
  app.put(
    '/api/jobs/:id/materials',
    {
      schema: {
        tags,
        summary:
          'Confirms what a visit used; replaces what it recorded before (undone, then recorded again), exactly once per clientId',
        params: idParams,
        body: materialsUsedInputSchema,
        response: { 200: visitMaterialsSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      ...field,
    },
    (request) =>
      service.confirmMaterials(deps(), accountActorOf(request), request.params.id, request.body),
  );
};
