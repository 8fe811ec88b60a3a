import type { City, ReviewedListingField } from '@reproute/contracts';

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
}

/** A gym's facts in one line: "Open 24 hours · 450 m² · dumbbells to 40 kg · pool, sauna". */
export function gymFactsText(gym: GymFacts): string {
  const hours = gym.open24Hours ? 'Open 24 hours' : gym.opensAt && gym.closesAt ? `${gym.opensAt}–${gym.closesAt}` : gym.hours;
  const size = gym.sizeSqm ? `${gym.sizeSqm.toLocaleString('en-US')} m²` : gym.size;
  const services = [gym.hasPool && 'pool', gym.hasSauna && 'sauna', gym.hasPersonalTrainer && 'personal trainer', gym.hasFitnessClasses && 'fitness classes'].filter(Boolean);
  const parts = [hours, size, gym.heaviestDumbbellKg ? `dumbbells to ${gym.heaviestDumbbellKg} kg` : null, services.join(', ')].filter(Boolean);
  return parts.length ? parts.join(' · ') : '(none)';
}

/** A revision value as text: lists joined, a city id as "name, country", nothing as "(none)". */
export function revisionValueText(field: ReviewedListingField, value: unknown, cities: Pick<City, 'id' | 'name' | 'country'>[] = []): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '(none)';
  if (field === 'gym' && typeof value === 'object') return gymFactsText(value as GymFacts);
  if (field === 'cityId') {
    const city = cities.find((c) => c.id === Number(value));
    return city ? `${city.name}, ${city.country}` : `City ${String(value)}`;
  }
  return String(value);
}
