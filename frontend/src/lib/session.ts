import type { QueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/api/request';
import { fetchCurrentUser } from '@/api/auth';
import { clearToken, readToken } from './tokenStorage';
import type { AppDispatch } from '@/store';
import { sessionLoaded, signedOut } from '@/store/sessionSlice';
import { favoritesCleared } from '@/store/favoritesSlice';
import { toast } from '@/store/toast';

/**
 * Session bootstrap (spec section 4): with a stored token the current user is fetched; the token is
 * removed when the server refuses it. A server that cannot be reached keeps the token for next time.
 */
export async function bootstrapSession(dispatch: AppDispatch, loadUser: () => Promise<unknown> = fetchCurrentUser): Promise<void> {
  if (!readToken()) {
    dispatch(sessionLoaded(null));
    return;
  }
  try {
    const user = await loadUser();
    dispatch(sessionLoaded(user as Parameters<typeof sessionLoaded>[0]));
  } catch (error) {
    if (error instanceof ApiError) clearToken();
    dispatch(sessionLoaded(null));
  }
}

/** Ends the session: server logout (best effort), token and user cleared, toast shown. */
export async function logout(dispatch: AppDispatch, queryClient?: QueryClient): Promise<void> {
  if (readToken()) {
    await apiRequest('POST', '/api/auth/logout').catch(() => undefined);
  }
  clearToken();
  dispatch(signedOut());
  dispatch(favoritesCleared());
  queryClient?.removeQueries({ queryKey: ['/api/favorites'] });
  toast({ title: 'Logged out', description: 'You have been logged out successfully.' });
}
