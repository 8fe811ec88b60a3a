import type { FastifyInstance } from 'fastify';
import { endpoints, messages, tryAgainIn } from '@reproute/contracts';
import { rateLimited, serveEndpoint, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { createContactMessage } from '../store/contact.ts';

export async function contactRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  serveEndpoint(app, endpoints['POST /api/contact'], async (request) => {
    // request.ip is the client address the gateway vouched for (platform client-address.ts), else the socket's.
    const ipAddress = request.ip ? request.ip.slice(0, 64) : null;
    const outcome = await createContactMessage(ctx.pool, request.body, { userId: request.user?.id ?? null, ipAddress }, {
      perEmail: ctx.config.CONTACT_LIMIT_PER_EMAIL,
      emailWindowSeconds: ctx.config.CONTACT_EMAIL_WINDOW_SECONDS,
      perClient: ctx.config.CONTACT_LIMIT_PER_CLIENT,
      clientWindowSeconds: ctx.config.CONTACT_CLIENT_WINDOW_SECONDS,
    });
    if (outcome.kind === 'limited') {
      request.log.warn({ limitedBy: outcome.by }, 'contact message refused by rate limit');
      throw rateLimited(`${messages.tooManyContactMessages} ${tryAgainIn(outcome.retryAfterSeconds)}`, outcome.retryAfterSeconds);
    }
    return { id: outcome.id, message: "Thank you for contacting us! We'll get back to you within 24 hours." };
  });
}
