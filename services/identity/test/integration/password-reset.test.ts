import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '@reproute/contracts';
import { api, waitForEmail, uniqueEmail, emailsTo, logMark, sleep, stack, type MaildevEmail } from '@reproute/platform/testing';
import { identityDb, messageOf, password, redis, register } from './helpers.ts';

const appUrl = process.env.PUBLIC_APP_URL ?? stack.gatewayUrl;
const traceSink = process.env.TRACE_SINK_URL ?? `http://127.0.0.1:${stack.traceSinkPort}`;
const newPassword = 'N3w!Passw0rd';

afterAll(async () => {
  await identityDb.end();
  redis.disconnect();
});

/** Requests a reset and reads the link back from the email the notifier sent through SMTP. */
async function resetLinkFor(email: string, requestedAs = email): Promise<{ link: string; token: string; mail: MaildevEmail }> {
  const before = new Set((await emailsTo(email)).map((e) => e.id));
  const res = await api('POST', '/api/forgot-password', { body: { email: requestedAs } });
  expect(res.status).toBe(200);
  const mail = await waitForEmail((e) => !before.has(e.id) && e.to.some((t) => t.address === email) && e.subject === 'Reset your RepRoute password');
  const link = mail.text?.match(/https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_%-]+/)?.[0];
  if (!link) throw new Error('no reset link in the email text');
  const token = decodeURIComponent(new URL(link).searchParams.get('token') ?? '');
  return { link, token, mail };
}

// Identity's own answers to a reset request (the generic message, the email check) are in test/routes.
describe('POST /api/forgot-password', () => {
  it('sends nothing for an unknown email', async () => {
    const email = uniqueEmail('ghost');
    await api('POST', '/api/forgot-password', { body: { email } });
    await sleep(2_000);
    expect(await emailsTo(email)).toHaveLength(0);
  });
});

describe('where the reset token travels', () => {
  it('never readable in the event, the outbox, the queued email job, a log line or a trace; the link is opened from the email', async () => {
    const logs = logMark();
    const { email, user } = await register('reset-leak');
    const { token, link } = await resetLinkFor(email);
    expect(token.length).toBeGreaterThan(20);

    const { rows } = await identityDb.query<{ id: string; payload: unknown }>(
      `SELECT id, payload FROM identity.outbox WHERE event_type = 'user.password_reset_requested' AND message_key = $1`,
      [user.id],
    );
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0]!.payload)).not.toContain(token);
    // The email job (BullMQ, kept a week) holds the sealed value and a placeholder, never the token.
    await redis.connect().catch(() => undefined);
    const job = await redis.hget(`bull:email:${rows[0]!.id}-reset`, 'data');
    expect(job, 'queued email job').toBeTruthy();
    expect(job).not.toContain(token);
    expect(job).toContain('{{sealed:resetToken}}');

    // The reset page's URL (with the token) is requested, then logs and traces are searched for it.
    expect((await fetch(link)).status).toBe(200);
    expect((await api('POST', `/api/reset-password?token=${token}`, { body: { token, password: newPassword } })).status).toBe(200);
    await sleep(1_500);
    const written = logs.read();
    expect(written.size, 'log files read').toBeGreaterThan(5);
    for (const [file, text] of written) expect(text.includes(token), `${file} holds the token`).toBe(false);
    // What was read is what the reset wrote: the identity service's log lines of it are there.
    expect(written.get('identity.log'), 'identity log lines of the reset').toContain('/api/reset-password');
    const traces = await fetch(`${traceSink}/traces`).then((r) => (r.ok ? r.json() : []), () => []) as { traceId: string }[];
    for (const { traceId } of traces.slice(0, 40)) {
      const spans = await fetch(`${traceSink}/traces/${traceId}`).then((r) => r.text());
      expect(spans.includes(token), `trace ${traceId} holds the token`).toBe(false);
    }
  });
});

