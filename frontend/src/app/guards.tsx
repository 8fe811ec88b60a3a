import type { ReactNode } from 'react';
import { lazyPage } from './lazyPage';
import { Navigate, useLocation } from 'react-router-dom';
import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useSession } from '@/hooks/useSession';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { Button } from '@/components/ui/Button';
import { ProviderAccessRequired } from '@/components/provider/ProviderAccessRequired';

const LoginPage = lazyPage(() => import('@/pages/account/LoginPage'));

/** Signed-out visitors on a protected route see the login screen, which brings them back here. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <LoginPage redirectTo={`${location.pathname}${location.search}`} />;
  return <>{children}</>;
}

/** Providers only; a signed-in non-provider is sent to provider setup (an admin alone does not pass). */
export function RequireProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <LoginPage redirectTo={`${location.pathname}${location.search}`} />;
  if (!user.isProvider) return <Navigate to="/provider/setup" replace />;
  return <>{children}</>;
}

/**
 * The other add-hotel variant (/add-hotel): a signed-in non-provider sees "Provider Access Required"
 * with a button to /provider/setup instead of being redirected (/provider/listings/new redirects).
 */
export function RequireProviderOrExplain({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <LoginPage redirectTo={`${location.pathname}${location.search}`} />;
  if (!user.isProvider) return <ProviderAccessRequired />;
  return <>{children}</>;
}

export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <LoginPage redirectTo={`${location.pathname}${location.search}`} />;
  if (!user.isAdmin) return <AccessDenied />;
  return <>{children}</>;
}

export function AccessDenied() {
  useDocumentTitle('Access Denied');
  return (
    <section className="flex flex-1 items-center justify-center px-4 py-20 text-center">
      <div>
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-red-100 text-red-600">
          <ShieldAlert aria-hidden className="h-7 w-7" />
        </span>
        <h1 className="mt-5 text-3xl font-bold text-slate-900">Access Denied</h1>
        <p className="mt-2 text-slate-600">You don't have permission to access this page.</p>
        <Button asChild variant="outline" className="mt-6">
          <Link to="/">Back to Home</Link>
        </Button>
      </div>
    </section>
  );
}
