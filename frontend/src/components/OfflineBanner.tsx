import { useSyncExternalStore } from 'react';

function subscribe(callback: () => void) {
  window.addEventListener('online', callback);
  window.addEventListener('offline', callback);
  return () => {
    window.removeEventListener('online', callback);
    window.removeEventListener('offline', callback);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
}

/** Shown while the browser reports being offline. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div role="status" className="sticky top-0 z-50 flex flex-wrap items-center justify-center gap-3 bg-slate-900 px-4 py-2 text-sm text-white">
      <span>Connection Issue - We can't reach RepRoute right now. Check your internet connection, then refresh.</span>
      <button type="button" onClick={() => window.location.reload()} className="rounded-md bg-white/15 px-3 py-1 font-semibold hover:bg-white/25">
        Refresh
      </button>
    </div>
  );
}
