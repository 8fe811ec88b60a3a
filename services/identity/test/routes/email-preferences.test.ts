import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { identityExport, messages } from '@reproute/contracts';
import { signEmailLinkToken } from '@reproute/platform/email-links';
import { api, emailLinkKey, identity, identityDb, password, register } from './support.ts';

/** The token the notifier puts in an email of `kind` to this account's address. */
const tokenFor = (account: { user: { id: string }; email: string }, kind: Parameters<typeof signEmailLinkToken>[1]['kind'], scope: string | null = null, key = emailLinkKey) =>
  signEmailLinkToken(key, { userId: account.user.id, address: account.email, kind, scope });

const form = { 'content-type': 'application/x-www-form-urlencoded' };
/** The one-click POST exactly as a mail client sends it (RFC 8058): no sign-in, no cookie, a form body. */
const oneClick = (token: string, rawBody = 'List-Unsubscribe=One-Click', headers: Record<string, string> = form) =>
  api('POST', `/api/email-preferences/unsubscribe?token=${encodeURIComponent(token)}`, { rawBody, headers });
const prefs = (token: string) => api('GET', '/api/email-preferences', { token });
const changedEvents = async (userId: string) => (await (await identity()).events('user.email_preferences_changed')).filter((e) => e.data.userId === userId);

describe('GET and PUT /api/email-preferences', () => {
  it('answers every kind on for a new traveller; a change applies at once and is announced with the whole list', async () => {
    const account = await register('prefs');
    const first = await prefs(account.token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ email: account.email, kinds: ['review-status', 'review-replies', 'search-alerts', 'favorite-updates'], optOuts: [] });

    const off = await api('PUT', '/api/email-preferences', { token: account.token, body: { kind: 'review-replies', subscribed: false } });
    expect(off.status).toBe(200);
    expect(off.body.optOuts).toEqual([{ kind: 'review-replies', scope: null }]);
    const alert = await api('PUT', '/api/email-preferences', { token: account.token, body: { kind: 'search-alerts', scope: '3f0e0f5c-1d1b-4c6e-9d1e-0a8b7c6d5e4f', subscribed: false } });
    expect(alert.body.optOuts).toEqual([{ kind: 'review-replies', scope: null }, { kind: 'search-alerts', scope: '3f0e0f5c-1d1b-4c6e-9d1e-0a8b7c6d5e4f' }]);
    // Turning off what is off changes nothing and announces nothing more.
    await api('PUT', '/api/email-preferences', { token: account.token, body: { kind: 'review-replies', subscribed: false } });
    const on = await api('PUT', '/api/email-preferences', { token: account.token, body: { kind: 'review-replies', scope: null, subscribed: true } });
    expect(on.body.optOuts).toEqual([{ kind: 'search-alerts', scope: '3f0e0f5c-1d1b-4c6e-9d1e-0a8b7c6d5e4f' }]);
    expect((await prefs(account.token)).body.optOuts).toEqual(on.body.optOuts);

    const events = await changedEvents(account.user.id);
    expect(events.map((e) => e.data.optOuts)).toEqual([
      [{ kind: 'review-replies', scope: null }],
      [{ kind: 'review-replies', scope: null }, { kind: 'search-alerts', scope: '3f0e0f5c-1d1b-4c6e-9d1e-0a8b7c6d5e4f' }],
      [{ kind: 'search-alerts', scope: '3f0e0f5c-1d1b-4c6e-9d1e-0a8b7c6d5e4f' }],
    ]);
    // The event carries no address and no token.
    expect(JSON.stringify(events)).not.toContain(account.email);
  });

  it('shows providers the per-listing kind', async () => {
    const provider = await register('prefs-provider');
    await identityDb.query('UPDATE users SET is_provider = true WHERE id = $1', [provider.user.id]);
    expect((await prefs(provider.token)).body.kinds).toEqual(['review-status', 'review-replies', 'listing-status', 'listing-reviews', 'search-alerts', 'favorite-updates', 'listing-gym-facts']);
    const listing = await api('PUT', '/api/email-preferences', { token: provider.token, body: { kind: 'listing-status', scope: '12', subscribed: false } });
    expect(listing.body.optOuts).toEqual([{ kind: 'listing-status', scope: '12' }]);
  });

  it('refuses bad input with 400 and the message, changing nothing; and a visitor with 401', async () => {
    const account = await register('prefs-bad');
    const put = (body: unknown) => api('PUT', '/api/email-preferences', { token: account.token, body });
    const cases: [unknown, string, string][] = [
      [{ kind: 'newsletter', subscribed: false }, 'kind', messages.emailKindInvalid],
      [{ subscribed: false }, 'kind', messages.emailKindInvalid],
      [{ kind: 'review-replies' }, 'subscribed', messages.emailSubscribedInvalid],
      [{ kind: 'review-replies', subscribed: 'no' }, 'subscribed', messages.emailSubscribedInvalid],
      [{ kind: 'listing-status', scope: 'a b', subscribed: false }, 'scope', messages.emailScopeInvalid],
      [{ kind: 'listing-status', scope: 'x'.repeat(65), subscribed: false }, 'scope', messages.emailScopeInvalid],
      [{ kind: 'review-replies', scope: '12', subscribed: false }, 'scope', messages.emailScopeNotForKind],
    ];
    for (const [body, path, message] of cases) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors).toContainEqual({ path, message });
    }
    expect((await prefs(account.token)).body.optOuts).toEqual([]);
    expect(await changedEvents(account.user.id)).toEqual([]);
    expect((await api('GET', '/api/email-preferences')).status).toBe(401);
    expect((await api('PUT', '/api/email-preferences', { body: { kind: 'review-replies', subscribed: false } })).status).toBe(401);
  });
});

