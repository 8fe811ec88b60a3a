import { useEffect, useState } from 'react';
import { QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { BrowserRouter, StaticRouter, useRoutes } from 'react-router-dom';
import { routes } from './routes';
import { useSession } from '@/hooks/useSession';
import { createQueryClient } from '@/api/queryClient';
import { LazyToaster } from '@/components/LazyToaster';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { bootstrapSession } from '@/lib/session';
import { favoritesQueryOptions, followOtherTabs } from '@/lib/favorites';
import { analytics, startAnalyticsSync } from '@/lib/analytics';
import { applyConsent, readConsent } from '@/lib/consent';
import { useDisplaySync } from '@/lib/displayPrefs';

/** The route table in the router's declarative mode (the data router's loaders and actions are not used). */
function AppRoutes() {
  return useRoutes(routes);
}

/** Session bootstrap, favourites per user, consent re-applied, analytics sync. */
function SessionEffects() {
  const queryClient = useQueryClient();
  const { user, loading } = useSession();
  const userId = user?.id ?? null;
  // The signed-in user's favourites load (and refresh the browser copy) on every page, hearts or not.
  useQuery(favoritesQueryOptions(loading ? null : userId));
  // The weight unit and currency chosen in this browser, and the profile's once signed in.
  useDisplaySync(userId, loading);

  useEffect(() => {
    applyConsent(readConsent()?.preferences ?? null);
    void bootstrapSession();
    return startAnalyticsSync();
  }, []);

  useEffect(() => {
    if (loading) return;
    analytics().setUser(userId);
    if (!userId) return;
    return followOtherTabs(queryClient, userId);
  }, [queryClient, userId, loading]);

  return null;
}

/** The whole app; `location` renders it at that address on the server (entry-server.tsx), without the browser's history. */
export function App({ location }: { location?: string } = {}) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <SessionEffects />
        {location === undefined ? (
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        ) : (
          <StaticRouter location={location}>
            <AppRoutes />
          </StaticRouter>
        )}
        <LazyToaster />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
