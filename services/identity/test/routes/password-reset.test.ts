import { describe, expect, it } from 'vitest';
import { messages } from '@reproute/contracts';
import { api, identity, messageOf, register, uniqueEmail } from './support.ts';

/**
 * Identity's answers to a reset request. The link's way to the inbox (notifier, SMTP), the reset itself
 * with the token read back from the email, and where the token must never appear are in the integration tests.
 */
describe('POST /api/forgot-password', () => {
  it('answers the same generic message for known and unknown emails, and announces only the known one', async () => {
    const { email, user } = await register('forgot');
    const nobody = uniqueEmail('nobody');
    for (const address of [email, nobody]) {
      const res = await api('POST', '/api/forgot-password', { body: { email: address } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: messages.forgotPasswordGeneric });
    }
    const requested = await (await identity()).events('user.password_reset_requested');
    expect(requested.map((e) => (e.data as { userId: string }).userId)).toEqual([user.id]);
    expect(JSON.stringify(requested)).not.toContain(nobody);
  });

  it('checks the email address', async () => {
    const res = await api('POST', '/api/forgot-password', { body: { email: 'not an email' } });
    expect(res.status).toBe(400);
    expect(messageOf(res)).toBe(messages.email);
  });
});
