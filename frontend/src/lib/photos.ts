import type { Hotel } from '@/api/types';

/** One photo of the gallery as shown: its address, its caption (from the listing, or null) and its alt text. */
export interface GalleryPhoto {
  src: string;
  caption: string | null;
  alt: string;
  kind: 'gym' | 'hotel';
}

/**
 * The hotel page's photos, gym photos first, each once, with what the listing says of them: the caption the provider
 * wrote is the caption and the alt text; without one the alt text says what the listing knows ("The gym at Hotel X,
 * photo 2 of 5"), never a bare "photo 1".
 */
export function galleryPhotos(hotel: Pick<Hotel, 'name' | 'city' | 'images' | 'gymImages' | 'gym'> & { photoCaptions?: Record<string, string> | null }, photos?: readonly string[]): GalleryPhoto[] {
  const gym = new Set(hotel.gymImages ?? []);
  const list = photos ?? [...new Set([...(hotel.gymImages ?? []), ...(hotel.images ?? [])])].filter(Boolean);
  const captions = hotel.photoCaptions ?? {};
  const gymName = hotel.gym?.name?.trim() || null;
  const counts = { gym: list.filter((src) => gym.has(src)).length, hotel: list.filter((src) => !gym.has(src)).length };
  const seen = { gym: 0, hotel: 0 };
  return list.map((src) => {
    const kind = gym.has(src) ? 'gym' : 'hotel';
    seen[kind] += 1;
    const caption = captions[src]?.trim() || null;
    const what = kind === 'gym' ? `${gymName ?? 'The gym'} at ${hotel.name}` : [hotel.name, hotel.city].filter(Boolean).join(', ');
    const alt = caption ?? `${what}: ${kind} photo ${seen[kind]} of ${counts[kind]}`;
    return { src, caption, alt, kind };
  });
}