describe('the reset flow, with the link read back from the email', () => {
  it('emails a one-hour link (HTML and text); the token is stored only hashed; it resets the password once', async () => {
    const { email, user } = await register('reset');
    const { link, token, mail } = await resetLinkFor(email, email.toUpperCase());
    expect(link.startsWith(`${appUrl}/reset-password?token=`)).toBe(true);
    expect(mail.html).toContain('/reset-password?token=');
    expect(mail.text).toMatch(/one hour/i);
    expect(mail.html).toMatch(/one hour/i);

    const { rows } = await identityDb.query('SELECT token_hash, expires_at, created_at FROM identity.password_reset_tokens WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(rows[0].expires_at.getTime() - rows[0].created_at.getTime()).toBeGreaterThan(59 * 60_000);
    expect(rows[0].expires_at.getTime() - rows[0].created_at.getTime()).toBeLessThanOrEqual(60 * 60_000 + 1_000);
    const stored = await identityDb.query('SELECT reset_token FROM identity.users WHERE id = $1', [user.id]);
    expect(stored.rows[0].reset_token).toBe(rows[0].token_hash);

    // The registration rule first (a reset never sets a weaker password than registration allows), then matching.
    const short = await api('POST', '/api/reset-password', { body: { token, password: '12345' } });
    expect(short.status).toBe(400);
    expect(messageOf(short)).toBe(messages.passwordMin);
    const weak = await api('POST', '/api/reset-password', { body: { token, password: 'aaaaaa', confirmPassword: 'aaaaaa' } });
    expect(weak.status).toBe(400);
    expect(messageOf(weak)).toBe(messages.passwordMin);
    const simple = await api('POST', '/api/reset-password', { body: { token, password: 'aaaaaaaa' } });
    expect(messageOf(simple)).toBe(messages.passwordStrength);
    const mismatch = await api('POST', '/api/reset-password', { body: { token, password: newPassword, confirmPassword: 'Other!Pass1' } });
    expect(messageOf(mismatch)).toBe(messages.passwordsDontMatch);
    const missing = await api('POST', '/api/reset-password', { body: { password: newPassword } });
    expect(messageOf(missing)).toBe(messages.resetTokenMissing);

    const done = await api('POST', '/api/reset-password', { body: { token, password: newPassword, confirmPassword: newPassword } });
    expect(done.status).toBe(200);
    expect(typeof done.body.message).toBe('string');

    expect((await api('POST', '/api/auth/login', { body: { email, password } })).status).toBe(401);
    expect((await api('POST', '/api/auth/login', { body: { email, password: newPassword } })).status).toBe(200);

    const reused = await api('POST', '/api/reset-password', { body: { token, password: 'An0ther!Pass' } });
    expect(reused.status).toBe(400);
    expect(messageOf(reused)).toContain('Invalid or expired');
    const cleared = await identityDb.query('SELECT reset_token, reset_token_expiry FROM identity.users WHERE id = $1', [user.id]);
    expect(cleared.rows[0]).toEqual({ reset_token: null, reset_token_expiry: null });
  });

  it('refuses an unknown token and an expired one with "Invalid or expired"', async () => {
    const unknown = await api('POST', '/api/reset-password', { body: { token: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', password: newPassword } });
    expect(unknown.status).toBe(400);
    expect(messageOf(unknown)).toContain('Invalid or expired');

    const { email } = await register('reset-expired');
    const { token } = await resetLinkFor(email);
    // An hour passes.
    await identityDb.query(`UPDATE identity.password_reset_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
      createHash('sha256').update(token).digest('hex'),
    ]);
    const expired = await api('POST', '/api/reset-password', { body: { token, password: newPassword } });
    expect(expired.status).toBe(400);
    expect(messageOf(expired)).toContain('Invalid or expired');
    expect((await api('POST', '/api/auth/login', { body: { email, password } })).status).toBe(200);
  });

  it('a reset voids the account\'s other outstanding links and lifts a sign-in lockout', async () => {
    const { email } = await register('reset-twice');
    const first = await resetLinkFor(email);
    const second = await resetLinkFor(email);
    expect(first.token).not.toBe(second.token);
    for (let i = 0; i < 5; i += 1) await api('POST', '/api/auth/login', { body: { email, password: `Wr0ng!${i}` } });
    expect((await api('POST', '/api/auth/login', { body: { email, password } })).status).toBe(429);

    expect((await api('POST', '/api/reset-password', { body: { token: second.token, password: newPassword } })).status).toBe(200);
    const stale = await api('POST', '/api/reset-password', { body: { token: first.token, password: 'N3w!Passw0rd2' } });
    expect(messageOf(stale)).toContain('Invalid or expired');
    expect((await api('POST', '/api/auth/login', { body: { email, password: newPassword } })).status).toBe(200);
  });
});