describe('POST /api/email-preferences/unsubscribe (RFC 8058 one-click)', () => {
  it('stops that kind for that address at once, without a sign-in; a repeat changes nothing', async () => {
    const account = await register('oneclick');
    const token = tokenFor(account, 'review-status');
    const res = await oneClick(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: messages.unsubscribed, kind: 'review-status', scope: null });
    expect((await prefs(account.token)).body.optOuts).toEqual([{ kind: 'review-status', scope: null }]);
    expect((await oneClick(token)).status).toBe(200);
    expect(await changedEvents(account.user.id)).toHaveLength(1);
    const stored = await identityDb.query('SELECT source FROM email_opt_outs WHERE user_id = $1', [account.user.id]);
    expect(stored.rows).toEqual([{ source: 'one-click' }]);
  });

  it('stops only the listing a per-listing token names', async () => {
    const provider = await register('oneclick-listing');
    expect((await oneClick(tokenFor(provider, 'listing-status', '7'))).body).toEqual({ message: messages.unsubscribed, kind: 'listing-status', scope: '7' });
    expect((await prefs(provider.token)).body.optOuts).toEqual([{ kind: 'listing-status', scope: '7' }]);
  });

  it('takes the body as multipart/form-data and as JSON too', async () => {
    const account = await register('oneclick-forms');
    const boundary = '----reproute' + randomBytes(6).toString('hex');
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const a = await oneClick(tokenFor(account, 'review-status'), multipart, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    expect(a.status).toBe(200);
    const b = await oneClick(tokenFor(account, 'review-replies'), JSON.stringify({ 'List-Unsubscribe': 'One-Click' }), { 'content-type': 'application/json' });
    expect(b.status).toBe(200);
    expect((await prefs(account.token)).body.optOuts).toEqual([{ kind: 'review-replies', scope: null }, { kind: 'review-status', scope: null }]);
  });

  it('refuses a body that is not List-Unsubscribe=One-Click, and tokens that are forged, for another address or kind, or expired', async () => {
    const account = await register('oneclick-bad');
    const other = await register('oneclick-other');
    const good = tokenFor(account, 'review-status');
    const refusals: [Promise<{ status: number; body: { message: string } }>, string][] = [
      [oneClick(good, ''), messages.unsubscribeBodyInvalid],
      [oneClick(good, 'List-Unsubscribe=Yes'), messages.unsubscribeBodyInvalid],
      [oneClick(good, 'unsubscribe=1'), messages.unsubscribeBodyInvalid],
      [api('POST', '/api/email-preferences/unsubscribe', { rawBody: 'List-Unsubscribe=One-Click', headers: form }), messages.unsubscribeTokenMissing],
      [oneClick('not a token'), messages.unsubscribeTokenInvalid],
      [oneClick('e1.abc.def'), messages.unsubscribeTokenInvalid],
      // Made with another key: forged.
      [oneClick(tokenFor(account, 'review-status', null, randomBytes(32))), messages.unsubscribeTokenInvalid],
      // Made for another address (the other account's) but naming this account.
      [oneClick(signEmailLinkToken(emailLinkKey, { userId: account.user.id, address: other.email, kind: 'review-status', scope: null })), messages.unsubscribeTokenInvalid],
      // This account's token with its kind changed.
      [oneClick(withKind(good, 'search-alerts')), messages.unsubscribeTokenInvalid],
      // Expired: made a year and a day ago.
      [oneClick(signEmailLinkToken(emailLinkKey, { userId: account.user.id, address: account.email, kind: 'review-status', scope: null }, new Date(Date.now() - 366 * 24 * 3600 * 1000))), messages.unsubscribeTokenExpired],
    ];
    for (const [call, message] of refusals) {
      const res = await call;
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await prefs(account.token)).body.optOuts).toEqual([]);
    expect((await prefs(other.token)).body.optOuts).toEqual([]);
    expect(await changedEvents(account.user.id)).toEqual([]);
  });

  it('refuses a token once the account has another address (it was bound to the old one)', async () => {
    const account = await register('oneclick-moved');
    const token = tokenFor(account, 'review-status');
    await identityDb.query("UPDATE users SET email = 'moved-' || email WHERE id = $1", [account.user.id]);
    expect((await oneClick(token)).body.message).toBe(messages.unsubscribeTokenInvalid);
  });

  it('GET never unsubscribes: it sends a browser to the page that confirms', async () => {
    const account = await register('oneclick-get');
    const token = tokenFor(account, 'review-status');
    const res = await api('GET', `/api/email-preferences/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);
    expect((await prefs(account.token)).body.optOuts).toEqual([]);
  });
});

describe('the preferences through an email link (no sign-in)', () => {
  it('reads and changes every kind of the address the link was sent to, with the address masked', async () => {
    const account = await register('bylink');
    const token = tokenFor(account, 'review-replies');
    const read = await api('GET', `/api/email-preferences/by-link?token=${encodeURIComponent(token)}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ email: `${account.email[0]}•••@${account.email.split('@')[1]}`, kinds: ['review-status', 'review-replies', 'search-alerts', 'favorite-updates'], optOuts: [], link: { kind: 'review-replies', scope: null } });
    const changed = await api('PUT', '/api/email-preferences/by-link', { body: { token, kind: 'favorite-updates', subscribed: false } });
    expect(changed.status).toBe(200);
    expect(changed.body.optOuts).toEqual([{ kind: 'favorite-updates', scope: null }]);
    expect((await prefs(account.token)).body.optOuts).toEqual([{ kind: 'favorite-updates', scope: null }]);
  });

  it('refuses a missing, forged or expired token with the message, changing nothing', async () => {
    const account = await register('bylink-bad');
    expect((await api('GET', '/api/email-preferences/by-link')).body.message).toBe(messages.unsubscribeTokenMissing);
    const forged = tokenFor(account, 'review-replies', null, randomBytes(32));
    const read = await api('GET', `/api/email-preferences/by-link?token=${encodeURIComponent(forged)}`);
    expect(read.status).toBe(400);
    expect(read.body.errors).toEqual([{ path: 'token', message: messages.unsubscribeTokenInvalid }]);
    const put = await api('PUT', '/api/email-preferences/by-link', { body: { token: forged, kind: 'review-replies', subscribed: false } });
    expect(put.status).toBe(400);
    const badKind = await api('PUT', '/api/email-preferences/by-link', { body: { token: tokenFor(account, 'review-replies'), kind: 'all', subscribed: false } });
    expect(badKind.status).toBe(400);
    expect(badKind.body.errors).toContainEqual({ path: 'kind', message: messages.emailKindInvalid });
    expect((await prefs(account.token)).body.optOuts).toEqual([]);
  });
});

