import type { QueryClient } from '@tanstack/react-query';
import { analytics, ANALYTICS_KEY } from './analytics';
import { TOKEN_KEY } from './tokenStorage';

/**
 * What this browser keeps of a signed-in person, all of it dropped when the session ends (sign-out, a
 * refused or expired token), so the next person at the same browser finds none of it: the localStorage
 * keys tied to a user (the token, every `rr_favorites:<userId>` copy, the recorded analytics), the whole
 * sessionStorage, and the query cache with every answer read while signed in (favourites, provider and
 * admin lists, the account) and the writes under way. The cookie choice stays: it is the browser's, not a person's.
 */
export const privateStorageKeys: readonly string[] = [TOKEN_KEY, ANALYTICS_KEY];
export const privateStoragePrefixes: readonly string[] = ['rr_favorites:'];

const isPrivateKey = (key: string) => privateStorageKeys.includes(key) || privateStoragePrefixes.some((prefix) => key.startsWith(prefix));

/** The app's query cache (createQueryClient registers it in the browser), cleared with the rest. */
let appQueryClient: QueryClient | null = null;

export function clearOnSignOut(queryClient: QueryClient): QueryClient {
  appQueryClient = queryClient;
  return queryClient;
}

function emptyQueryCache(queryClient: QueryClient): void {
  void queryClient.cancelQueries();
  queryClient.removeQueries();
  queryClient.getMutationCache().clear();
}

/** What else keeps a copy in memory to write back later (a page's scroll positions): told to forget it. */
const forgetters = new Set<() => void>();
export function onPrivateDataCleared(forget: () => void): () => void {
  forgetters.add(forget);
  return () => forgetters.delete(forget);
}

/** Drops every private copy: the user's localStorage keys, sessionStorage, the app's query cache (and `queryClient`, when another). */
export function clearPrivateData(queryClient?: QueryClient | null): void {
  if (typeof window === 'undefined') return;
  try {
    // Records the visitor agreed to send go out first; none stays behind.
    analytics().flushWithBeacon();
  } catch {
    // no beacon, no loss of the page
  }
  try {
    const keys: string[] = [];
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index);
      if (key !== null && isPrivateKey(key)) keys.push(key);
    }
    for (const key of keys) localStorage.removeItem(key);
  } catch {
    // storage unavailable: nothing kept there
  }
  try {
    sessionStorage.clear();
  } catch {
    // storage unavailable: nothing kept there
  }
  for (const client of new Set([appQueryClient, queryClient])) if (client) emptyQueryCache(client);
  for (const forget of forgetters) forget();
}
