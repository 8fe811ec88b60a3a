import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { securityHeaders } from '../security-headers.ts';

export interface SecurityHeadersOptions {
  /** The `script-src` sources of the inline scripts pages carry (their SHA-256; @reproute/pages inlineScriptSources). */
  inlineScripts: readonly string[];
  /** Strict-Transport-Security's max-age on answers over HTTPS (seconds; 0: not sent). */
  hstsMaxAgeSeconds: number;
}

/** The page policy and the other security headers on every answer, computed once; HSTS on answers over HTTPS. */
async function securityHeadersPlugin(app: FastifyInstance, options: SecurityHeadersOptions): Promise<void> {
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The search map's default tiles (VITE_MAP_TILE_URL); another tile host must be added here too.
        imgSrc: ["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org', 'https://*.tile.openstreetmap.org'],
        mediaSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        // No inline script runs but the pages' one fixed script, allowed by its hash (frontend/src/pageScript).
        scriptSrc: ["'self'", ...options.inlineScripts],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        // Served over plain http on loopback locally; TLS is terminated in front of the gateway elsewhere.
        upgradeInsecureRequests: null,
      },
    },
    // Sent below, on answers over HTTPS only (HSTS_MAX_AGE_SECONDS).
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  const hsts = options.hstsMaxAgeSeconds > 0 ? `max-age=${options.hstsMaxAgeSeconds}; includeSubDomains` : undefined;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    // Over HTTPS (as the ingress in front says, with TRUST_PROXY) browsers are told to use nothing else.
    if (hsts && request.protocol === 'https') reply.header('strict-transport-security', hsts);
    done();
  });
}

export default fp(securityHeadersPlugin, { name: 'gateway-security-headers' });
