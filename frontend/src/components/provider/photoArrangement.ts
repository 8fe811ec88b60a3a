import type { HotelPhotosAnswer, HotelPhotosUpdate, PhotoKind } from '@reproute/contracts';

/** The order, selection and cover of the photos (captions, when left out, stay as they are). */
type Arrangement = Required<Omit<HotelPhotosUpdate, 'captions'>>;

/** The PUT body that keeps a listing's photos as they are. */
export function currentArrangement(answer: HotelPhotosAnswer): Arrangement {
  return { images: answer.photos.map((p) => p.url), gymImages: answer.gymPhotos.map((p) => p.url), cover: answer.cover };
}

/** The list with the item at `from` moved to `to` (both clamped to the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const target = Math.max(0, Math.min(next.length - 1, to));
  if (from < 0 || from >= next.length || from === target) return next;
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}

/** The arrangement after moving one photo of a kind. */
export function moved(answer: HotelPhotosAnswer, kind: PhotoKind, from: number, to: number): Arrangement {
  const current = currentArrangement(answer);
  return kind === 'gym' ? { ...current, gymImages: moveItem(current.gymImages, from, to) } : { ...current, images: moveItem(current.images, from, to) };
}

/** The arrangement without one photo (for photos given by URL, which have no id to delete by). */
export function without(answer: HotelPhotosAnswer, url: string): Arrangement {
  const current = currentArrangement(answer);
  const images = current.images.filter((u) => u !== url);
  return { images, gymImages: current.gymImages.filter((u) => u !== url), cover: current.cover === url ? (images[0] ?? null) : current.cover };
}

/** "3 photos" / "1 photo". */
export const photoCount = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'photo' : 'photos'}`;

/** Every photo's caption with one changed (a blank one is none), for the PUT body's `captions`. */
export function captionsWith(answer: HotelPhotosAnswer, url: string, caption: string): Record<string, string> {
  const captions: Record<string, string> = {};
  for (const photo of [...answer.photos, ...answer.gymPhotos]) if (photo.caption) captions[photo.url] = photo.caption;
  const text = caption.replace(/\s+/g, ' ').trim();
  if (text) captions[url] = text;
  else delete captions[url];
  return captions;
}
