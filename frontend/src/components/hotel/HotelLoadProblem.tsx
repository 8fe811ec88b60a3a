import { useNavigate } from 'react-router-dom';
import { ArrowLeft, RefreshCw } from 'lucide-react';
import { ApiError } from '@/api/request';
import { Button } from '@/components/ui/Button';

/** Whether a hotel read's failure means there is no such hotel (404, or an id or slug that cannot be one). */
export function isHotelMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/**
 * The hotel page when its hotel cannot be shown: "Hotel Not Found" only when the catalog says there is no such
 * hotel; a read that failed otherwise (the service unavailable, the connection lost) says so and offers a retry.
 */
export function HotelLoadProblem({ error, retry, retrying }: { error: unknown; retry: () => void; retrying: boolean }) {
  const navigate = useNavigate();
  const missing = isHotelMissing(error);
  return (
    <section className="flex flex-1 items-center justify-center px-4 py-24 text-center" data-testid={missing ? 'hotel-not-found' : 'hotel-unavailable'}>
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{missing ? 'Hotel Not Found' : 'This hotel cannot be shown right now'}</h1>
        <p className="mt-3 max-w-md text-slate-600">
          {missing
            ? "The hotel you're looking for doesn't exist or couldn't be loaded."
            : "RepRoute's hotel service isn't answering right now. This is usually brief: try again in a moment."}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {missing ? null : (
            <Button onClick={retry} disabled={retrying}>
              <RefreshCw aria-hidden className={retrying ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} />
              {retrying ? 'Trying again…' : 'Try Again'}
            </Button>
          )}
          <Button variant="outline" onClick={() => navigate(-1)}>
            <ArrowLeft aria-hidden className="h-4 w-4" />
            Go Back
          </Button>
        </div>
      </div>
    </section>
  );
}
