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
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  const format = await photoFormatOf(input);
  let stripped: { data: Buffer; info: OutputInfo };
  try {
    stripped = await encode(sharp(input, { limitInputPixels: maxInputPixels }).rotate(), format).toBuffer({ resolveWithObject: true });
  } catch {
    throw new PhotoRejected(photoMessages.type);
  }
  const { width, height } = stripped.info;
  const id = createHash('sha256').update(stripped.data).digest('hex').slice(0, 32);
  const widths = photoWidthsUpTo(largestVariantWidth(width));
  const variants = await Promise.all(
    widths.map(async (variantWidth) => ({
      key: variantKey(id, variantWidth),
      width: variantWidth,
      contentType: 'image/webp',
      body: await sharp(stripped.data).resize({ width: variantWidth }).webp({ quality: 80 }).toBuffer(),
    })),
  );
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
