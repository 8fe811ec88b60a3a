// Provider photo values without schemas: cards and the gallery build srcset from these without
// pulling zod into their bundle (photos.ts builds the schemas).

/** Widths (px) of the WebP variants made of every uploaded photo; a smaller photo stops at its own width. */
export const photoVariantWidths = [400, 800, 1600] as const;
/** Largest accepted upload, per file. */
export const photoMaxBytes = 10 * 1024 * 1024;
/** Accepted upload formats (checked from the file's content, not its name). */
export const photoFormats = ['jpeg', 'png', 'webp'] as const;
export type PhotoFormat = (typeof photoFormats)[number];
/** Hotel photos fill `images` (the first, or the chosen one, is the cover); gym photos fill `gymImages`. */
export const photoKinds = ['hotel', 'gym'] as const;
export type PhotoKind = (typeof photoKinds)[number];
/** Photos per list (hotel or gym), as the listing schema allows. */
export const photosPerList = 20;
/** Files in one upload request. */
export const photosPerUpload = 10;
/**
 * Largest upload request, whatever the number of its files: one photo at its limit and the multipart envelope.
 * The gateway refuses a larger body (413) before holding it; the SPA sends one photo a request.
 */
export const photoUploadRequestMaxBytes = photoMaxBytes + 64 * 1024;

export const photoMessages = {
  type: 'Photos must be JPEG, PNG or WebP images',
  tooLarge: 'Each photo must be at most 10 MB',
  missing: 'Choose at least one photo to upload',
  tooManyInUpload: 'Upload at most 10 photos at a time',
  listFull: 'A listing can have at most 20 hotel photos and 20 gym photos',
  kindInvalid: 'Photo kind must be hotel or gym',
  notInListing: 'Only photos already in the listing can be arranged; upload new ones first',
  coverNotInPhotos: 'The cover must be one of the hotel photos',
  photoNotFound: 'Photo not found in this listing',
} as const;

const uploadedPhotoUrl = /^\/images\/photos\/([a-f0-9]{32})-([1-9]\d{0,4})\.webp$/;

/** The variant widths of a photo whose largest variant is `largest` px wide. */
export function photoWidthsUpTo(largest: number): number[] {
  return [...photoVariantWidths.filter((width) => width < largest), largest];
}

/** The largest variant a photo of this width gets (never enlarged). */
export function largestVariantWidth(width: number): number {
  return Math.min(width, photoVariantWidths[photoVariantWidths.length - 1]!);
}

export function photoVariantUrl(id: string, width: number): string {
  return `/images/photos/${id}-${width}.webp`;
}

/** An uploaded photo's reference (its largest variant's URL) names its id and widths; other image URLs give null. */
export function parsePhotoUrl(url: string): { id: string; widths: number[] } | null {
  const match = uploadedPhotoUrl.exec(url);
  if (!match) return null;
  return { id: match[1]!, widths: photoWidthsUpTo(Number(match[2])) };
}

/** A hotel's first picture: its main image, else its first hotel photo, else its first gym photo. */
export function primaryPhotoUrl(hotel: { imageUrl?: string | null; images?: readonly string[] | null; gymImages?: readonly string[] | null }): string | undefined {
  return hotel.imageUrl || hotel.images?.[0] || hotel.gymImages?.[0] || undefined;
}

/**
 * What an <img> needs for an image reference: an uploaded photo gets its variants as srcset and the
 * smallest variant at least `preferredWidth` wide as src; any other URL is used as it is.
 */
export function photoSources(url: string, preferredWidth = 800): { src: string; srcSet: string | null } {
  const photo = parsePhotoUrl(url);
  if (!photo) return { src: url, srcSet: null };
  const src = photo.widths.find((width) => width >= preferredWidth) ?? photo.widths[photo.widths.length - 1]!;
  return { src: photoVariantUrl(photo.id, src), srcSet: photo.widths.map((width) => `${photoVariantUrl(photo.id, width)} ${width}w`).join(', ') };
}

/** The longest photo caption (docs/decisions.md, "Photos in a lightbox"); the schema is catalog.ts's photoCaptionsField. */
export const photoCaptionMax = 160;
