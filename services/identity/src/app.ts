import { Redis } from 'ioredis';
import { authPlugin, createHttpApp, quickReconnect, redisClientOptions, type ServiceContext } from '@reproute/platform';
import { loadSealingKey } from '@reproute/platform/sealing';
import type { Config } from './config.ts';
import { TokenIssuer } from './domain/tokens.ts';
import { PasswordHasher } from './domain/passwords.ts';
import { LoginLimiter } from './domain/login-limits.ts';
import { loadSigningKey } from './store/signing-key.ts';
import { RedisFailureStore } from './store/counters.ts';
import { RevocationMirror } from './store/revocations.ts';
import { authRoutes } from './routes/auth.ts';
import { providerRoutes } from './routes/provider.ts';
import { passwordResetRoutes } from './routes/password-reset.ts';
import { emailVerificationRoutes } from './routes/email-verification.ts';
import { jwksRoutes } from './routes/jwks.ts';
import { accountRoutes } from './routes/account.ts';
import { emailPreferenceRoutes } from './routes/email-preferences.ts';
import { apiKeyRoutes } from './routes/api-keys.ts';
import { organisationRoutes } from './routes/organisations.ts';
import { organisationClaimFor } from './store/organisations.ts';
import { displayPreferenceRoutes } from './routes/display-preferences.ts';

/** What the routes need beyond the service context. */
export interface IdentityDeps {
  redis: Redis;
  tokens: TokenIssuer;
  passwords: PasswordHasher;
  loginLimiter: LoginLimiter;
  /** Seals reset tokens and email verification tokens for the notifier (shared key). */
  resetLinkKey: Buffer;
  /** Checks the tokens of emails' unsubscribe and preferences links (the notifier makes them; shared key). */
  emailLinkKey: Buffer;
}

export async function createDeps(ctx: ServiceContext<Config>): Promise<IdentityDeps> {
  const { config, logger } = ctx;
  const redis = new Redis({ ...redisClientOptions(config), maxRetriesPerRequest: 1, enableOfflineQueue: false, retryStrategy: quickReconnect });
  // One warning per outage; the reconnect attempts that follow (every half second) go to debug.
  let redisDown = false;
  redis.on('error', (err) => {
    if (redisDown) return logger.debug({ err }, 'redis error');
    redisDown = true;
    logger.warn({ err }, 'redis unreachable');
  });
  redis.on('ready', () => {
    redisDown = false;
  });
  const key = await loadSigningKey({ privateJwkJson: config.JWT_PRIVATE_KEY, file: config.JWT_KEY_FILE, logger });
  const resetLinkKey = await loadSealingKey({ value: config.RESET_LINK_KEY, file: config.RESET_LINK_KEY_FILE, variable: 'RESET_LINK_KEY', logger });
  const emailLinkKey = await loadSealingKey({ value: config.EMAIL_LINK_KEY, file: config.EMAIL_LINK_KEY_FILE, variable: 'EMAIL_LINK_KEY', logger });
  return {
    redis,
    resetLinkKey,
    emailLinkKey,
    tokens: new TokenIssuer(key, { issuer: config.JWT_ISSUER, ttlSeconds: config.JWT_TTL_SECONDS, organisationOf: (userId) => organisationClaimFor(ctx.pool, userId) }),
    passwords: new PasswordHasher({ memoryCost: config.ARGON2_MEMORY_KIB, timeCost: config.ARGON2_TIME_COST, parallelism: config.ARGON2_PARALLELISM }),
    loginLimiter: new LoginLimiter(new RedisFailureStore(redis), {
      freeFailuresPerAccountAndAddress: config.LOGIN_FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS,
      freeFailuresPerAddress: config.LOGIN_FREE_FAILURES_PER_ADDRESS,
      maxDelaySeconds: config.LOGIN_MAX_DELAY_SECONDS,
      windowSeconds: config.LOGIN_WINDOW_SECONDS,
    }),
  };
}

export async function buildApp(ctx: ServiceContext<Config>, deps: IdentityDeps) {
  const app = createHttpApp({
    logger: ctx.logger,
    clientAddressKey: ctx.clientAddressKey,
    openapiTitle: 'RepRoute identity',
    readiness: {
      postgres: () => ctx.pool.query('SELECT 1'),
      kafka: () => ctx.bus.ping(),
      redis: () => deps.redis.ping(),
    },
  });

  // Identity verifies its own tokens with its own public key, then refuses revoked ones (logout),
  // so a revoked token fails here too, not only at the gateway: against the revocations in Postgres,
  // kept in memory from their commits' notifications (a query per request only while that is not possible).
  const revocations = new RevocationMirror({
    db: ctx.pool,
    url: ctx.config.DATABASE_URL,
    tls: ctx.config,
    schema: ctx.config.DB_SCHEMA,
    tokenTtlSeconds: ctx.config.JWT_TTL_SECONDS,
    logger: ctx.logger.child({ component: 'revocations' }),
  });
  revocations.start();
  app.addHook('onClose', () => revocations.stop());
  await app.register(authPlugin, { key: deps.tokens.verificationKey, issuer: ctx.config.JWT_ISSUER });
  app.addHook('onRequest', (request, _reply, done) => {
    const user = request.user;
    if (!user) return done();
    const token = { jti: user.tokenId, sub: user.id, iat: user.issuedAt };
    const known = revocations.knownRevoked(token);
    if (known !== undefined) {
      if (known) request.user = null;
      return done();
    }
    void revocations.isRevoked(token).then((revoked) => {
      if (revoked) request.user = null;
      done();
    }, done);
  });

  await app.register(authRoutes, { ctx, deps, revocations });
  await app.register(providerRoutes, { ctx, deps });
  await app.register(passwordResetRoutes, { ctx, deps, revocations });
  await app.register(emailVerificationRoutes, { ctx, deps });
  await app.register(jwksRoutes, { deps });
  await app.register(accountRoutes, { ctx, deps, revocations });
  await app.register(emailPreferenceRoutes, { ctx, deps });
  await app.register(organisationRoutes, { ctx, deps, revocations });
  await app.register(displayPreferenceRoutes, { ctx });
  await app.register(apiKeyRoutes, { ctx });
  return app;
}
