import type { FastifyInstance } from 'fastify';
import { endpoints, messages } from '@reproute/contracts';
import { requireUser, serveEndpoint, unauthorized, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import type { IdentityDeps } from '../app.ts';
import { toPublicUser } from '../domain/users.ts';
import { findUserById } from '../store/users.ts';
import { announceTokensNotBefore, type RevocationMirror } from '../store/revocations.ts';
import { changePassword, endSessions, exportAccount } from '../store/sessions.ts';
import { requestAccountDeletion } from '../store/account-deletion.ts';
import { checkCurrentPassword } from './current-password.ts';

/**
 * The owner's own account: change the password, sign out on every device, download what identity keeps,
 * delete the account. Each ending of sessions reuses the password reset's machinery: a not-before time on the
 * account (Postgres, which notifies identity's instances) announced to every gateway and service through Redis.
 */
export async function accountRoutes(app: FastifyInstance, { ctx, deps, revocations }: { ctx: ServiceContext<Config>; deps: IdentityDeps; revocations: RevocationMirror }) {
  const { pool, relay } = ctx;
  const announce = (request: { log: typeof app.log }, userId: string, notBefore: number) =>
    announceTokensNotBefore({ redis: deps.redis, logger: request.log, mirror: revocations }, userId, notBefore);

  serveEndpoint(app, endpoints['POST /api/auth/change-password'], async (request) => {
    const caller = requireUser(request);
    const user = await findUserById(pool, caller.id);
    if (!user) throw unauthorized(messages.sessionExpired);
    await checkCurrentPassword(request, deps, user, request.body.currentPassword);
    const changed = await changePassword(pool, caller.id, await deps.passwords.hash(request.body.newPassword));
    if (!changed) throw unauthorized(messages.sessionExpired);
    await announce(request, caller.id, changed.tokensNotBefore);
    await deps.loginLimiter.clearAccount(user.email).catch((err: unknown) => request.log.warn({ err }, 'could not clear failed sign-ins'));
    const publicUser = toPublicUser(changed.user);
    // This device goes on with a token issued from the new moment on; every earlier one has ended.
    const { token } = await deps.tokens.issue(publicUser, { notBefore: changed.tokensNotBefore });
    request.log.info({ userId: caller.id }, 'password changed; other sessions ended');
    return { token, user: publicUser, message: messages.passwordChanged };
  });

  serveEndpoint(app, endpoints['POST /api/auth/sign-out-everywhere'], async (request, reply) => {
    const caller = requireUser(request);
    const notBefore = await endSessions(pool, caller.id);
    if (notBefore === undefined) throw unauthorized(messages.sessionExpired);
    await announce(request, caller.id, notBefore);
    request.log.info({ userId: caller.id }, 'signed out on every device');
    return reply.status(204).send();
  });

  serveEndpoint(app, endpoints['GET /api/auth/me/export'], async (request) => {
    const part = await exportAccount(pool, requireUser(request).id);
    if (!part) throw unauthorized(messages.sessionExpired);
    return part;
  });

  serveEndpoint(app, endpoints['POST /api/auth/delete-account'], async (request, reply) => {
    const caller = requireUser(request);
    const user = await findUserById(pool, caller.id);
    if (!user) throw unauthorized(messages.sessionExpired);
    await checkCurrentPassword(request, deps, user, request.body.currentPassword);
    const started = await requestAccountDeletion(pool, caller.id);
    if (!started) throw unauthorized(messages.sessionExpired);
    relay.nudge();
    await announce(request, caller.id, started.tokensNotBefore);
    request.log.info({ userId: caller.id }, 'account deletion requested; tokens ended');
    return reply.status(202).send({ message: messages.accountDeletionStarted, status: 'deleting', requestedAt: started.requestedAt.toISOString() });
  });
}
