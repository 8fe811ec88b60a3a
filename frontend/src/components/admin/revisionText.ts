import { formatPrice, formatWeight, gymEntryLabels, pieceText, type City, type GymEntryKind, type ReviewedListingField, type WeightUnit } from '@reproute/contracts';
import { dumbbellRangeText } from '@/lib/gymFacts';

/** How each reviewed field is named to people. */
export const revisionFieldLabels: Record<ReviewedListingField, string> = {
  name: 'Name',
  address: 'Address',
  cityId: 'City',
  city: 'City',
  country: 'Country',
  bookingUrl: 'Booking URL',
  contactEmail: 'Email for leads',
  imageUrl: 'Main image',
  images: 'Photos',
  gymImages: 'Gym photos',
  rawEquipment: 'Gym equipment',
  gym: 'Gym facilities',
  photoCaptions: 'Photo captions',
};

interface GymFacts {
  hours?: string | null;
  open24Hours?: boolean | null;
  opensAt?: string | null;
  closesAt?: string | null;
  size?: string | null;
  sizeSqm?: number | null;
  heaviestDumbbellKg?: number | null;
  hasPool?: boolean;
  hasSauna?: boolean;
  hasPersonalTrainer?: boolean;
  hasFitnessClasses?: boolean;
  name?: string | null;
  address?: string | null;
  distanceMetres?: number | null;
  walkingMinutes?: number | null;
  entry?: GymEntryKind | null;
  guestFee?: { amount: number; currency: string; per: string } | null;
  equipmentPieces?: { item: string; kind: string | null; count: number }[];
  lightestDumbbellKg?: number | null;
  heaviestKettlebellKg?: number | null;
  plateKinds?: string[];
  platesTotalKg?: number | null;
}

/** A gym's facts in one line: "Open 24 hours · 450 m² · dumbbells to 40 kg · pool, sauna", weights in `unit` ("dumbbells to 88 lb"). */
export function gymFactsText(gym: GymFacts, unit: WeightUnit = 'kg'): string {
  const hours = gym.open24Hours ? 'Open 24 hours' : gym.opensAt && gym.closesAt ? `${gym.opensAt}–${gym.closesAt}` : gym.hours;
  const size = gym.sizeSqm ? `${gym.sizeSqm.toLocaleString('en-US')} m²` : gym.size;
  const services = [gym.hasPool && 'pool', gym.hasSauna && 'sauna', gym.hasPersonalTrainer && 'personal trainer', gym.hasFitnessClasses && 'fitness classes'].filter(Boolean);
  const range = dumbbellRangeText({ lightestDumbbellKg: gym.lightestDumbbellKg || null, heaviestDumbbellKg: gym.heaviestDumbbellKg || null }, unit);
  const dumbbells = range ? `dumbbells ${range}` : null;
  // The facts of migration 022, each only when stated, so an admin sees every part of a change they approve.
  const where = [gym.address, gym.distanceMetres != null ? `${gym.distanceMetres} m away` : null, gym.walkingMinutes != null ? `${gym.walkingMinutes} min walk` : null].filter(Boolean).join(', ');
  const fee = gym.guestFee ? (gym.guestFee.amount === 0 ? 'free for guests' : `fee ${formatPrice(gym.guestFee.amount, gym.guestFee.currency)} per ${gym.guestFee.per}`) : null;
  const plates = gym.plateKinds?.length || gym.platesTotalKg ? `plates: ${[gym.plateKinds?.join(' and '), gym.platesTotalKg ? formatWeight(gym.platesTotalKg, unit) : null].filter(Boolean).join(', ')}` : null;
  const parts = [
    gym.name,
    hours,
    size,
    dumbbells,
    services.join(', '),
    where,
    gym.entry ? gymEntryLabels[gym.entry].toLowerCase() : null,
    fee,
    gym.equipmentPieces?.length ? gym.equipmentPieces.map(pieceText).join(', ') : null,
    gym.heaviestKettlebellKg ? `kettlebells to ${formatWeight(gym.heaviestKettlebellKg, unit)}` : null,
    plates,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : '(none)';
}

/** A revision value as text: lists joined, a city id as "name, country", nothing as "(none)", a gym's weights in `unit`. */
export function revisionValueText(field: ReviewedListingField, value: unknown, cities: Pick<City, 'id' | 'name' | 'country'>[] = [], unit: WeightUnit = 'kg'): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '(none)';
  if (field === 'gym' && typeof value === 'object') return gymFactsText(value as GymFacts, unit);
  if (field === 'photoCaptions' && typeof value === 'object') {
    const captions = Object.entries(value as Record<string, string>);
    return captions.length ? captions.map(([url, caption]) => `${url.split('/').pop()}: “${caption}”`).join('; ') : '(none)';
  }
  if (field === 'cityId') {
    const city = cities.find((c) => c.id === Number(value));
    return city ? `${city.name}, ${city.country}` : `City ${String(value)}`;
  }
  return String(value);
}
