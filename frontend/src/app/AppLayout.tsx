import { Suspense, useEffect, useMemo } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ScrollRestoration } from './ScrollRestoration';
import { Header } from '@/components/Header';
import { Footer } from '@/components/Footer';
import { ConsentBanner } from '@/components/ConsentBanner';
import { ConnectionBanner } from '@/components/ConnectionBanner';
import { OfflineBanner } from '@/components/OfflineBanner';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { PageSpinner } from '@/components/PageSpinner';
import ConnectionProblemPage, { type ConnectionProblemVariant } from '@/pages/errors/ConnectionProblemPage';
import { HealthError, useHealth } from '@/api/health';
import { useSession } from '@/hooks/useSession';
import { analytics } from '@/lib/analytics';
import { useServerHeadCleanup } from '@/lib/serverHead';
import { HydrateLater } from './hydrateLater';
import { VerifyEmailBanner } from '@/components/VerifyEmailNotice';

function connectionProblemVariant(error: unknown): ConnectionProblemVariant | null {
  if (!(error instanceof HealthError)) return null;
  if (error.status === 502 || error.status === 504) return 'server';
  if (error.status !== null) return null;
  return 'network';
}

/** Records a page view for every route change. */
function PageViewRecorder() {
  const location = useLocation();
  useServerHeadCleanup(location.pathname);
  useEffect(() => {
    // The reset and verification pages' queries carry a single-use token: they are never recorded.
    const secret = location.pathname.startsWith('/reset-password') || location.pathname.startsWith('/verify-email');
    const page = secret ? location.pathname : `${location.pathname}${location.search}`;
    // Let the page set its title first.
    const timer = window.setTimeout(() => analytics().pageView(page, document.title), 300);
    return () => window.clearTimeout(timer);
  }, [location.pathname, location.search]);
  return null;
}

export function AppLayout() {
  const { loading } = useSession();
  const location = useLocation();
  const health = useHealth();
  // The gateway itself cannot be reached and never answered on this page load: the full-page notice.
  const unreachable = !health.data ? connectionProblemVariant(health.error) : null;
  // One element for the page: the layout re-rendering (the health answer arriving after a written page
  // was taken over) does not render the page again; the page follows the route through its own context.
  const page = useMemo(() => <Outlet />, []);

  if (loading) {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <PageSpinner label="Loading your session" />
      </div>
    );
  }

  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only z-[70] rounded-lg bg-white px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Skip to content
      </a>
      <OfflineBanner />
      {/* The header and the footer are each taken over in a task of their own on a page the server wrote. */}
      <HydrateLater>
        <Header />
      </HydrateLater>
      <VerifyEmailBanner />
      {/* At least a screen tall: the footer starts below the fold, so late content never pushes it (no layout shift). */}
      <main id="main" className="flex min-h-screen flex-1 flex-col">
        {/* Boundaries of its own per page: a new page starts without the last one's error, and without its wait (a
            Suspense still waiting for a page's script when the visitor went back, given other children while it
            waited, never showed the page it was given). */}
        <ErrorBoundary key={location.pathname}>
          <Suspense fallback={<PageSpinner />}>
            {unreachable ? <ConnectionProblemPage variant={unreachable} onRecovered={() => void health.refetch()} /> : page}
          </Suspense>
        </ErrorBoundary>
      </main>
      <HydrateLater>
        <Footer />
      </HydrateLater>
      {/* Last in the markup (the server writes it for every visitor, and a visitor who has chosen renders nothing
          there): the keyboard still reaches it first (ConsentBanner moves the first Tab into it). */}
      <ConsentBanner />
      {unreachable ? null : <ConnectionBanner />}
      <PageViewRecorder />
      <ScrollRestoration />
    </div>
  );
}
