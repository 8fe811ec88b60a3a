import type { User } from '@/api/types';
import { createExternalStore } from './externalStore';
import { readToken } from '@/lib/tokenStorage';
import { clearPrivateData } from '@/lib/privateData';

export interface SessionState {
  user: User | null;
  /** True until the stored token has been checked on load. */
  loading: boolean;
}

// With no stored token there is nothing to check: a visitor's first render is the page itself (the
// same page a server render writes), not a spinner.
export const sessionStore = createExternalStore<SessionState>({ user: null, loading: readToken() !== null });

/** The stored token has been checked: the user it belongs to, or nobody. */
export function sessionLoaded(user: User | null): void {
  // A visitor starts loaded (no token, nothing to check): telling every reader again would re-render the page.
  sessionStore.set((current) => (!current.loading && current.user === user ? current : { user, loading: false }));
}

export function signedIn(user: User): void {
  sessionStore.set({ user, loading: false });
}

/** The session ended (sign-out, a token refused): nobody, and no private copy of what they saw (privateData.ts). */
export function signedOut(): void {
  clearPrivateData();
  sessionStore.set({ user: null, loading: false });
}
