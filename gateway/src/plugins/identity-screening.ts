import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { KeySource, RevocationCheck } from '@reproute/platform';
import type { Role } from '@reproute/contracts';
import { screenIdentity } from '../identity.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The roles of the caller's screened token; undefined for a visitor or a refused token. */
    callerRoles: Role[] | undefined;
  }
}

export interface IdentityScreeningOptions {
  /** The identity service's public signing key, the tokens' issuer, and the revoked tokens. */
  screening: { key: KeySource; issuer: string; revocations: RevocationCheck };
}

/**
 * Every request is screened, whatever its path (paths are already in canonical form: the gateway's rewriteUrl):
 * identity headers stripped, a token let through only when valid and not revoked (identity.ts).
 */
async function identityScreening(app: FastifyInstance, { screening }: IdentityScreeningOptions): Promise<void> {
  app.decorateRequest('callerRoles', undefined);
  app.addHook('onRequest', async (request) => {
    request.callerRoles = (await screenIdentity(request, { ...screening, logger: request.log }))?.roles;
  });
}

export default fp(identityScreening, { name: 'gateway-identity-screening' });
