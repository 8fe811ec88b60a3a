import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

/**
 * The token of an email's link (`?token=`), taken out of the address bar at once (history, analytics and
 * screenshots never keep it) and kept in this tab's history entry, so a reload still has it. '' without one.
 */
export function useEmailLinkToken(path: string): string {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => params.get('token')?.trim() || ((location.state as { token?: unknown } | null)?.token as string | undefined) || '');
  useEffect(() => {
    if (params.has('token')) navigate(path, { replace: true, state: token ? { token } : null });
    // Once, on arrival.
  }, []);
  return token;
}
