import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/request';
import { fetchCurrentUser, logoutCall, refreshSession } from '@/api/auth';
import type { User } from '@/api/types';
import { clearToken, readToken, tokenClaimsVerifiedEmail } from './tokenStorage';
import { sessionLoaded, signedOut } from '@/store/session';
import { toast } from '@/store/toast';
import { clearPrivateData } from './privateData';

/**
 * Session bootstrap (spec section 4): with a stored token the current user is fetched; the token is
 * removed when the server refuses it. A server that cannot be reached keeps the token for next time.
 */
export async function bootstrapSession(loadUser: () => Promise<User> = fetchCurrentUser): Promise<void> {
  if (!readToken()) {
    sessionLoaded(null);
    return;
  }
  try {
    sessionLoaded(await currentWithFreshToken(await loadUser()));
  } catch (error) {
    if (error instanceof ApiError) {
      // The token is refused: what the browser kept of its user goes with it.
      clearToken();
      clearPrivateData();
    }
    sessionLoaded(null);
  }
}

/**
 * The account verified its address since this browser's token was issued (the link was opened
 * elsewhere): the token is swapped for one that claims it, so leads and reviews speak for the
 * traveller. Best effort: the old token keeps working meanwhile.
 */
export async function currentWithFreshToken(user: User, refresh: () => Promise<User> = refreshSession): Promise<User> {
  if (!user.emailVerified || tokenClaimsVerifiedEmail(readToken())) return user;
  return refresh().catch(() => user);
}

/** Ends the session: server logout (best effort), token, user and every private copy cleared (privateData.ts), toast shown. */
export async function logout(queryClient?: QueryClient): Promise<void> {
  if (readToken()) {
    await logoutCall().catch(() => undefined);
  }
  clearToken();
  // Every private copy goes with the session: the user's storage keys, sessionStorage, the whole query cache.
  signedOut();
  clearPrivateData(queryClient);
  toast({ title: 'Logged out', description: 'You have been logged out successfully.' });
}

/**
 * Ends the session in this browser when the server has ended it already (signed out on every device, the account
 * being deleted): token, user and every private copy cleared, as on sign-out, with the toast given.
 */
export function endedOnServer(queryClient: QueryClient | undefined, notice: { title: string; description: string }): void {
  clearToken();
  signedOut();
  clearPrivateData(queryClient);
  toast(notice);
}