describe('the account\'s data', () => {
  it('exports the preferences in identity\'s part and deletes them with the account', async () => {
    const account = await register('prefs-export');
    await oneClick(tokenFor(account, 'review-status'));
    const part = await api('GET', '/api/auth/me/export', { token: account.token });
    expect(identityExport.parse(part.body).emailPreferences).toEqual([{ kind: 'review-status', scope: null, source: 'one-click', createdAt: expect.any(String) }]);
    // Deleting the account's row (as identity does when every service has reported) takes them along.
    await identityDb.query('DELETE FROM users WHERE id = $1', [account.user.id]);
    expect((await identityDb.query('SELECT 1 FROM email_opt_outs WHERE user_id = $1', [account.user.id])).rows).toEqual([]);
  });

  it('stops a deleted account\'s links at once: a deletion in progress refuses them', async () => {
    const account = await register('prefs-deleting');
    const token = tokenFor(account, 'review-status');
    expect((await api('POST', '/api/auth/delete-account', { token: account.token, body: { currentPassword: password } })).status).toBe(202);
    expect((await oneClick(token)).body.message).toBe(messages.unsubscribeTokenInvalid);
  });
});

/** A token with its kind replaced and its MAC kept (an attempt to reuse it for another kind). */
function withKind(token: string, kind: string): string {
  const [v, payload, mac] = token.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  return [v, Buffer.from(JSON.stringify({ ...claims, k: kind })).toString('base64url'), mac].join('.');
}
