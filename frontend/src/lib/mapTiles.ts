const defaultTileUrl = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
const defaultAttribution = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** VITE_MAP_TILE_URL: unset means OpenStreetMap's tiles, an empty value means no tile layer (markers on a plain background). */
export function tileConfig(): { url: string; attribution: string } | null {
  const configured = import.meta.env.VITE_MAP_TILE_URL as string | undefined;
  if (configured === undefined) return { url: defaultTileUrl, attribution: defaultAttribution };
  if (configured.trim() === '') return null;
  return { url: configured.trim(), attribution: (import.meta.env.VITE_MAP_TILE_ATTRIBUTION as string | undefined) ?? '' };
}
