import { createHmac, timingSafeEqual } from 'node:crypto';
import { emailKinds, emailLinkPaths, emailScopePattern, type EmailKind } from '@reproute/contracts';

/**
 * The token of an email's unsubscribe and preferences links (docs/decisions.md, "Email preferences and
 * unsubscribing"): single-purpose, signed with HMAC-SHA256 under a key only identity (which checks it) and the
 * notifier (which makes it) hold (`EMAIL_LINK_KEY`). It carries the account id, the kind, the scope (a listing or a
 * saved search, or none) and an expiry; the MAC also covers the address the email was sent to, which the token does
 * not carry (a link shows no address), so a token opens only for the account while that is still its address, and
 * only for that kind and scope: changing any of them breaks the MAC.
 *
 * Format: `e1.<base64url JSON {u,k,s,x}>.<base64url MAC>`; the MAC is over the version, the payload's bytes and the
 * lower-cased address.
 */
const version = 'e1';
/** How long an email's links work: a year, so an email kept in a mailbox can still stop what it is about. */
export const emailLinkTtlSeconds = 365 * 24 * 3600;

export interface EmailLinkClaims {
  userId: string;
  kind: EmailKind;
  scope: string | null;
}

const normalAddress = (address: string) => address.trim().toLowerCase();

function mac(key: Buffer, payload: string, address: string): Buffer {
  return createHmac('sha256', key).update(`${version}.${payload}.${normalAddress(address)}`).digest();
}

/** A token for the email of `kind` (about `scope`) sent to `address`, the address of account `userId`. */
export function signEmailLinkToken(key: Buffer, claims: EmailLinkClaims & { address: string }, now: Date = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + emailLinkTtlSeconds;
  const payload = Buffer.from(JSON.stringify({ u: claims.userId, k: claims.kind, s: claims.scope, x: expires })).toString('base64url');
  return `${version}.${payload}.${mac(key, payload, claims.address).toString('base64url')}`;
}

export type EmailLinkCheck =
  | { ok: true; claims: EmailLinkClaims & { expiresAt: Date } }
  | { ok: false; reason: 'malformed' | 'forged' | 'expired' };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a token claims, unchecked (to find the account whose address the MAC covers); null when it is not one. */
export function readEmailLinkToken(token: string): (EmailLinkClaims & { expires: number }) | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== version || !parts[1] || !parts[2]) return null;
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null) return null;
  const { u, k, s, x } = body as Record<string, unknown>;
  if (typeof u !== 'string' || !uuidPattern.test(u)) return null;
  if (typeof k !== 'string' || !(emailKinds as readonly string[]).includes(k)) return null;
  if (s !== null && (typeof s !== 'string' || !emailScopePattern.test(s))) return null;
  if (typeof x !== 'number' || !Number.isInteger(x)) return null;
  return { userId: u.toLowerCase(), kind: k as EmailKind, scope: s, expires: x };
}

/**
 * Checks a token against the address of the account it names (`addressOf`: the account's current address, null
 * when there is no such account): a token made with another key, for another address, or altered in any part is
 * `forged`; one past its expiry `expired` (checked only once the MAC holds, so an expired forgery says forged).
 */
export async function verifyEmailLinkToken(
  key: Buffer,
  token: string,
  addressOf: (userId: string) => Promise<string | null> | string | null,
  now: Date = new Date(),
): Promise<EmailLinkCheck> {
  const claims = readEmailLinkToken(token);
  if (!claims) return { ok: false, reason: 'malformed' };
  const address = await addressOf(claims.userId);
  const [, payload, given] = token.split('.') as [string, string, string];
  const givenMac = Buffer.from(given, 'base64url');
  // With no account the MAC is still computed (over an empty address), so the answer takes as long either way.
  const expected = mac(key, payload, address ?? '');
  if (address === null || givenMac.length !== expected.length || !timingSafeEqual(givenMac, expected)) return { ok: false, reason: 'forged' };
  if (claims.expires * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, claims: { userId: claims.userId, kind: claims.kind, scope: claims.scope, expiresAt: new Date(claims.expires * 1000) } };
}

/** The links an email of a kind carries, from the site's public address and its token. */
export function emailLinkUrls(appUrl: string, token: string): { oneClick: string; confirm: string; preferences: string } {
  const base = appUrl.replace(/\/+$/, '');
  const query = `?token=${encodeURIComponent(token)}`;
  return {
    oneClick: `${base}${emailLinkPaths.oneClick}${query}`,
    confirm: `${base}${emailLinkPaths.confirm}${query}`,
    preferences: `${base}${emailLinkPaths.preferences}${query}`,
  };
}

/** RFC 2369 and RFC 8058: the one-click unsubscribe headers of an email. */
export function listUnsubscribeHeaders(appUrl: string, token: string): { 'List-Unsubscribe': string; 'List-Unsubscribe-Post': string } {
  return { 'List-Unsubscribe': `<${emailLinkUrls(appUrl, token).oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
