import { SIGNED_IN_COOKIE } from '@reproute/contracts';

/** The session token lives in localStorage under the name `token` (spec section 3). */
export const TOKEN_KEY = 'token';

/** Sets or clears the signed-in cookie (a year; cleared with the token). */
export function markSignedIn(signedIn: boolean): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = signedIn ? `${SIGNED_IN_COOKIE}=1; Path=/; Max-Age=31536000; SameSite=Lax${secure}` : `${SIGNED_IN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

export function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  markSignedIn(true);
  try {
    localStorage.setItem(TOKEN_KEY, token);
  } catch {
    // Storage can be unavailable (private mode); the session then lasts for this page only.
  }
}

export function clearToken(): void {
  markSignedIn(false);
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // nothing stored, nothing to clear
  }
}

/**
 * Whether a token claims a verified email address (`email_verified`), read from its payload without
 * checking it (the server does that): a token from before the account's verification does not.
 */
export function tokenClaimsVerifiedEmail(token: string | null): boolean {
  const payload = token?.split('.')[1];
  if (!payload) return false;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    return (JSON.parse(json) as { email_verified?: unknown }).email_verified === true;
  } catch {
    return false;
  }
}
