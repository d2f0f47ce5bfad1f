import {
  categoryInputSchema,
  countInputSchema,
  countResultSchema,
  inventoryCategorySchema,
  inventoryLocationSchema,
  inventorySettingsInputSchema,
  inventorySettingsSchema,
  locationInputSchema,
  materialsUsedInputSchema,
  movementInputSchema,
  movementSchema,
  reorderListSchema,
  visitMaterialsSchema,
} from '@crewdesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorResponses } from '../../lib/openapi-responses.ts';
import { accountActorOf } from '../../plugins/permissions.ts';
import * as forecast from './inventory-forecast.service.ts';

import * as materials from './inventory-materials.service.ts';
import * as stock from './inventory-stock.service.ts';
import * as service from './inventory.service.ts';
import { inventoryItemRoutes } from './inventory-item.routes.ts';
import { field, idParams, managers, tags } from './inventory-route-options.ts';

/** Inventory (issue 21): the catalogue, locations, the movement ledger, counts and materials. */
export const inventoryRoutes: FastifyPluginAsyncZod<{ dataDir: string }> = async (app, opts) => {
  const deps = () => ({ db: app.db, now: app.now });
  await app.register(inventoryItemRoutes, opts);
  await app.register(inventoryPlaceRoutes);

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
        .send(await stock.recordMovement(deps(), accountActorOf(request), request.body)),
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
        .send(await stock.recordCount(deps(), accountActorOf(request), request.body)),
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
    (request) => forecast.reorderList(deps(), accountActorOf(request)),
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
    (request) => materials.visitMaterials(deps(), accountActorOf(request), request.params.id),
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
      materials.confirmMaterials(deps(), accountActorOf(request), request.params.id, request.body),
  );
};

/** The catalogue's categories and the places stock is kept (warehouses, vans). */
const inventoryPlaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, now: app.now });

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
};
