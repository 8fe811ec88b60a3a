import { useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './routes';
import { store, useAppDispatch, useAppSelector } from '@/store';
import { createQueryClient } from '@/api/queryClient';
import { Toaster } from '@/components/Toaster';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { bootstrapSession } from '@/lib/session';
import { followOtherTabs, loadFavorites } from '@/lib/favorites';
import { analytics, startAnalyticsSync } from '@/lib/analytics';
import { applyConsent, readConsent } from '@/lib/consent';

const router = createBrowserRouter(routes);

/** Session bootstrap, favourites per user, consent re-applied, analytics sync. */
function SessionEffects() {
  const dispatch = useAppDispatch();
  const userId = useAppSelector((s) => s.session.user?.id ?? null);
  const loading = useAppSelector((s) => s.session.loading);

  useEffect(() => {
    applyConsent(readConsent()?.preferences ?? null);
    void bootstrapSession(dispatch);
    return startAnalyticsSync();
  }, [dispatch]);

  useEffect(() => {
    if (loading) return;
    analytics().setUser(userId);
    void loadFavorites(dispatch, userId);
    if (!userId) return;
    return followOtherTabs(dispatch, userId);
  }, [dispatch, userId, loading]);

  return null;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary>
      <Provider store={store}>
        <QueryClientProvider client={queryClient}>
          <SessionEffects />
          <RouterProvider router={router} />
          <Toaster />
        </QueryClientProvider>
      </Provider>
    </ErrorBoundary>
  );
}
