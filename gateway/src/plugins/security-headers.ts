import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { SecurityHeadersFor } from '../security-headers.ts';

export interface SecurityHeadersOptions {
  /** Each answer's security headers (security-headers.ts, answerSecurityHeaders): the API's or the pages', HSTS over HTTPS. */
  headersFor: SecurityHeadersFor;
}

/** The page policy and the other security headers on every answer (the API's own on its answers), computed once; HSTS on answers over HTTPS. */
async function securityHeadersPlugin(app: FastifyInstance, { headersFor }: SecurityHeadersOptions): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headersFor(request.url, request.protocol));
    done();
  });
}

export default fp(securityHeadersPlugin, { name: 'gateway-security-headers' });
