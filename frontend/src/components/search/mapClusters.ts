/**
 * Markers grouped for the results map once there are many (a directory's worth of loaded pages): those whose
 * screen positions fall in the same square of `cellPx` pixels at the map's zoom become one cluster marker with their
 * count, which zooms in on them when chosen. Below `clusterFrom` located hotels every hotel keeps its own marker (a
 * page of 24 reads best with prices). Plain values, no Leaflet: the map projects the points, this groups them.
 */
export const clusterFrom = 50;
export const clusterCellPx = 56;

export interface ProjectedPoint<T> {
  item: T;
  x: number;
  y: number;
}

export interface MarkerGroup<T> {
  items: T[];
  /** The mean screen position of the group's points. */
  x: number;
  y: number;
}

/** Groups projected points by grid cell, in the order the first point of each cell comes; one point is a group of one. */
export function clusterPoints<T>(points: readonly ProjectedPoint<T>[], cellPx = clusterCellPx): MarkerGroup<T>[] {
  const cells = new Map<string, { items: T[]; sx: number; sy: number }>();
  for (const point of points) {
    const key = `${Math.floor(point.x / cellPx)}:${Math.floor(point.y / cellPx)}`;
    const cell = cells.get(key) ?? { items: [], sx: 0, sy: 0 };
    cell.items.push(point.item);
    cell.sx += point.x;
    cell.sy += point.y;
    cells.set(key, cell);
  }
  return [...cells.values()].map((c) => ({ items: c.items, x: c.sx / c.items.length, y: c.sy / c.items.length }));
}

/** "12 hotels here: zoom in" for a cluster's button. */
export function clusterLabel(count: number): string {
  return `${count} hotels here: zoom in`;
}
