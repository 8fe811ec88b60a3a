import type { PhotoFormat, PhotoKind } from '@reproute/contracts';
import type { Queryable } from '@reproute/platform';

/** What the catalog keeps about an uploaded photo beside its URL. */
export interface StoredPhoto {
  hotelId: number;
  photoId: string;
  kind: PhotoKind;
  format: PhotoFormat;
  width: number;
  height: number;
  bytes: number;
}

interface PhotoRow {
  hotel_id: number;
  photo_id: string;
  kind: PhotoKind;
  format: PhotoFormat;
  width: number;
  height: number;
  bytes: number;
}

/** Records uploads to a hotel; uploading the same file again keeps the first record. */
export async function recordPhotos(db: Queryable, photos: StoredPhoto[], uploadedBy: string): Promise<void> {
  if (photos.length === 0) return;
  await db.query(
    `INSERT INTO hotel_photos (hotel_id, photo_id, kind, format, width, height, bytes, uploaded_by)
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::int[], $6::int[], $7::int[], $8::uuid[])
     ON CONFLICT (hotel_id, photo_id) DO NOTHING`,
    [
      photos.map((p) => p.hotelId),
      photos.map((p) => p.photoId),
      photos.map((p) => p.kind),
      photos.map((p) => p.format),
      photos.map((p) => p.width),
      photos.map((p) => p.height),
      photos.map((p) => p.bytes),
      photos.map(() => uploadedBy),
    ],
  );
}

/** A hotel's uploaded photos by photo id. */
export async function photosOfHotel(db: Queryable, hotelId: number): Promise<Map<string, StoredPhoto>> {
  const { rows } = await db.query<PhotoRow>('SELECT hotel_id, photo_id, kind, format, width, height, bytes FROM hotel_photos WHERE hotel_id = $1', [hotelId]);
  return new Map(
    rows.map((row) => [row.photo_id, { hotelId: Number(row.hotel_id), photoId: row.photo_id, kind: row.kind, format: row.format, width: row.width, height: row.height, bytes: row.bytes }]),
  );
}
