import type { FastifyInstance } from 'fastify';
import { endpoints, messages } from '@reproute/contracts';
import { requireUser, serveEndpoint, unauthorized, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { readDisplayPreferences, setDisplayPreferences } from '../store/display-preferences.ts';

/** The weight unit and currency a signed-in traveller reads figures in (docs/decisions.md, "Units and currencies shown"). */
export async function displayPreferenceRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  const { pool } = ctx;

  serveEndpoint(app, endpoints['GET /api/auth/me/display-preferences'], async (request) => readDisplayPreferences(pool, requireUser(request).id));

  serveEndpoint(app, endpoints['PUT /api/auth/me/display-preferences'], async (request) => {
    const caller = requireUser(request);
    const changed = await setDisplayPreferences(pool, caller.id, request.body);
    if (!changed) throw unauthorized(messages.sessionExpired);
    request.log.info({ userId: caller.id, units: changed.units, currency: changed.currency }, 'display preferences changed');
    return changed;
  });
}
