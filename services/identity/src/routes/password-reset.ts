import type { FastifyInstance } from 'fastify';
import { badRequest, serveEndpoint, type ServiceContext } from '@reproute/platform';
import { endpoints, messages } from '@reproute/contracts';
import type { Config } from '../config.ts';
import type { IdentityDeps } from '../app.ts';
import { findUserByEmail } from '../store/users.ts';
import { isBeingDeleted } from '../store/account-deletion.ts';
import { announceTokensNotBefore, type RevocationMirror } from '../store/revocations.ts';
import { recentResetRequests, requestPasswordReset, resetPasswordWithToken } from '../store/reset-tokens.ts';

export const passwordResetDone = 'Your password has been reset. You can now sign in with your new password.';

export async function passwordResetRoutes(app: FastifyInstance, { ctx, deps, revocations }: { ctx: ServiceContext<Config>; deps: IdentityDeps; revocations: RevocationMirror }) {
  const { config, pool } = ctx;

  // The same answer whether or not the account exists: the endpoint reveals nothing about accounts.
  serveEndpoint(app, endpoints['POST /api/forgot-password'], async (request) => {
    const { email } = request.body;
    const user = await findUserByEmail(pool, email);
    if (user && (await isBeingDeleted(pool, user.id))) {
      request.log.info({ userId: user.id }, 'password reset asked for an account being deleted; no email sent');
    } else if (user) {
      if ((await recentResetRequests(pool, user.id, config.RESET_WINDOW_SECONDS)) >= config.RESET_MAX_PER_EMAIL) {
        request.log.warn({ userId: user.id }, 'password reset requested too often; no email sent');
      } else {
        await requestPasswordReset(pool, user, config.RESET_TOKEN_TTL_MINUTES, deps.resetLinkKey);
        request.log.info({ userId: user.id }, 'password reset requested');
      }
    }
    return { message: messages.forgotPasswordGeneric };
  });

  serveEndpoint(app, endpoints['POST /api/reset-password'], async (request) => {
    const body = request.body;
    const reset = await resetPasswordWithToken(pool, body.token, await deps.passwords.hash(body.password));
    if (!reset) throw badRequest(messages.resetTokenInvalid, [{ path: 'token', message: messages.resetTokenInvalid }]);
    await announceTokensNotBefore({ redis: deps.redis, logger: request.log, mirror: revocations }, reset.userId, reset.tokensNotBefore);
    await deps.loginLimiter.clearAccount(reset.email).catch((err: unknown) => request.log.warn({ err }, 'could not clear failed sign-ins'));
    request.log.info({ userId: reset.userId }, 'password reset completed');
    return { message: passwordResetDone };
  });
}
