import { z } from 'zod';
import { isImageRef, photoCaptionsField } from './catalog.ts';
import { hotelStatuses } from './catalog-values.ts';
import { photoKinds, photoMessages, photosPerList } from './photo-values.ts';

const photoRef = z.string({ error: photoMessages.notInListing }).trim().refine(isImageRef, photoMessages.notInListing);
const photoList = z.array(photoRef).max(photosPerList, photoMessages.listFull);

/** ?kind= of POST /api/provider/hotels/{id}/photos (hotel unless gym). */
export const photoUploadQuery = z.object({ kind: z.enum(photoKinds, { error: photoMessages.kindInvalid }).default('hotel') });
export type PhotoUploadQuery = z.infer<typeof photoUploadQuery>;

/**
 * PUT /api/provider/hotels/{id}/photos: the listing's photos in their new order (a photo left out is
 * removed) and the cover (one of `images`; omitted or null means the first).
 */
export const hotelPhotosUpdate = z.object({
  images: photoList,
  gymImages: photoList.optional(),
  cover: z.preprocess((value) => (value === '' ? null : value), photoRef.nullish()),
  /** Captions by photo (each one of the arranged photos); left out, they stay as they are. */
  captions: photoCaptionsField.optional(),
});
export type HotelPhotosUpdate = z.infer<typeof hotelPhotosUpdate>;

/** One photo of a listing: its reference, the <img> src and srcset, and where its original is (uploaded photos). */
export const listingPhoto = z.object({
  url: z.string(),
  /** The content hash of an uploaded photo; null for an image given by URL. */
  id: z.string().nullable(),
  src: z.string(),
  srcSet: z.string().nullable(),
  originalUrl: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  isCover: z.boolean(),
  /** What the photo shows, as the provider wrote it (the gallery's caption and alt text); null without one. */
  caption: z.string().nullable().optional(),
});
export type ListingPhoto = z.infer<typeof listingPhoto>;

/**
 * A listing's photos as its provider last arranged them. On an approved listing, changes wait for
 * review (awaitingReview) and travellers keep seeing `live` until an admin approves them.
 */
export const hotelPhotosAnswer = z.object({
  hotelId: z.number().int(),
  status: z.enum(hotelStatuses),
  awaitingReview: z.boolean(),
  cover: z.string().nullable(),
  photos: z.array(listingPhoto),
  gymPhotos: z.array(listingPhoto),
  live: z.object({ cover: z.string().nullable(), images: z.array(z.string()), gymImages: z.array(z.string()) }),
});
export type HotelPhotosAnswer = z.infer<typeof hotelPhotosAnswer>;
