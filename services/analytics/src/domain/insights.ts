import type { ProviderInsights } from '@reproute/contracts';
import { normaliseSearchQuery } from './paths.ts';
import type { CitySearchCount } from '../store/insights.ts';
import type { ProviderHotelPlace } from '../store/hotels.ts';

/** Labels shown per city: the most asked-for ones. */
export const insightLabelsPerCity = 10;

/** A city's key, as searches are stored: folded like a search query. */
export function cityKey(city: string): string | null {
  return normaliseSearchQuery(city);
}

/** A Postgres regular expression matching a normalised query that names the city as whole words ("london", "gyms in london, uk"). */
export function cityPattern(key: string): string {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return `(^|[^[:alnum:]])${escaped}($|[^[:alnum:]])`;
}

/** The provider's hotels grouped by city key (hotels without a city are left out), in first-seen order. */
export function citiesOf(places: ProviderHotelPlace[]): Map<string, { city: string; country: string | null; hotels: ProviderHotelPlace[] }> {
  const byKey = new Map<string, { city: string; country: string | null; hotels: ProviderHotelPlace[] }>();
  for (const place of places) {
    const key = place.city ? cityKey(place.city) : null;
    if (!key || !place.city) continue;
    const entry = byKey.get(key) ?? { city: place.city, country: place.country, hotels: [] };
    entry.hotels.push(place);
    byKey.set(key, entry);
  }
  return byKey;
}

/** Demand per city: labels by share of the city's searches (ties alphabetically), each with the provider's hotels there and whether they list it. */
export function buildInsights(
  cities: ReturnType<typeof citiesOf>,
  counts: CitySearchCount[],
): ProviderInsights['cities'] {
  const totals = new Map<string, number>();
  const labels = new Map<string, { label: string; count: number }[]>();
  for (const row of counts) {
    if (row.label === null) totals.set(row.city, row.count);
    else labels.set(row.city, [...(labels.get(row.city) ?? []), { label: row.label, count: row.count }]);
  }
  return [...cities.entries()].map(([key, { city, country, hotels }]) => {
    const searches = totals.get(key) ?? 0;
    const asked = (labels.get(key) ?? [])
      .filter((entry) => entry.count > 0)
      .sort((a, b) => b.count - a.count || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0))
      .slice(0, insightLabelsPerCity);
    return {
      city,
      country,
      searches,
      labels: asked.map(({ label, count }) => ({
        label,
        searches: count,
        share: searches > 0 ? count / searches : 0,
        hotels: hotels.map((hotel) => ({ hotelId: hotel.hotelId, name: hotel.name, lists: hotel.equipmentLabels ? hotel.equipmentLabels.includes(label) : null })),
      })),
    };
  });
}
