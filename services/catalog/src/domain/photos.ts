import {
  parsePhotoUrl,
  photoCaptionMessages,
  photoMessages,
  photoSources,
  photosPerList,
  type HotelPhotosAnswer,
  type HotelPhotosUpdate,
  type ListingPhoto,
  type PhotoFormat,
  type PhotoKind,
  type ProviderHotelUpdate,
} from '@reproute/contracts';
import type { HotelRecord } from './hotel.ts';

/** A listing's photos as the photo manager shows them: the cover (the main image, else the first photo) is always among the hotel photos. */
export interface PhotoLists {
  cover: string | null;
  images: string[];
  gymImages: string[];
}

/** What an arrangement needs to say no (the route answers 400 or 404 with the message). */
export type PhotoEditResult = { update: ProviderHotelUpdate } | { error: string; status: 400 | 404 };

export function photoLists(record: Pick<HotelRecord, 'imageUrl' | 'images' | 'gymImages'>): PhotoLists {
  const images = record.imageUrl && !record.images.includes(record.imageUrl) ? [record.imageUrl, ...record.images] : [...record.images];
  return { cover: record.imageUrl ?? images[0] ?? null, images, gymImages: [...record.gymImages] };
}

/** Adds uploaded photos at the end of the hotel or gym photos; one already there stays where it is. */
export function appendPhotos(submitted: HotelRecord, kind: PhotoKind, urls: readonly string[]): PhotoEditResult {
  const lists = photoLists(submitted);
  const current = kind === 'gym' ? lists.gymImages : lists.images;
  const next = [...new Set([...current, ...urls])];
  if (next.length > photosPerList) return { error: photoMessages.listFull, status: 400 };
  if (kind === 'gym') return { update: { gymImages: next } };
  return { update: { images: next, imageUrl: lists.cover ?? next[0] ?? null } };
}

/**
 * A new order, cover and selection of the listing's photos. Only photos the listing already has
 * (live or awaiting review) can be placed: new files come through the upload.
 */
export function arrangePhotos(submitted: HotelRecord, live: HotelRecord, body: HotelPhotosUpdate): PhotoEditResult {
  const submittedLists = photoLists(submitted);
  const liveLists = photoLists(live);
  const known = new Set([...submittedLists.images, ...submittedLists.gymImages, ...liveLists.images, ...liveLists.gymImages]);
  const images = [...new Set(body.images)];
  const gymImages = body.gymImages === undefined ? submittedLists.gymImages : [...new Set(body.gymImages)];
  if ([...images, ...gymImages].some((url) => !known.has(url))) return { error: photoMessages.notInListing, status: 400 };
  const cover = body.cover ?? images[0] ?? null;
  if (cover !== null && !images.includes(cover)) return { error: photoMessages.coverNotInPhotos, status: 400 };
  if (body.captions === undefined) return { update: { images, gymImages, imageUrl: cover } };
  // Captions are given for photos of the arrangement; one given for another photo is refused.
  const placed = new Set([...images, ...gymImages]);
  if (Object.keys(body.captions).some((url) => !placed.has(url))) return { error: photoCaptionMessages.captionNotInListing, status: 400 };
  return { update: { images, gymImages, imageUrl: cover, photoCaptions: body.captions } };
}

/** Takes an uploaded photo (by id) out of the hotel and gym photos; the cover moves to the first left. */
export function removePhoto(submitted: HotelRecord, photoId: string): PhotoEditResult {
  const lists = photoLists(submitted);
  const keep = (url: string) => parsePhotoUrl(url)?.id !== photoId;
  const images = lists.images.filter(keep);
  const gymImages = lists.gymImages.filter(keep);
  if (images.length === lists.images.length && gymImages.length === lists.gymImages.length) return { error: photoMessages.photoNotFound, status: 404 };
  const cover = lists.cover && keep(lists.cover) ? lists.cover : (images[0] ?? null);
  return { update: { images, gymImages, imageUrl: cover } };
}

/** What the catalog recorded of an uploaded photo, for the answer. */
export interface PhotoFacts {
  format: PhotoFormat;
  width: number;
  height: number;
}

const extensions: Record<PhotoFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

export function listingPhoto(url: string, cover: string | null, facts: ReadonlyMap<string, PhotoFacts>, captions: Readonly<Record<string, string>> = {}): ListingPhoto {
  const id = parsePhotoUrl(url)?.id ?? null;
  const known = id ? facts.get(id) : undefined;
  const { src, srcSet } = photoSources(url);
  return {
    url,
    id,
    src,
    srcSet,
    originalUrl: id ? (known ? `/images/photos/${id}.${extensions[known.format]}` : null) : url,
    width: known?.width ?? null,
    height: known?.height ?? null,
    isCover: url === cover,
    caption: captions[url] ?? null,
  };
}

/** The photo manager's answer: the submitted arrangement, whether it waits for review, and what travellers see now. */
export function photosAnswer(
  hotelId: number,
  live: HotelRecord,
  submitted: HotelRecord,
  awaitingReview: boolean,
  facts: ReadonlyMap<string, PhotoFacts>,
): HotelPhotosAnswer {
  const lists = photoLists(submitted);
  const liveLists = photoLists(live);
  return {
    hotelId,
    status: live.status,
    awaitingReview,
    cover: lists.cover,
    photos: lists.images.map((url) => listingPhoto(url, lists.cover, facts, submitted.photoCaptions)),
    gymPhotos: lists.gymImages.map((url) => listingPhoto(url, null, facts, submitted.photoCaptions)),
    live: { cover: liveLists.cover, images: liveLists.images, gymImages: liveLists.gymImages },
  };
}

/** The photo id a stored file belongs to (`{id}.jpg`, `{id}-800.webp`). */
export const photoIdOfKey = (key: string): string => key.slice(0, 32);

/**
 * Files to prune: those of photos no listing and no waiting revision shows, written longer ago than
 * the grace period (an upload stores its files a moment before the listing names them).
 */
export function unreferencedFiles(files: readonly { key: string; writtenAt: Date }[], referencedIds: ReadonlySet<string>, olderThan: Date): string[] {
  return files.filter((file) => !referencedIds.has(photoIdOfKey(file.key)) && file.writtenAt < olderThan).map((file) => file.key);
}

/** Ids of uploaded photos among image URLs (anything else is ignored). */
export function photoIdsIn(urls: Iterable<unknown>): Set<string> {
  const ids = new Set<string>();
  for (const url of urls) {
    const id = typeof url === 'string' ? parsePhotoUrl(url)?.id : undefined;
    if (id) ids.add(id);
  }
  return ids;
}
