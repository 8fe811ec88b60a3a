import { createHash } from 'node:crypto';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { largestVariantWidth, photoFormats, photoMessages, photoVariantUrl, photoWidthsUpTo, type PhotoFormat } from '@reproute/contracts';

/** A file that is not a photo we take (wrong type, unreadable): the caller answers 400 with the message. */
export class PhotoRejected extends Error {}

export interface PhotoFile {
  key: string;
  body: Buffer;
  contentType: string;
}

/** An accepted upload: metadata removed, upright, with its WebP variants, named by the hash of its stripped original. */
export interface ProcessedPhoto {
  id: string;
  format: PhotoFormat;
  width: number;
  height: number;
  /** The photo's reference in a listing: the URL of its largest variant. */
  url: string;
  original: PhotoFile;
  variants: (PhotoFile & { width: number })[];
}

const extensions: Record<PhotoFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };
const contentTypes: Record<PhotoFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
// libvips keeps the results of recent operations for reuse; an upload never repeats one, so the cache would only
// hold decoded pixels after the answer has gone.
sharp.cache(false);

/** Over 100 megapixels is refused before decoding (a small file can claim a huge canvas). */
const maxInputPixels = 100_000_000;

export const originalKey = (id: string, format: PhotoFormat) => `${id}.${extensions[format]}`;
export const variantKey = (id: string, width: number) => `${id}-${width}.webp`;

/** The format of an upload read from its content; anything but JPEG, PNG or WebP is refused. */
export async function photoFormatOf(input: Buffer): Promise<PhotoFormat> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: maxInputPixels }).metadata()).format;
  } catch {
    throw new PhotoRejected(photoMessages.type);
  }
  if (!format || !(photoFormats as readonly string[]).includes(format)) throw new PhotoRejected(photoMessages.type);
  return format as PhotoFormat;
}

function encode(image: Sharp, format: PhotoFormat): Sharp {
  if (format === 'jpeg') return image.jpeg({ quality: 90, mozjpeg: true });
  if (format === 'png') return image.png();
  return image.webp({ quality: 90 });
}

/**
 * Checks and processes one upload. sharp writes no metadata unless asked, so re-encoding drops EXIF
 * (GPS, camera), XMP and IPTC; rotate() first turns the pixels the way the EXIF orientation said.
 * The full-size image is decoded twice, one pass at a time: once into the stripped original, once (shrunk
 * as it loads where the format allows) into the largest variant; the smaller variants come from that one.
 * Decoding the stripped original three times at once, as before, held three canvases of it at a time.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  const format = await photoFormatOf(input);
  let stripped: { data: Buffer; info: OutputInfo };
  let largest: Buffer;
  let widths: number[];
  try {
    stripped = await encode(sharp(input, { limitInputPixels: maxInputPixels }).rotate(), format).toBuffer({ resolveWithObject: true });
    widths = photoWidthsUpTo(largestVariantWidth(stripped.info.width));
    largest = await sharp(input, { limitInputPixels: maxInputPixels }).rotate().resize({ width: widths[widths.length - 1]! }).webp({ quality: 80 }).toBuffer();
  } catch {
    throw new PhotoRejected(photoMessages.type);
  }
  const { width, height } = stripped.info;
  const id = createHash('sha256').update(stripped.data).digest('hex').slice(0, 32);
  const variants: ProcessedPhoto['variants'] = [];
  for (const variantWidth of widths) {
    const body = variantWidth === widths[widths.length - 1] ? largest : await sharp(largest).resize({ width: variantWidth }).webp({ quality: 80 }).toBuffer();
    variants.push({ key: variantKey(id, variantWidth), width: variantWidth, contentType: 'image/webp', body });
  }
  return {
    id,
    format,
    width,
    height,
    url: photoVariantUrl(id, widths[widths.length - 1]!),
    original: { key: originalKey(id, format), body: stripped.data, contentType: contentTypes[format] },
    variants,
  };
}
