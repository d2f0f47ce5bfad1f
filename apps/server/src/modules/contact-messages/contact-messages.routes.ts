import { contactMessageSchema } from '@crewdesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { insertContactMessage } from './contact-messages.repo.ts';

export const contactMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/contact-messages',
    {
      schema: {
        tags: ['public'],
        summary: 'Send a message to the people running this installation (the /contact page)',
        body: contactMessageSchema,
        response: {
          201: z.object({ id: z.uuid(), receivedAt: z.iso.datetime() }),
          ...errorResponses(400, 429),
        },
      },
      // A public form: a tighter limit keeps it from being used to flood the inbox.
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { name, email, subject, message } = request.body;
      const row = await insertContactMessage(app.db, {
        name,
        email,
        subject: subject || null,
        message,
      });
      request.log.info({ contactMessageId: row.id }, 'contact message received');
      return reply.status(201).send({ id: row.id, receivedAt: row.createdAt.toISOString() });
    },
  );
};
