import type { FastifyInstance } from 'fastify';
import { endpoints } from '@reproute/contracts';
import { serveEndpoint } from '@reproute/platform';
import type { IdentityDeps } from '../app.ts';

/** The public half of the signing key, for the gateway and every service that verifies tokens. */
export async function jwksRoutes(app: FastifyInstance, { deps }: { deps: IdentityDeps }) {
  serveEndpoint(
    app,
    endpoints['GET /.well-known/jwks.json'],
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return deps.tokens.jwks();
    },
    { logLevel: 'warn' },
  );
}
