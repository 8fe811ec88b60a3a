import { useAppSelector } from '@/store';

/** The signed-in person as the session knows them. */
export type SessionUser = NonNullable<ReturnType<typeof useSession>['user']>;

export function useSession() {
  const user = useAppSelector((s) => s.session.user);
  const loading = useAppSelector((s) => s.session.loading);
  return { user, loading, signedIn: user !== null };
}

/** Greeting rule (2.2): the company name for providers, else "Welcome" plus first name or email. */
export function greetingFor(user: { isProvider: boolean; companyName: string | null; firstName: string | null; email: string }): string {
  if (user.isProvider && user.companyName) return user.companyName;
  return `Welcome ${user.firstName || user.email}`;
}
