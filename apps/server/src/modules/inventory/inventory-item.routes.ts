import {
  inventoryItemDetailSchema,
  inventoryItemListQuerySchema,
  inventoryItemListSchema,
  inventoryItemSchema,
  itemImportBodySchema,
  itemImportPreviewBodySchema,
  itemImportPreviewSchema,
  itemImportResultSchema,
  itemInputSchema,
  movementPageQuerySchema,
  movementPageSchema,
} from '@crewdesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptImageBodies,
  IMAGE_TYPES,
  imageOfBody,
  ImageStore,
  sendStoredImage,
} from '../../lib/image-store.ts';
import { PHOTO_MAX_UPLOAD_BYTES } from '../../lib/photos.ts';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { accountActorOf } from '../../plugins/permissions.ts';
import { exportItemsCsv, importItems, previewItemImport } from './inventory-csv.service.ts';
import * as items from './inventory-items.service.ts';
import { idParams, importBody, managers, tags } from './inventory-route-options.ts';

/** Inventory items: the catalogue's rows, their CSV, their photos and their history. */
export const inventoryItemRoutes: FastifyPluginAsyncZod<{ dataDir: string }> = async (
  app,
  opts,
) => {
  const deps = () => ({ db: app.db, now: app.now });
  const photos = new ImageStore(opts.dataDir, 'inventory-photos');
  await app.register(itemPhotoRoutes, { photos });

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
    (request) => items.listItems(deps(), accountActorOf(request), request.query),
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
      reply.status(201).send(await items.createItem(deps(), accountActorOf(request), request.body)),
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
    (request) => items.itemDetail(deps(), accountActorOf(request), request.params.id),
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
      items.movementsOfItem(deps(), accountActorOf(request), request.params.id, request.query),
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
    (request) => items.updateItem(deps(), accountActorOf(request), request.params.id, request.body),
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
      await items.deleteItem({ ...deps(), photos }, accountActorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};

/** An item's photo: set (a JPEG or PNG body), removed, and read back by its file's name. */
const itemPhotoRoutes: FastifyPluginAsyncZod<{ photos: ImageStore }> = async (app, { photos }) => {
  const deps = () => ({ db: app.db, now: app.now });
  acceptImageBodies(app, PHOTO_MAX_UPLOAD_BYTES);

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
      items.setItemPhoto(
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
      items.removeItemPhoto({ ...deps(), photos }, accountActorOf(request), request.params.id),
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
      const bytes = await items.readItemPhoto(
        { ...deps(), photos },
        accountActorOf(request),
        request.params.id,
        request.params.name,
      );
      return sendStoredImage(reply, request.params.name, bytes);
    },
  );
};
