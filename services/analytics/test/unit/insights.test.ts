import { describe, expect, it } from 'vitest';
import { buildInsights, cityPattern, citiesOf, insightLabelsPerCity } from '../../src/domain/insights.ts';

const place = (hotelId: number, city: string | null, equipmentLabels: string[] | null) => ({ hotelId, name: `Hotel ${hotelId}`, city, country: 'UK', equipmentLabels });

describe('demand data', () => {
  it('groups hotels by city as searches fold it, leaving out hotels without a city', () => {
    const cities = citiesOf([place(1, 'São Paulo', []), place(2, 'sao  paulo', ['pool']), place(3, null, [])]);
    expect([...cities.keys()]).toEqual(['sao paulo']);
    expect(cities.get('sao paulo')!.hotels.map((h) => h.hotelId)).toEqual([1, 2]);
  });

  it('matches the city as whole words, with regular-expression characters taken literally', () => {
    expect(cityPattern('st. ives')).toBe('(^|[^[:alnum:]])st\\. ives($|[^[:alnum:]])');
  });

  it('ranks labels by share, ties alphabetically, at most ten, and says which hotels list each', () => {
    const cities = citiesOf([place(1, 'London', ['squat rack']), place(2, 'London', null)]);
    const labels = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'].map((label) => ({ city: 'london', label, count: 1 }));
    const [london] = buildInsights(cities, [{ city: 'london', label: null, count: 20 }, { city: 'london', label: 'squat rack', count: 5 }, ...labels]);
    expect(london!.searches).toBe(20);
    expect(london!.labels).toHaveLength(insightLabelsPerCity);
    expect(london!.labels[0]).toEqual({
      label: 'squat rack',
      searches: 5,
      share: 0.25,
      hotels: [
        { hotelId: 1, name: 'Hotel 1', lists: true },
        { hotelId: 2, name: 'Hotel 2', lists: null },
      ],
    });
    expect(london!.labels.slice(1).map((l) => l.label)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']);
  });

  it('gives a city nobody searched for zero searches and no labels', () => {
    expect(buildInsights(citiesOf([place(1, 'Leeds', [])]), [])).toEqual([{ city: 'Leeds', country: 'UK', searches: 0, labels: [] }]);
  });
});
