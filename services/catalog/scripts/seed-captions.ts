import type { SeedHotel } from './seed-data.ts';

/**
 * The seeded photos' captions (docs/decisions.md, "Photos in a lightbox"): what generate-images.py paints in each
 * picture of hotel hNN, said in words. The hero is the city's skyline, room.jpg a guest room with a view, and gym-N
 * a strength floor (racks), a cardio row (treadmills), free weights (dumbbell racks) or, for hotels with a pool, the
 * pool as gym-3; which, is worked out here exactly as the script does.
 */
const withPool = new Set([2, 6, 8, 9, 11, 15, 17, 19, 20, 21, 22, 23, 24]);
const gymScenes = ['strength', 'cardio', 'free'] as const;

export function gymScene(hotelId: number, n: number): 'pool' | (typeof gymScenes)[number] {
  return withPool.has(hotelId) && n === 3 ? 'pool' : gymScenes[(hotelId + n) % 3]!;
}

export function seedCaptions(hotel: Pick<SeedHotel, 'id' | 'name' | 'gymImageCount'> & { gym?: { name?: string | null } | null }, city: string, paths: { hero: string; images: string[]; gymImages: string[] }): Record<string, string> {
  const gym = hotel.gym?.name?.trim() || `the ${hotel.name} gym`;
  const scene = {
    strength: `Power racks on the weights floor of ${gym}`,
    cardio: `The cardio row at ${gym}: treadmills by the window`,
    free: `Dumbbells on their racks in the free-weights area of ${gym}`,
    pool: `The pool at ${hotel.name}`,
  };
  const captions: Record<string, string> = {
    [paths.hero]: `The ${city} skyline around ${hotel.name}`,
    [paths.images[1]!]: `A guest room at ${hotel.name}, with a view of ${city}`,
  };
  paths.gymImages.forEach((url, i) => {
    captions[url] = scene[gymScene(hotel.id, i + 1)];
  });
  return captions;
}
