import { useStore } from '@/store/externalStore';
import { sessionStore } from '@/store/session';

/** The signed-in person as the session knows them. */
export type SessionUser = NonNullable<ReturnType<typeof useSession>['user']>;

export function useSession() {
  const user = useStore(sessionStore, (s) => s.user);
  const loading = useStore(sessionStore, (s) => s.loading);
  return { user, loading, signedIn: user !== null };
}

/** Greeting rule (2.2): the company name for providers, else "Welcome" plus first name or email. */
export function greetingFor(user: { isProvider: boolean; companyName: string | null; firstName: string | null; email: string }): string {
  if (user.isProvider && user.companyName) return user.companyName;
  return `Welcome ${user.firstName || user.email}`;
}
