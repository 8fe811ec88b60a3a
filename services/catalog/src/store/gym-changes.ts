import { enqueueEvent, type Queryable } from '@reproute/platform';
import type { StoredHotel } from '../domain/hotel.ts';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const sorted = (items: readonly string[]) => [...items].map((i) => i.trim().toLowerCase()).sort();

/**
 * What changed in a hotel's gym, as a traveller reads it: its equipment, opening hours, size, heaviest dumbbell,
 * facilities (pool, sauna, trainers, classes) or other gym details. Empty when nothing a traveller sees changed.
 */
export function gymChanges(before: StoredHotel, after: StoredHotel): string[] {
  const changes: string[] = [];
  const was = before.gym;
  const now = after.gym;
  if (!same(sorted(before.rawEquipment), sorted(after.rawEquipment))) changes.push('equipment');
  const hours = (gym: StoredHotel['gym']) => [gym?.hours, gym?.open24Hours, gym?.opensAt, gym?.closesAt, (gym as { weeklyHours?: unknown } | null)?.weeklyHours];
  if (!same(hours(was), hours(now))) changes.push('opening hours');
  if (!same([was?.size, was?.sizeSqm], [now?.size, now?.sizeSqm])) changes.push('gym size');
  if (!same(was?.heaviestDumbbellKg, now?.heaviestDumbbellKg)) changes.push('heaviest dumbbell');
  const facilities = (gym: StoredHotel['gym']) => [gym?.hasPool, gym?.hasSauna, gym?.hasPersonalTrainer, gym?.hasFitnessClasses];
  if (!same(facilities(was), facilities(now))) changes.push('facilities');
  if (changes.length === 0 && !same(was, now)) changes.push('gym details');
  return changes;
}

/**
 * A live hotel's gym changed (an admin's edit, an approved revision): `hotel.gym-updated` in the write's transaction,
 * for engagement to tell the travellers who keep it in their favourites. A listing not live is nobody's news.
 */
export async function announceGymChanges(tx: Queryable, before: StoredHotel, after: StoredHotel): Promise<void> {
  if (before.status !== 'approved' || after.status !== 'approved') return;
  const changes = gymChanges(before, after);
  if (changes.length === 0) return;
  await enqueueEvent(tx, 'hotel.gym-updated', { hotelId: after.id, name: after.name, slug: after.slug, city: after.city, country: after.country, changes }, { key: after.id });
}
