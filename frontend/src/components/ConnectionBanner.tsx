import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw, WifiOff, X } from 'lucide-react';
import { checkHealth, HealthError, useHealth } from '@/api/health';
import { SERVICE_UNAVAILABLE_EVENT, type ServiceUnavailableDetail } from '@/api/request';

/**
 * The Connection Issue corner banner: shown when the health check fails, when an API call answers
 * 503 (the system shedding load, or a service down), or when any uncaught window error or unhandled
 * rejection occurs. Retry re-checks health ("Checking..." meanwhile) and then reloads what failed.
 */
export function ConnectionBanner() {
  const health = useHealth();
  const queryClient = useQueryClient();
  const [appError, setAppError] = useState(false);
  const [unavailable, setUnavailable] = useState<ServiceUnavailableDetail | null>(null);
  const [retryMessage, setRetryMessage] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);

  useEffect(() => {
    const onError = () => setAppError(true);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onError);
    window.addEventListener('rr:app-error', onError);
    const onUnavailable = (event: Event) => setUnavailable((event as CustomEvent<ServiceUnavailableDetail>).detail);
    window.addEventListener(SERVICE_UNAVAILABLE_EVENT, onUnavailable);
    return () => {
      window.removeEventListener(SERVICE_UNAVAILABLE_EVENT, onUnavailable);
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onError);
      window.removeEventListener('rr:app-error', onError);
    };
  }, []);

  const healthFailed = health.isError && (dismissedAt === null || health.errorUpdatedAt > dismissedAt);
  if (!healthFailed && !appError && !unavailable) return null;

  const message =
    retryMessage ??
    (healthFailed ? (health.error?.message ?? 'Connection failed') : unavailable ? `Server responded with ${unavailable.status}` : 'Application error detected');

  const retry = async () => {
    setChecking(true);
    try {
      await checkHealth();
      setRetryMessage(null);
      setAppError(false);
      setUnavailable(null);
      setDismissedAt(null);
      await queryClient.invalidateQueries({ queryKey: ['/api/health'] });
      // What failed while the system was unavailable is asked for again.
      await queryClient.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' });
    } catch (error) {
      const status = error instanceof HealthError ? error.status : null;
      setRetryMessage(status !== null && status !== 200 ? `Server responded with status: ${status}` : 'Service still unavailable');
    } finally {
      setChecking(false);
    }
  };

  return (
    <div
      role="alert"
      data-testid="connection-banner"
      className="fixed right-4 bottom-24 z-[60] w-[calc(100vw-2rem)] max-w-sm rounded-2xl border border-amber-300 bg-amber-50 p-4 shadow-xl sm:bottom-4"
    >
      <div className="flex items-start gap-3">
        <WifiOff aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" />
        <div className="flex-1">
          <p className="text-sm font-bold text-amber-950">Connection Issue</p>
          <p className="mt-0.5 text-sm text-amber-900">{message}</p>
          <button
            type="button"
            onClick={() => void retry()}
            disabled={checking}
            className="mt-3 inline-flex h-9 items-center gap-2 rounded-lg bg-amber-800 px-3 text-sm font-semibold text-white hover:bg-amber-900 disabled:opacity-70"
          >
            <RefreshCw aria-hidden className={checking ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} />
            {checking ? 'Checking...' : 'Retry'}
          </button>
        </div>
        <button
          type="button"
          aria-label="Dismiss connection notice"
          onClick={() => {
            setAppError(false);
            setUnavailable(null);
            setRetryMessage(null);
            setDismissedAt(Date.now());
          }}
          className="rounded-md p-1 text-amber-800 hover:bg-amber-100"
        >
          <X aria-hidden className="h-4 w-4" />
        </button>
      </div>
    </div>
  );
}
