import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiQuery, apiQueryKey, callApi, type ApiAnswer, type ApiBody } from './client';

/**
 * Email preferences (identity's; docs/decisions.md, "Email preferences and unsubscribing"): read and changed signed
 * in, or through an email's link (its token stands for the address it was sent to, no sign-in). Every change
 * applies at once.
 */
export type EmailPreferences = ApiAnswer<'GET /api/email-preferences'>;

export const myEmailPreferencesKey = apiQueryKey('GET /api/email-preferences');

export function useMyEmailPreferences(enabled: boolean) {
  return useQuery({ ...apiQuery('GET /api/email-preferences'), enabled, staleTime: 0 });
}

export function useEmailPreferencesByLink(token: string) {
  return useQuery({ ...apiQuery('GET /api/email-preferences/by-link', { query: { token } }), enabled: token !== '', staleTime: 0, retry: false });
}

type Change = Omit<ApiBody<'PUT /api/email-preferences'>, 'scope'> & { scope?: string | null };

/** One change, signed in (no token) or through a link (token); the cached preferences take the answer. */
export function useChangeEmailPreference(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Change) =>
      token ? callApi('PUT /api/email-preferences/by-link', { body: { ...change, token } }) : callApi('PUT /api/email-preferences', { body: change }),
    onSuccess: (answer) => {
      if (token) queryClient.setQueryData(apiQueryKey('GET /api/email-preferences/by-link', { query: { token } }), answer);
      else queryClient.setQueryData(myEmailPreferencesKey, answer);
    },
  });
}

/** The confirmation page's one button: the same one-click unsubscribe a mail client sends (RFC 8058). */
export function useOneClickUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('POST /api/email-preferences/unsubscribe', { query: { token }, body: { 'List-Unsubscribe': 'One-Click' } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiQueryKey('GET /api/email-preferences/by-link', { query: { token } }) }),
  });
}
