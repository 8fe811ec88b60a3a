import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/request';
import { fetchCurrentUser, logoutCall } from '@/api/auth';
import type { User } from '@/api/types';
import { clearToken, readToken } from './tokenStorage';
import { sessionLoaded, signedOut } from '@/store/session';
import { toast } from '@/store/toast';
import { FAVORITES_KEY } from './favorites';

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
    sessionLoaded(await loadUser());
  } catch (error) {
    if (error instanceof ApiError) clearToken();
    sessionLoaded(null);
  }
}

/** Ends the session: server logout (best effort), token, user and favourites cleared, toast shown. */
export async function logout(queryClient?: QueryClient): Promise<void> {
  if (readToken()) {
    await logoutCall().catch(() => undefined);
  }
  clearToken();
  signedOut();
  queryClient?.removeQueries({ queryKey: [FAVORITES_KEY] });
  toast({ title: 'Logged out', description: 'You have been logged out successfully.' });
}
