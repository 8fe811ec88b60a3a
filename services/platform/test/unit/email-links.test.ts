import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { emailLinkTtlSeconds, emailLinkUrls, listUnsubscribeHeaders, readEmailLinkToken, signEmailLinkToken, verifyEmailLinkToken } from '../../src/email-links.ts';

const key = randomBytes(32);
const userId = '0c2b4a8e-3f5d-4e1a-9b7c-2d6f8e0a1b3c';
const address = 'Ana.Traveller@example.com';
const accounts = new Map([[userId, address]]);
const addressOf = (id: string) => accounts.get(id) ?? null;
const now = new Date('2026-12-01T10:00:00Z');
const token = signEmailLinkToken(key, { userId, address, kind: 'review-replies', scope: null }, now);

/** The token with its payload replaced by `claims` (re-encoded), its MAC kept. */
function withClaims(original: string, change: (claims: Record<string, unknown>) => Record<string, unknown>): string {
  const [v, payload, mac] = original.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  return [v, Buffer.from(JSON.stringify(change(claims))).toString('base64url'), mac].join('.');
}

describe('email link tokens', () => {
  it('open for the account, kind and scope they were made for, at the address they were sent to', async () => {
    const check = await verifyEmailLinkToken(key, token, addressOf, now);
    expect(check).toEqual({ ok: true, claims: { userId, kind: 'review-replies', scope: null, expiresAt: new Date(now.getTime() + emailLinkTtlSeconds * 1000) } });
    const scoped = signEmailLinkToken(key, { userId, address, kind: 'listing-status', scope: '12' }, now);
    expect(await verifyEmailLinkToken(key, scoped, addressOf, now)).toMatchObject({ ok: true, claims: { kind: 'listing-status', scope: '12' } });
    // The address is compared as mail systems do: case and surrounding spaces do not matter.
    expect(await verifyEmailLinkToken(key, token, () => ' ana.traveller@EXAMPLE.com ', now)).toMatchObject({ ok: true });
  });

  it('carry no address: the link does not show whom it was sent to', () => {
    const [, payload] = token.split('.') as [string, string];
    expect(Buffer.from(payload, 'base64url').toString('utf8').toLowerCase()).not.toContain('ana.traveller');
    expect(token.toLowerCase()).not.toContain('example.com');
  });

  it('are refused for another address: the account changed its email, or the token is presented for another account', async () => {
    expect(await verifyEmailLinkToken(key, token, () => 'someone.else@example.com', now)).toEqual({ ok: false, reason: 'forged' });
    const other = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';
    accounts.set(other, 'other@example.com');
    expect(await verifyEmailLinkToken(key, withClaims(token, (c) => ({ ...c, u: other })), addressOf, now)).toEqual({ ok: false, reason: 'forged' });
    // No such account at all.
    expect(await verifyEmailLinkToken(key, token, () => null, now)).toEqual({ ok: false, reason: 'forged' });
  });

  it('are refused for another kind or another scope', async () => {
    expect(await verifyEmailLinkToken(key, withClaims(token, (c) => ({ ...c, k: 'search-alerts' })), addressOf, now)).toEqual({ ok: false, reason: 'forged' });
    const scoped = signEmailLinkToken(key, { userId, address, kind: 'listing-status', scope: '12' }, now);
    expect(await verifyEmailLinkToken(key, withClaims(scoped, (c) => ({ ...c, s: '13' })), addressOf, now)).toEqual({ ok: false, reason: 'forged' });
    expect(await verifyEmailLinkToken(key, withClaims(scoped, (c) => ({ ...c, s: null })), addressOf, now)).toEqual({ ok: false, reason: 'forged' });
  });

  it('cannot be forged: another key, an altered MAC or a longer expiry are refused', async () => {
    const forged = signEmailLinkToken(randomBytes(32), { userId, address, kind: 'review-replies', scope: null }, now);
    expect(await verifyEmailLinkToken(key, forged, addressOf, now)).toEqual({ ok: false, reason: 'forged' });
    const [v, payload, mac] = token.split('.') as [string, string, string];
    const flipped = Buffer.from(mac, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(await verifyEmailLinkToken(key, [v, payload, flipped.toString('base64url')].join('.'), addressOf, now)).toEqual({ ok: false, reason: 'forged' });
    expect(await verifyEmailLinkToken(key, [v, payload, mac.slice(0, 10)].join('.'), addressOf, now)).toEqual({ ok: false, reason: 'forged' });
    expect(await verifyEmailLinkToken(key, withClaims(token, (c) => ({ ...c, x: (c.x as number) + 3600 })), addressOf, now)).toEqual({ ok: false, reason: 'forged' });
  });

  it('expire after a year', async () => {
    const justBefore = new Date(now.getTime() + emailLinkTtlSeconds * 1000 - 1000);
    const atExpiry = new Date(now.getTime() + emailLinkTtlSeconds * 1000);
    expect(await verifyEmailLinkToken(key, token, addressOf, justBefore)).toMatchObject({ ok: true });
    expect(await verifyEmailLinkToken(key, token, addressOf, atExpiry)).toEqual({ ok: false, reason: 'expired' });
  });

  it('say malformed for anything that is not one', async () => {
    for (const bad of ['', 'abc', 'e1..', 'e2.x.y', `e1.${Buffer.from('not json').toString('base64url')}.abc`, withClaims(token, (c) => ({ ...c, k: 'newsletter' })), withClaims(token, (c) => ({ ...c, u: 'not-a-uuid' })), withClaims(token, (c) => ({ ...c, s: 'a b' }))]) {
      expect(readEmailLinkToken(bad)).toBeNull();
      expect(await verifyEmailLinkToken(key, bad, addressOf, now)).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('make the one-click header on the site address, and the two links of the footer', () => {
    const headers = listUnsubscribeHeaders('https://reproute.example/', token);
    expect(headers).toEqual({
      'List-Unsubscribe': `<https://reproute.example/api/email-preferences/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(emailLinkUrls('https://reproute.example', token)).toEqual({
      oneClick: `https://reproute.example/api/email-preferences/unsubscribe?token=${token}`,
      confirm: `https://reproute.example/unsubscribe?token=${token}`,
      preferences: `https://reproute.example/email-preferences?token=${token}`,
    });
  });
});
