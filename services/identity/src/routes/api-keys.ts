import type { FastifyInstance } from 'fastify';
import { apiKeyMessages, endpoints } from '@reproute/contracts';
import { requireUser, serveEndpoint, unauthorized, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { createApiKey, listApiKeys, revokeApiKey, verifyApiKey } from '../store/api-keys.ts';

/** An organisation's API keys (owners only) and the services' check of a key. */
export async function apiKeyRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  serveEndpoint(app, endpoints['GET /api/organisation/api-keys'], async (request) => ({ items: await listApiKeys(ctx.pool, requireUser(request).id) }));

  serveEndpoint(app, endpoints['POST /api/organisation/api-keys'], async (request, reply) => {
    const made = await createApiKey(ctx.pool, requireUser(request).id, request.body);
    request.log.info({ apiKeyId: made.id, scopes: made.scopes }, 'api key created');
    return reply.status(201).send(made);
  });

  serveEndpoint(app, endpoints['DELETE /api/organisation/api-keys/:id'], async (request, reply) => {
    await revokeApiKey(ctx.pool, requireUser(request).id, request.params.id);
    request.log.info({ apiKeyId: request.params.id }, 'api key revoked');
    return reply.status(204).send();
  });

  // Internal: the gateway never routes /internal/ (contracts mark it internal), so only the services reach it.
  serveEndpoint(app, endpoints['POST /internal/api-keys/verify'], async (request) => {
    const found = await verifyApiKey(ctx.pool, request.body.key);
    if (!found) throw unauthorized(apiKeyMessages.invalid);
    return found;
  }, { logLevel: 'warn' });
}
