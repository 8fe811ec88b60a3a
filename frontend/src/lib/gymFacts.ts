import {
  dayHoursText,
  equipmentPieceGroupTitles,
  formatPrice,
  gymEntryLabels,
  pieceText,
  plateKindLabels,
  weekDayNames,
  weekDays,
  formatWeight,
  weightNumberText,
  type EquipmentPieceItem,
  type WeekDay,
  type WeightUnit,
} from '@reproute/contracts';
import type { Hotel } from '@/api/types';

type Gym = NonNullable<Hotel['gym']>;


/** "350 m", "1.8 km". */
export function distanceText(metres: number): string {
  return metres < 1000 ? `${metres} m` : `${(metres / 1000).toFixed(1).replace(/\.0$/, '')} km`;
}

/** "350 m from the hotel · 5 min walk", or what of it is known; null when neither is. */
export function distanceLine(gym: Pick<Gym, 'distanceMetres' | 'walkingMinutes'>): string | null {
  const parts = [
    typeof gym.distanceMetres === 'number' ? `${distanceText(gym.distanceMetres)} from the hotel` : null,
    typeof gym.walkingMinutes === 'number' ? `${gym.walkingMinutes} min walk` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

/** Where the gym is, in words: in the hotel, or the partner or nearby gym it is. */
export function accessHeading(type: Hotel['gymAccessType']): string {
  if (type === 'partnered') return 'At a partner gym';
  if (type === 'nearby') return 'At a gym nearby';
  return 'In the hotel';
}

/** How a guest gets in; null when the listing does not say. */
export function entryText(gym: Pick<Gym, 'entry'>): string | null {
  return gym.entry ? gymEntryLabels[gym.entry] : null;
}

/** "Free for hotel guests", "£12 per day"; null when the fee is not stated. */
export function guestFeeText(gym: Pick<Gym, 'guestFee'>): string | null {
  const fee = gym.guestFee;
  if (!fee) return null;
  if (fee.amount === 0) return 'Free for hotel guests';
  return `${formatPrice(fee.amount, fee.currency)} per ${fee.per}`;
}

/** The seven days, Monday first, each with its hours or "Not stated". */
export function weekRows(gym: Pick<Gym, 'weeklyHours'>): { day: WeekDay; name: string; hours: string; known: boolean }[] {
  const week = gym.weeklyHours ?? {};
  return weekDays.map((day) => {
    const hours = week[day];
    return { day, name: weekDayNames[day], hours: hours ? dayHoursText(hours) : 'Not stated', known: Boolean(hours) };
  });
}

/** "2–50 kg", "to 40 kg", "from 2 kg" (or in pounds: "4–110 lb"); null when neither end is known. */
export function dumbbellRangeText(gym: Pick<Gym, 'lightestDumbbellKg' | 'heaviestDumbbellKg'>, unit: WeightUnit = 'kg'): string | null {
  const from = gym.lightestDumbbellKg ?? null;
  const to = gym.heaviestDumbbellKg ?? null;
  if (from !== null && to !== null) return `${weightNumberText(from, unit)}–${formatWeight(to, unit)}`;
  if (to !== null) return `to ${formatWeight(to, unit)}`;
  if (from !== null) return `from ${formatWeight(from, unit)}`;
  return null;
}

/** "Bumper and calibrated, 2,400 kg in all"; null when nothing is known of the plates. */
export function platesText(gym: Pick<Gym, 'plateKinds' | 'platesTotalKg'>, unit: WeightUnit = 'kg'): string | null {
  const kinds = (gym.plateKinds ?? []).map((k) => plateKindLabels[k]);
  const kindsText = kinds.length ? kinds.join(' and ') : null;
  const total = typeof gym.platesTotalKg === 'number' ? `${formatWeight(gym.platesTotalKg, unit)} in all` : null;
  const text = [kindsText, total].filter(Boolean).join(', ');
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : null;
}

/** The gym's counted equipment grouped by item, as lines: "Racks: 2 power racks, 1 Smith machine". */
export function pieceLines(gym: Pick<Gym, 'equipmentPieces'>): { item: EquipmentPieceItem; text: string }[] {
  const lines = new Map<EquipmentPieceItem, string[]>();
  for (const piece of gym.equipmentPieces ?? []) {
    const list = lines.get(piece.item) ?? [];
    list.push(pieceText(piece));
    lines.set(piece.item, list);
  }
  return [...lines.entries()].map(([item, parts]) => ({ item, text: `${equipmentPieceGroupTitles[item]}: ${parts.join(', ')}` }));
}

/** The specs a lifter reads first, as label and value, in the traveller's unit; each left out when not known. */
export function specRows(gym: Gym, unit: WeightUnit = 'kg'): { label: string; value: string }[] {
  const rows: { label: string; value: string }[] = [];
  const dumbbells = dumbbellRangeText(gym, unit);
  if (dumbbells) rows.push({ label: 'Dumbbells', value: dumbbells });
  if (typeof gym.heaviestKettlebellKg === 'number') rows.push({ label: 'Kettlebells', value: `to ${formatWeight(gym.heaviestKettlebellKg, unit)}` });
  const plates = platesText(gym, unit);
  if (plates) rows.push({ label: 'Plates', value: plates });
  return rows;
}

/**
 * An equipment chip's text on the hotel page: "Dumbbells ≥40kg" says the range when the gym states it
 * ("Dumbbells to 60 kg"), so the chip and the specs read the same figure.
 */
export function equipmentChipText(
  label: string,
  gym: Pick<Gym, 'lightestDumbbellKg' | 'heaviestDumbbellKg'> | null,
  fallback: (label: string, unit: WeightUnit) => string,
  unit: WeightUnit = 'kg',
): string {
  if (label === 'dumbbells ≥40kg' && gym) {
    const range = dumbbellRangeText(gym, unit);
    if (range && typeof gym.heaviestDumbbellKg === 'number') return `Dumbbells ${range}`;
  }
  return fallback(label, unit);
}

/** The gym's point when it is somewhere else than the hotel and placed; else null. */
export function gymPoint(hotel: Pick<Hotel, 'gymAccessType' | 'gym'>): { lat: number; lng: number } | null {
  const gym = hotel.gym;
  if (!gym || hotel.gymAccessType === 'on-site') return null;
  return typeof gym.latitude === 'number' && typeof gym.longitude === 'number' ? { lat: gym.latitude, lng: gym.longitude } : null;
}
