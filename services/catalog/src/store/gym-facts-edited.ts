import type { Queryable } from '@reproute/platform';
import type { HotelRecord, StoredHotel } from '../domain/hotel.ts';
import { gymChanges } from './gym-changes.ts';

/**
 * A live listing's gym changed by an edit (an admin's, an approved revision, the provider's on a listing not yet live):
 * its facts count as confirmed now, by the hotel if it has a provider, else by an admin. Called by rewriteHotel before
 * the gym score is worked out again.
 */
export async function markGymFactsEdited(tx: Queryable, before: StoredHotel, after: Pick<HotelRecord, 'gym' | 'rawEquipment' | 'providerId'>): Promise<void> {
  if (gymChanges(before, { ...before, gym: after.gym, rawEquipment: after.rawEquipment }).length === 0) return;
  await tx.query(
    `UPDATE hotels SET gym_facts_confirmed_at = now(), gym_facts_confirmed_by = CASE WHEN provider_id IS NULL THEN 'admin' ELSE 'hotel' END, gym_facts_reminded_at = NULL WHERE id = $1`,
    [before.id],
  );
}
