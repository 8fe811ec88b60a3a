import type { FastifyInstance } from 'fastify';
import { authPlugin, createHttpApp, parseJsonBody, remoteKeySet, type KeySource, type ServiceContext } from '@reproute/platform';
import type { Config } from './config.ts';
import { recordingRoutes } from './routes/recording.ts';
import { reportRoutes } from './routes/reports.ts';
import { accountDataRoutes } from './routes/account-data.ts';

/**
 * navigator.sendBeacon posts a string body as text/plain, so text/plain bodies are parsed as
 * JSON here (only in this service); the body limit applies to them as to JSON.
 */
function acceptJsonAsTextPlain(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    // The platform's hardened parser, as for JSON: no prototype poisoning, NUL, lone surrogates or deep nesting.
    try {
      done(null, String(body).trim() === '' ? undefined : parseJsonBody(String(body)));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
}

/** The analytics service: recording calls, the admin summary and the provider's figures. Tests may pass their own token key. */
export async function buildApp(ctx: ServiceContext<Config>, options: { key?: KeySource } = {}) {
  const app = createHttpApp({
    logger: ctx.logger,
    clientAddressKey: ctx.clientAddressKey,
    bodyLimit: ctx.config.ANALYTICS_BODY_LIMIT_BYTES,
    readiness: {
      postgres: () => ctx.pool.query('SELECT 1'),
      kafka: () => ctx.bus.ping(),
    },
  });
  acceptJsonAsTextPlain(app);
  await app.register(authPlugin, { key: options.key ?? remoteKeySet(ctx.config.IDENTITY_JWKS_URL), issuer: ctx.config.JWT_ISSUER, revocations: ctx.revocations });
  await app.register(recordingRoutes, { ctx });
  await app.register(reportRoutes, { ctx });
  await app.register(accountDataRoutes, { ctx });
  return app;
}
