import {
  onboardingBusinessAnswerSchema,
  onboardingBusinessSchema,
  onboardingProfileSchema,
  onboardingStateSchema,
} from '@crewdesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { actorOf, requireSession } from '../../plugins/permissions.ts';
import * as service from './onboarding.service.ts';

/** /onboarding: profile (1), business (2) and plan (3), for the signed-in user. */
export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/onboarding',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'Where the signed-in user is in onboarding, and whether it is required',
        response: { 200: onboardingStateSchema, ...errorResponses(401) },
      },
      preHandler: requireSession(),
    },
    async (request) => service.onboardingStatus(app.db, actorOf(request).userId),
  );

  app.put(
    '/api/onboarding/profile',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'Step 1: first and last name',
        body: onboardingProfileSchema,
        response: { 200: onboardingStateSchema, ...errorResponses(400, 401) },
      },
      preHandler: requireSession(),
    },
    async (request) => {
      const { userId } = actorOf(request);
      await service.saveProfile(app.db, userId, request.body);
      return service.onboardingStatus(app.db, userId);
    },
  );

  app.put(
    '/api/onboarding/business',
    {
      schema: {
        tags: ['onboarding'],
        summary:
          'Step 2: creates the business account (the user as owner), acts for it and stores its details',
        body: onboardingBusinessSchema,
        response: {
          200: onboardingBusinessAnswerSchema,
          ...errorResponses(400, 401),
        },
      },
      preHandler: requireSession(),
    },
    async (request) => {
      const actor = actorOf(request);
      return service.saveBusiness(app.db, request.log, {
        userId: actor.userId,
        sessionId: actor.sessionId,
        business: request.body,
      });
    },
  );

  app.post(
    '/api/onboarding/complete',
    {
      schema: {
        tags: ['onboarding'],
        summary: "Step 3: the plan ('Free', active at once); onboarding is then complete",
        body: z.object({ plan: z.literal('Free', { error: "The plan must be 'Free'." }) }),
        response: { 200: onboardingStateSchema, ...errorResponses(400, 401) },
      },
      preHandler: requireSession(),
    },
    async (request) => {
      const { userId } = actorOf(request);
      await service.finishOnboarding(app.db, userId);
      return service.onboardingStatus(app.db, userId);
    },
  );
};
