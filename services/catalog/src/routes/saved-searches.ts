import type { FastifyInstance } from 'fastify';
import { endpoints, messages, savedSearchLimit } from '@reproute/contracts';
import { forbidden, requireUser, serveEndpoint, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { toSavedSearchAnswer } from '../domain/saved-search.ts';
import { createSavedSearch, deleteSavedSearch, listSavedSearches, updateSavedSearch } from '../store/saved-searches.ts';

/** The caller's saved searches: list, save (verified email only, at most `savedSearchLimit`), rename or change alerts, delete. */
export async function savedSearchRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  serveEndpoint(app, endpoints['GET /api/saved-searches'], async (request) => {
    const user = requireUser(request);
    return { items: (await listSavedSearches(ctx.pool, user.id)).map(toSavedSearchAnswer), limit: savedSearchLimit };
  });

  serveEndpoint(app, endpoints['POST /api/saved-searches'], async (request) => {
    const user = requireUser(request);
    // Alerts go to the account's address: only one the account has proved (ruling 17).
    if (!user.emailVerified) throw forbidden(messages.savedSearchNeedsVerifiedEmail);
    const { name, params, alerts } = request.body;
    return toSavedSearchAnswer(await createSavedSearch(ctx.pool, { userId: user.id, email: user.email, name, params, alerts }));
  });

  serveEndpoint(app, endpoints['PATCH /api/saved-searches/:id'], async (request) => {
    const user = requireUser(request);
    return toSavedSearchAnswer(await updateSavedSearch(ctx.pool, user.id, request.params.id, request.body));
  });

  serveEndpoint(app, endpoints['DELETE /api/saved-searches/:id'], async (request, reply) => {
    const user = requireUser(request);
    await deleteSavedSearch(ctx.pool, user.id, request.params.id);
    return reply.status(204).send();
  });
}
