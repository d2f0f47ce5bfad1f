import { phoneSignUpSchema } from '@crewdesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, errorResponses } from '../../lib/openapi-responses.ts';
import { signUpWithPhone } from './phone-sign-up.service.ts';

/** POST /api/phone-sign-up: the phone half of "sign up with e-mail or phone plus password". */
export const phoneSignUpRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/phone-sign-up',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sign up with a phone number and password; a code is texted to confirm the number (then POST /api/auth/phone-number/verify)',
        body: phoneSignUpSchema,
        response: {
          200: z.object({ status: z.literal('code-sent') }),
          400: errorBodySchema.extend({ reasons: z.array(z.string()).optional() }),
          ...errorResponses(429),
        },
      },
      // A password is chosen here: limited like better-auth's sign-up.
      config: { rateLimit: { max: app.config.authRateLimitMax, timeWindow: '1 minute' } },
    },
    async (request) => {
      await signUpWithPhone({ db: app.db, auth: app.auth }, request.body);
      return { status: 'code-sent' as const };
    },
  );
};
