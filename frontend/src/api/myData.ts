// "Download my data": loaded when the button is pressed (the export's schemas, every service's part, stay out of the
// profile's first load).
import { accountExportFileName, assembleAccountExport, type AccountExport } from '@reproute/contracts';
import { callApi } from './client';

/** Every service's part of the account, asked at once, put together as one file (contracts' `assembleAccountExport`). */
export async function fetchMyData(): Promise<AccountExport> {
  const [identity, catalog, engagement, referral, analytics, webhooks] = await Promise.all([
    callApi('GET /api/auth/me/export'),
    callApi('GET /api/catalog/me/export'),
    callApi('GET /api/engagement/me/export'),
    callApi('GET /api/referral/me/export'),
    callApi('GET /api/analytics/me/export'),
    callApi('GET /api/webhooks/me/export'),
  ]);
  return assembleAccountExport({ identity, catalog, engagement, referral, analytics, webhooks });
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
