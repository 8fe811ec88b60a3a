import type { DisplayPreferences } from '@reproute/contracts';
import { callApi } from '@/api/client';
import { displayStore, keep } from './displayPrefs';

/** A choice from the picker: kept in the browser at once and, signed in, sent to the profile. */
export async function chooseDisplay(change: Partial<DisplayPreferences>, signedIn: boolean): Promise<void> {
  const current = displayStore.get();
  keep({ units: change.units ?? current.units, currency: change.currency !== undefined ? change.currency : current.currency });
  if (signedIn) await callApi('PUT /api/auth/me/display-preferences', { body: change });
}
