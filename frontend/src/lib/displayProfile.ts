import { callApi } from '@/api/client';
import { displayStore, keep } from './displayPrefs';

/**
 * A signed-in traveller's display choice: the profile's once it has been set (it wins over this browser's), else
 * the browser's choice is written to the profile. Out of reach, the browser's choice holds.
 */
export async function syncWithProfile(cancelled: () => boolean): Promise<void> {
  try {
    const profile = await callApi('GET /api/auth/me/display-preferences');
    if (cancelled()) return;
    if (profile.updatedAt !== null) keep({ units: profile.units, currency: profile.currency });
    else {
      const local = displayStore.get();
      if (local.chosen) await callApi('PUT /api/auth/me/display-preferences', { body: { units: local.units, currency: local.currency } });
    }
  } catch {
    // The profile is out of reach: the browser's choice holds.
  }
}
