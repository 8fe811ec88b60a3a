import type { FastifyInstance } from 'fastify';
import { endpoints, messages, tryAgainIn } from '@reproute/contracts';
import { badRequest, conflict, HttpError, rateLimited, requireUser, serveEndpoint, unauthorized, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import type { IdentityDeps } from '../app.ts';
import { findUserById } from '../store/users.ts';
import { requestEmailChange, resendVerification, verifyEmailWithToken, type VerificationLinks } from '../store/email-verification.ts';
import { checkCurrentPassword } from './current-password.ts';

/**
 * Email verification: a new account's address and an email change's new address are proved by a
 * single-use emailed link (hashed in the database, sealed on its way to the notifier, like reset links)
 * before they speak for the account. Only a token issued after that claims `email_verified`.
 */
export async function emailVerificationRoutes(app: FastifyInstance, { ctx, deps }: { ctx: ServiceContext<Config>; deps: IdentityDeps }) {
  const { config, pool } = ctx;
  const links: VerificationLinks = { ttlMinutes: config.EMAIL_VERIFICATION_TTL_MINUTES, sealingKey: deps.resetLinkKey };

  serveEndpoint(app, endpoints['POST /api/auth/verify-email'], async (request) => {
    const verified = await verifyEmailWithToken(pool, request.body.token);
    if (!verified) throw badRequest(messages.verificationTokenInvalid, [{ path: 'token', message: messages.verificationTokenInvalid }]);
    const { user, previousEmail } = verified;
    request.log.info({ userId: user.id, emailChanged: previousEmail !== null }, 'email address verified');
    // The link proves the mailbox, not the password: only a caller already signed in as this account gets a fresh token.
    const caller = request.user;
    if (caller?.id !== user.id) return { message: messages.emailVerified, email: user.email };
    const { token } = await deps.tokens.issue(user, { notBefore: caller.issuedAt });
    return { message: messages.emailVerified, email: user.email, token, user };
  });

  serveEndpoint(app, endpoints['POST /api/auth/verify-email/resend'], async (request) => {
    const caller = requireUser(request);
    const outcome = await resendVerification(pool, caller.id, links, { max: config.VERIFICATION_RESENDS_PER_ACCOUNT, windowSeconds: config.VERIFICATION_WINDOW_SECONDS });
    if (outcome.kind === 'unknown') throw unauthorized(messages.sessionExpired);
    if (outcome.kind === 'verified') throw conflict(messages.emailAlreadyVerified);
    if (outcome.kind === 'limited') {
      request.log.warn({ userId: caller.id }, 'verification resend refused by its limit');
      throw rateLimited(`${messages.tooManyVerificationEmails} ${tryAgainIn(outcome.retryAfterSeconds)}`, outcome.retryAfterSeconds);
    }
    request.log.info({ userId: caller.id }, 'verification link sent again');
    return { message: messages.verificationSent };
  });

  serveEndpoint(app, endpoints['POST /api/auth/email-change'], async (request) => {
    const caller = requireUser(request);
    const { currentPassword, newEmail } = request.body;
    const user = await findUserById(pool, caller.id);
    if (!user) throw unauthorized(messages.sessionExpired);
    await checkCurrentPassword(request, deps, user, currentPassword);
    const outcome = await requestEmailChange(pool, caller.id, newEmail, links, { max: config.EMAIL_CHANGES_PER_ACCOUNT, windowSeconds: config.VERIFICATION_WINDOW_SECONDS });
    switch (outcome.kind) {
      case 'unknown':
        throw unauthorized(messages.sessionExpired);
      case 'same':
        throw badRequest(messages.newEmailSame, [{ path: 'newEmail', message: messages.newEmailSame }]);
      case 'taken':
        throw new HttpError(409, messages.emailExists, [{ path: 'newEmail', message: messages.emailExists }]);
      case 'limited':
        request.log.warn({ userId: caller.id }, 'email change refused by its limit');
        throw rateLimited(`${messages.tooManyEmailChanges} ${tryAgainIn(outcome.retryAfterSeconds)}`, outcome.retryAfterSeconds);
      case 'sent':
        request.log.info({ userId: caller.id }, 'email change requested');
        return { message: messages.emailChangeSent, pendingEmail: outcome.pendingEmail };
    }
  });
}
