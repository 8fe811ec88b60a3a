import type { FastifyRequest } from 'fastify';
import { messages } from '@reproute/contracts';
import { badRequest, rateLimited } from '@reproute/platform';
import type { IdentityDeps } from '../app.ts';
import type { UserRow } from '../domain/users.ts';

/**
 * Checks the signed-in account's current password before a change that needs it (email, password, deletion),
 * under the sign-in throttling (the same counters), so a token left on a shared computer cannot guess it quickly:
 * 429 with `Retry-After` while its failures are slowed down, 400 on `currentPassword` when it is wrong.
 */
export async function checkCurrentPassword(request: FastifyRequest, deps: IdentityDeps, user: UserRow, currentPassword: string): Promise<void> {
  const gate = await deps.loginLimiter.admit(user.email, request.ip).catch((err: unknown) => {
    request.log.warn({ err }, 'login rate limiter unavailable; allowing the attempt');
    return { allowed: true } as const;
  });
  if (!gate.allowed) throw rateLimited(messages.tooManyLogins, gate.retryAfterSeconds);
  if (!(await deps.passwords.verify(user.password_hash, currentPassword))) {
    await deps.loginLimiter.recordFailure(user.email, request.ip).catch((err: unknown) => request.log.warn({ err }, 'could not count a failed password check'));
    throw badRequest(messages.currentPasswordWrong, [{ path: 'currentPassword', message: messages.currentPasswordWrong }]);
  }
}
