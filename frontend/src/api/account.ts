import { useMutation, useQuery } from '@tanstack/react-query';
import { apiQuery, callApi, type ApiBody } from './client';
import { acceptAuthAnswer } from './auth';

/**
 * The owner's own account: their reviews with where each stands, the password, every session, the data export
 * and the deletion. `assembleAccountExport` is plain TypeScript from contracts (no schema reaches the browser).
 */
export function useMyReviews() {
  return useQuery({ ...apiQuery('GET /api/reviews/mine'), staleTime: 0 });
}

/** A new password: this device goes on with the fresh token; every other session has ended. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ApiBody<'POST /api/auth/change-password'>) => callApi('POST /api/auth/change-password', { body }),
    onSuccess: (answer) => acceptAuthAnswer(answer),
  });
}

export function useSignOutEverywhere() {
  return useMutation({ mutationFn: () => callApi('POST /api/auth/sign-out-everywhere') });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: (body: ApiBody<'POST /api/auth/delete-account'>) => callApi('POST /api/auth/delete-account', { body }) });
}
