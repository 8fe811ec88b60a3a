import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { RevocationList, type KeySource, type Logger, type RevocationCheck } from '@reproute/platform';
import type { Role } from '@reproute/contracts';
import type { Config } from '../config.ts';
import { screenIdentity } from '../identity.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The roles of the caller's screened token; undefined for a visitor or a refused token. */
    callerRoles: Role[] | undefined;
  }
}

export interface IdentityScreeningOptions {
  config: Config;
  logger: Logger;
  /** The identity service's public signing key. */
  key: KeySource;
  /** Revoked tokens; by default a local list kept current through Redis, started here. */
  revocations?: RevocationCheck;
}

/**
 * Every request is screened, whatever its path (paths are already in canonical form: the gateway's rewriteUrl):
 * identity headers stripped, a token let through only when valid and not revoked (identity.ts).
 */
async function identityScreening(app: FastifyInstance, options: IdentityScreeningOptions): Promise<void> {
  const { config, logger, key } = options;
  // Revoked tokens are checked against a local list kept current through Redis (no round trip per request).
  let revocations = options.revocations;
  if (!revocations) {
    const own = new RevocationList({ redis: config, logger: logger.child({ component: 'revocations' }), name: 'gateway' });
    await own.start();
    app.addHook('onClose', async () => own.close());
    revocations = own;
  }
  const screening = { key, issuer: config.JWT_ISSUER, revocations };
  app.decorateRequest('callerRoles', undefined);
  app.addHook('onRequest', async (request) => {
    request.callerRoles = (await screenIdentity(request, { ...screening, logger: request.log }))?.roles;
  });
}

export default fp(identityScreening, { name: 'gateway-identity-screening' });
