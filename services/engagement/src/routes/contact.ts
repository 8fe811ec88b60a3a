import type { FastifyInstance } from 'fastify';
import { contactRequest } from '@reproute/contracts';
import type { ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { createContactMessage } from '../store/contact.ts';

export async function contactRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  app.post('/api/contact', { schema: { body: contactRequest } }, async (request, reply) => {
    const body = contactRequest.parse(request.body);
    const saved = await createContactMessage(ctx.pool, body, request.user?.id ?? null);
    ctx.relay.nudge();
    return reply.status(201).send({ id: saved.id, message: "Thank you for contacting us! We'll get back to you within 24 hours." });
  });
}
