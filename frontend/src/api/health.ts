import { useQuery } from '@tanstack/react-query';
import type { HealthBody } from '@reproute/contracts';

export const HEALTH_POLL_MS = 30_000;

/** Errors of the health check carry the spec's texts (section 8). */
export class HealthError extends Error {
  readonly status: number | null;

  constructor(
    message: string,
    status: number | null,
  ) {
    super(message);
    this.status = status;
    this.name = 'HealthError';
  }
}

/** GET /api/health without cache; anything but status "healthy" is a failure. */
export async function checkHealth(signal?: AbortSignal): Promise<HealthBody> {
  let response: Response;
  try {
    response = await fetch('/api/health', { cache: 'no-store', credentials: 'include', signal });
  } catch {
    throw new HealthError('Connection failed', null);
  }
  const body = (await response.json().catch(() => null)) as Partial<HealthBody> | null;
  if (!response.ok) throw new HealthError(`Server responded with ${response.status}`, response.status);
  if (body?.status !== 'healthy') throw new HealthError('Service temporarily unavailable', response.status);
  return body as HealthBody;
}

/** Polled every 30 s, 2 retries, 10 s staleness; also checked on load. */
export function useHealth() {
  return useQuery({
    queryKey: ['/api/health'],
    queryFn: ({ signal }) => checkHealth(signal),
    refetchInterval: HEALTH_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: 10_000,
    retry: 2,
    gcTime: Infinity,
  });
}
