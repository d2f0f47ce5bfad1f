import { ROLES } from '@crewdesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { actorOf, requireSession } from '../../plugins/permissions.ts';
import { businessAccountSchema } from '../accounts/index.ts';
import { describeActor } from './identity.service.ts';

const meSchema = z.object({
  user: z.object({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    emailVerified: z.boolean(),
    /** Set for a user who signed up with a phone number (their e-mail is then a placeholder). */
    phoneNumber: z.string().nullable(),
    phoneNumberVerified: z.boolean(),
  }),
  onboarding: z.object({
    complete: z.boolean(),
    stepCompleted: z.number().int(),
    required: z.boolean(),
  }),
  accounts: z.array(businessAccountSchema),
  activeAccountId: z.uuid().nullable(),
  role: z.enum(ROLES),
});

/** Who is signed in: the web app's auth gate and header read it. */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user, their business accounts and the role in the active one',
        response: { 200: meSchema, ...errorResponses(401) },
      },
      preHandler: requireSession(),
    },
    async (request) => describeActor(app.db, actorOf(request)),
  );
};
