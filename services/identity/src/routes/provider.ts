import type { FastifyInstance } from 'fastify';
import { endpoints, messages } from '@reproute/contracts';
import { requireUser, serveEndpoint, unauthorized, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import type { IdentityDeps } from '../app.ts';
import { applyProviderSetup } from '../domain/profile.ts';
import { saveProfile } from '../store/users.ts';

export const providerSetupMessage = 'Your provider account is ready. You can now list your hotels.';

export async function providerRoutes(app: FastifyInstance, { ctx, deps }: { ctx: ServiceContext<Config>; deps: IdentityDeps }) {
  serveEndpoint(app, endpoints['POST /api/provider/setup'], async (request) => {
    const caller = requireUser(request);
    const body = request.body;
    const user = await saveProfile(ctx.pool, caller.id, (current) => applyProviderSetup(current, body));
    if (!user) throw unauthorized(messages.sessionExpired);
    // A fresh token: the old one does not carry the provider role.
    const { token } = await deps.tokens.issue(user, { notBefore: caller.issuedAt });
    request.log.info({ userId: user.id }, 'provider setup completed');
    return { token, user, message: providerSetupMessage };
  });
}
