import { useMutation, useQuery } from '@tanstack/react-query';
import { accountExportFileName, assembleAccountExport, type AccountExport } from '@reproute/contracts';
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

/** Every service's part of the account, asked at once, put together as one file (contracts' `assembleAccountExport`). */
export async function fetchMyData(): Promise<AccountExport> {
  const [identity, catalog, engagement, referral, analytics] = await Promise.all([
    callApi('GET /api/auth/me/export'),
    callApi('GET /api/catalog/me/export'),
    callApi('GET /api/engagement/me/export'),
    callApi('GET /api/referral/me/export'),
    callApi('GET /api/analytics/me/export'),
  ]);
  return assembleAccountExport({ identity, catalog, engagement, referral, analytics });
}

/** Saves the file in the browser's downloads (`reproute-data-YYYY-MM-DD.json`). */
export function saveAsFile(data: AccountExport, now: Date = new Date()): string {
  const name = accountExportFileName(now);
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once it starts.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
