import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints, messages, type PublicUser } from '@reproute/contracts';
import { forbidden, requireUser, serveEndpoint, statusName, unauthorized, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import type { IdentityDeps } from '../app.ts';
import { applyProfileSetup } from '../domain/profile.ts';
import { toPublicUser } from '../domain/users.ts';
import { findUserByEmail, findUserById, listUsers, registerUser, saveProfile, updatePasswordHash } from '../store/users.ts';
import { revokeToken, type RevocationMirror } from '../store/revocations.ts';
import { deletionProgress } from '../store/account-deletion.ts';

export async function authRoutes(app: FastifyInstance, { ctx, deps, revocations }: { ctx: ServiceContext<Config>; deps: IdentityDeps; revocations: RevocationMirror }) {
  const { pool } = ctx;
  const { tokens, passwords, loginLimiter } = deps;

  serveEndpoint(app, endpoints['POST /api/auth/register'], async (request) => {
    const body = request.body;
    const user = await registerUser(pool, {
      email: body.email,
      passwordHash: await passwords.hash(body.password),
      firstName: body.firstName,
      lastName: body.lastName,
    }, { ttlMinutes: ctx.config.EMAIL_VERIFICATION_TTL_MINUTES, sealingKey: deps.resetLinkKey });
    // The address is not proved yet: this token does not claim it (the verification link is on its way).
    const { token } = await tokens.issue(user);
    request.log.info({ userId: user.id }, 'user registered');
    return { token, user };
  });

  serveEndpoint(app, endpoints['POST /api/auth/login'], async (request, reply) => {
    const { email, password } = request.body;
    // If Redis is unreachable, sign-in keeps working without throttling rather than failing for everyone.
    const gate = await loginLimiter.admit(email, request.ip).catch((err: unknown) => {
      request.log.warn({ err }, 'login rate limiter unavailable; allowing the attempt');
      return { allowed: true } as const;
    });
    if (!gate.allowed) {
      request.log.warn({ ip: request.ip }, 'sign-in throttled');
      return reply
        .status(429)
        .header('retry-after', String(gate.retryAfterSeconds))
        .send({ statusCode: 429, error: statusName(429), message: messages.tooManyLogins, retryAfterSeconds: gate.retryAfterSeconds, requestId: request.id });
    }
    const user = await findUserByEmail(pool, email);
    // Unknown email and wrong password take the same path and the same time: one argon2 verification.
    const valid = await passwords.verify(user?.password_hash, password);
    if (!user || !valid) {
      await loginLimiter.recordFailure(email, request.ip).catch((err: unknown) => request.log.warn({ err }, 'could not count a failed sign-in'));
      throw unauthorized(messages.invalidCredentials);
    }
    await loginLimiter.recordSuccess(email, request.ip).catch((err: unknown) => request.log.warn({ err }, 'could not clear failed sign-ins'));
    // Told only to whoever knows the password: the account is going, and no new session begins. Its deletion may
    // also have finished while the password was checked (the row read above is gone now): then there is no account.
    const deletion = await deletionProgress(pool, user.id);
    if (deletion === 'running') throw forbidden(messages.accountBeingDeleted);
    if (deletion === 'finished') throw unauthorized(messages.invalidCredentials);
    if (passwords.needsRehash(user.password_hash)) await updatePasswordHash(pool, user.id, await passwords.hash(password));
    const publicUser = toPublicUser(user);
    const { token } = await tokens.issue(publicUser, { notBefore: user.tokens_not_before ? user.tokens_not_before.getTime() / 1000 : undefined });
    request.log.info({ userId: user.id }, 'user signed in');
    return { token, user: publicUser };
  });

  // Two readings of the current user (the spec's clients call both).
  const currentUser = async (request: FastifyRequest): Promise<PublicUser> => {
    const user = await findUserById(pool, requireUser(request).id);
    if (!user) throw unauthorized(messages.sessionExpired);
    return toPublicUser(user);
  };
  serveEndpoint(app, endpoints['GET /api/auth/me'], currentUser);
  serveEndpoint(app, endpoints['GET /api/auth/user'], currentUser);

  // A token with what the account is now (roles, email, whether that email is verified): after a
  // verification opened in another browser, the SPA swaps its older token for this one.
  serveEndpoint(app, endpoints['POST /api/auth/refresh'], async (request) => {
    const caller = requireUser(request);
    const user = await findUserById(pool, caller.id);
    if (!user) throw unauthorized(messages.sessionExpired);
    const publicUser = toPublicUser(user);
    const { token } = await tokens.issue(publicUser, { notBefore: caller.issuedAt });
    return { token, user: publicUser };
  });

  serveEndpoint(app, endpoints['POST /api/auth/logout'], async (request, reply) => {
    const caller = requireUser(request);
    await revokeToken({ db: pool, redis: deps.redis, logger: request.log, mirror: revocations }, { jti: caller.tokenId, userId: caller.id, expiresAt: caller.expiresAt });
    request.log.info({ userId: caller.id }, 'user signed out');
    return reply.status(204).send();
  });

  serveEndpoint(app, endpoints['POST /api/auth/setup-profile'], async (request) => {
    const caller = requireUser(request);
    const body = request.body;
    const user = await saveProfile(pool, caller.id, (current) => applyProfileSetup(current, body));
    if (!user) throw unauthorized(messages.sessionExpired);
    const { token } = await tokens.issue(user, { notBefore: caller.issuedAt });
    return { token, user };
  });

  /** Admins: the accounts, newest first (`?q=` filters by email or name). */
  serveEndpoint(app, endpoints['GET /api/auth/admin/users'], async (request) => {
    const query = request.query;
    const { items, total } = await listUsers(pool, query);
    return { items, total, page: query.page, pageSize: query.pageSize };
  });
}
