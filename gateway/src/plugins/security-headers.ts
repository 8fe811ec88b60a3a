import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { answerSecurityHeaders } from '../security-headers.ts';

export interface SecurityHeadersOptions {
  /** The headers of every answer but the API's (security-headers.ts, gatewaySecurityHeaders). */
  headers: Record<string, string>;
  /** Strict-Transport-Security's value on answers over HTTPS; undefined: not sent. */
  hsts: string | undefined;
}

/** The page policy and the other security headers on every answer (the API's own on its answers), computed once; HSTS on answers over HTTPS. */
async function securityHeadersPlugin(app: FastifyInstance, options: SecurityHeadersOptions): Promise<void> {
  const headersFor = answerSecurityHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headersFor(request.url, request.protocol));
    done();
  });
}

export default fp(securityHeadersPlugin, { name: 'gateway-security-headers' });
