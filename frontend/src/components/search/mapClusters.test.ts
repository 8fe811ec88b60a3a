import { describe, expect, it } from 'vitest';
import { clusterLabel, clusterPoints } from './mapClusters';

describe('map clusters', () => {
  it('groups points that fall in one grid square and keeps the others apart', () => {
    const groups = clusterPoints(
      [
        { item: 'a', x: 10, y: 10 },
        { item: 'b', x: 30, y: 40 },
        { item: 'c', x: 200, y: 10 },
        { item: 'd', x: 50, y: 50 },
      ],
      56,
    );
    expect(groups.map((g) => g.items)).toEqual([['a', 'b', 'd'], ['c']]);
    expect(groups[0]).toMatchObject({ x: 30, y: 100 / 3 });
  });

  it('a thousand hotels of one city are a handful of markers, not a thousand', () => {
    const points = Array.from({ length: 1000 }, (_, i) => ({ item: i, x: 400 + (i % 40) * 3, y: 300 + Math.floor(i / 40) * 3 }));
    const groups = clusterPoints(points);
    expect(groups.length).toBeLessThanOrEqual(9);
    expect(groups.reduce((n, g) => n + g.items.length, 0)).toBe(1000);
    expect(clusterLabel(12)).toBe('12 hotels here: zoom in');
  });
});
