import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { hotelPhotosUpdate, parsePhotoUrl, photoMessages, photoSources, photoWidthsUpTo, largestVariantWidth } from '@reproute/contracts';
import { appendPhotos, arrangePhotos, photoIdsIn, photoLists, removePhoto, unreferencedFiles } from '../../src/domain/photos.ts';
import type { HotelRecord } from '../../src/domain/hotel.ts';
import { PhotoRejected, processPhoto } from '../../src/photos/process.ts';
import { LocalDiskStorage, photoStorageFrom, S3Storage } from '../../src/photos/storage.ts';

const id = (n: number) => n.toString(16).padStart(32, '0');
const photo = (n: number, width = 1600) => `/images/photos/${id(n)}-${width}.webp`;

function record(overrides: Partial<HotelRecord> = {}): HotelRecord {
  return {
    name: 'Iron Lofts', description: null, address: '1 Rack Road', cityId: null, city: null, country: null, providerId: 'p', providerEmail: null,
    contactEmail: null, latitude: null, longitude: null, pricePerNight: 100, currency: 'USD', imageUrl: null, images: [], gymImages: [],
    bookingUrl: null, affiliateUrl: null, gymAccessType: 'on-site', accessibilityFeatures: [], rawEquipment: [], isPremium: false,
    status: 'pending', rejectionReason: null, gym: null, ...overrides,
  } as HotelRecord;
}

describe('photo URLs and srcset', () => {
  it('never enlarges: a photo gets the standard widths below its own and its own, capped at 1600', () => {
    expect(photoWidthsUpTo(largestVariantWidth(3000))).toEqual([400, 800, 1600]);
    expect(photoWidthsUpTo(largestVariantWidth(1000))).toEqual([400, 800, 1000]);
    expect(photoWidthsUpTo(largestVariantWidth(800))).toEqual([400, 800]);
    expect(photoWidthsUpTo(largestVariantWidth(250))).toEqual([250]);
  });

  it('reads an uploaded photo URL and builds src and srcset; other URLs pass through', () => {
    expect(parsePhotoUrl(photo(7, 1000))).toEqual({ id: id(7), widths: [400, 800, 1000] });
    expect(photoSources(photo(7))).toEqual({
      src: `/images/photos/${id(7)}-800.webp`,
      srcSet: `/images/photos/${id(7)}-400.webp 400w, /images/photos/${id(7)}-800.webp 800w, /images/photos/${id(7)}-1600.webp 1600w`,
    });
    expect(photoSources(photo(7), 1200).src).toBe(photo(7));
    expect(photoSources(photo(7, 300)).src).toBe(photo(7, 300));
    for (const other of ['/images/hotels/h01/hero.jpg', 'https://cdn.example/p.jpg', '/images/photos/abc-800.webp', `/images/photos/${id(1)}-0800.webp`]) {
      expect(photoSources(other)).toEqual({ src: other, srcSet: null });
    }
  });

  it('validates the arrange body with clear messages', () => {
    expect(hotelPhotosUpdate.safeParse({ images: [photo(1)], cover: '' }).data).toEqual({ images: [photo(1)], cover: null });
    const tooMany = hotelPhotosUpdate.safeParse({ images: Array.from({ length: 21 }, (_, i) => photo(i)) });
    expect(tooMany.error?.issues[0]?.message).toBe(photoMessages.listFull);
    expect(hotelPhotosUpdate.safeParse({ images: ['javascript:alert(1)'] }).error?.issues[0]?.message).toBe(photoMessages.notInListing);
  });
});

describe('arranging a listing\'s photos', () => {
  it('shows a main image that is not among the photos first, as the cover', () => {
    expect(photoLists(record({ imageUrl: '/images/a.jpg', images: ['/images/b.jpg'] }))).toEqual({ cover: '/images/a.jpg', images: ['/images/a.jpg', '/images/b.jpg'], gymImages: [] });
    expect(photoLists(record({ images: ['/images/b.jpg'] })).cover).toBe('/images/b.jpg');
    expect(photoLists(record()).cover).toBeNull();
  });

  it('appends uploads after the photos there, once each, the first upload becoming the cover of an empty listing', () => {
    expect(appendPhotos(record(), 'hotel', [photo(1), photo(2)])).toEqual({ update: { images: [photo(1), photo(2)], imageUrl: photo(1) } });
    expect(appendPhotos(record({ images: [photo(1)], imageUrl: photo(1) }), 'hotel', [photo(2), photo(1)])).toEqual({ update: { images: [photo(1), photo(2)], imageUrl: photo(1) } });
    expect(appendPhotos(record({ images: [photo(1)] }), 'gym', [photo(3)])).toEqual({ update: { gymImages: [photo(3)] } });
    const full = record({ images: Array.from({ length: 19 }, (_, i) => photo(i)) });
    expect(appendPhotos(full, 'hotel', [photo(30)])).toHaveProperty('update');
    expect(appendPhotos(full, 'hotel', [photo(30), photo(31)])).toEqual({ error: photoMessages.listFull, status: 400 });
  });

  it('reorders, sets the cover and removes by leaving out; only known photos, the cover among them', () => {
    const live = record({ images: [photo(1)] });
    const submitted = record({ images: [photo(1), photo(2)], gymImages: [photo(3)] });
    expect(arrangePhotos(submitted, live, { images: [photo(2), photo(1)], cover: photo(1) })).toEqual({ update: { images: [photo(2), photo(1)], gymImages: [photo(3)], imageUrl: photo(1) } });
    expect(arrangePhotos(submitted, live, { images: [photo(2)], gymImages: [] })).toEqual({ update: { images: [photo(2)], gymImages: [], imageUrl: photo(2) } });
    expect(arrangePhotos(submitted, live, { images: [] })).toEqual({ update: { images: [], gymImages: [photo(3)], imageUrl: null } });
    // A gym photo may move to the hotel photos; a photo from elsewhere may not come in.
    expect(arrangePhotos(submitted, live, { images: [photo(3)], gymImages: [] })).toHaveProperty('update');
    expect(arrangePhotos(submitted, live, { images: [photo(9)] })).toEqual({ error: photoMessages.notInListing, status: 400 });
    expect(arrangePhotos(submitted, live, { images: [photo(1)], cover: photo(2) })).toEqual({ error: photoMessages.coverNotInPhotos, status: 400 });
  });

  it('deletes an uploaded photo wherever it is; the cover moves to the first left', () => {
    const submitted = record({ images: [photo(1), photo(2)], imageUrl: photo(1), gymImages: [photo(1, 400)] });
    expect(removePhoto(submitted, id(1))).toEqual({ update: { images: [photo(2)], gymImages: [], imageUrl: photo(2) } });
    expect(removePhoto(submitted, id(2))).toEqual({ update: { images: [photo(1)], gymImages: [photo(1, 400)], imageUrl: photo(1) } });
    expect(removePhoto(submitted, id(5))).toEqual({ error: photoMessages.photoNotFound, status: 404 });
  });
});

describe('choosing files to prune', () => {
  it('takes the files of photos nobody shows, once older than the grace period', () => {
    const old = new Date('2026-01-01T00:00:00Z');
    const recent = new Date('2026-01-03T00:00:00Z');
    const referenced = photoIdsIn([photo(1), '/images/hotels/h01/hero.jpg', null, photo(2, 400)]);
    expect(referenced).toEqual(new Set([id(1), id(2)]));
    const files = [
      { key: `${id(1)}.jpg`, writtenAt: old },
      { key: `${id(1)}-400.webp`, writtenAt: old },
      { key: `${id(3)}.png`, writtenAt: old },
      { key: `${id(3)}-400.webp`, writtenAt: old },
      { key: `${id(4)}-400.webp`, writtenAt: recent },
    ];
    expect(unreferencedFiles(files, referenced, new Date('2026-01-02T00:00:00Z'))).toEqual([`${id(3)}.png`, `${id(3)}-400.webp`]);
  });
});

describe('processing an upload', () => {
  it('keeps the format, drops the metadata, makes WebP variants and names them by content', async () => {
    const input = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#c04020' } }).png().withExif({ IFD0: { Artist: 'Someone' } }).toBuffer();
    const processed = await processPhoto(input);
    expect(processed).toMatchObject({ format: 'png', width: 1000, height: 500, url: `/images/photos/${processed.id}-1000.webp` });
    expect(processed.original.key).toBe(`${processed.id}.png`);
    expect((await sharp(processed.original.body).metadata()).exif).toBeUndefined();
    expect(processed.variants.map((v) => [v.key, v.width])).toEqual([
      [`${processed.id}-400.webp`, 400],
      [`${processed.id}-800.webp`, 800],
      [`${processed.id}-1000.webp`, 1000],
    ]);
    const small = await sharp(processed.variants[0]!.body).metadata();
    expect(small).toMatchObject({ format: 'webp', width: 400, height: 200 });
    expect((await processPhoto(input)).id).toBe(processed.id);
  });

  it('refuses what is not a JPEG, PNG or WebP picture, whatever its name says', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).gif().toBuffer();
    const tiff = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).tiff().toBuffer();
    for (const data of [gif, tiff, Buffer.from('GIF89a not really'), Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01])]) {
      await expect(processPhoto(data)).rejects.toThrow(new PhotoRejected(photoMessages.type));
    }
  });
});

describe('photo storage', () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('keeps files on local disk under their content name, and answers null for a missing one', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'photos-'));
    dirs.push(dir);
    const storage = new LocalDiskStorage(dir);
    const key = `${id(42)}-400.webp`;
    expect(await storage.get(key)).toBeNull();
    expect(await storage.has(key)).toBe(false);
    await storage.put(key, Buffer.from('webp bytes'), 'image/webp');
    expect(await storage.get(key)).toEqual({ body: Buffer.from('webp bytes'), contentType: 'image/webp' });
    expect(await storage.has(key)).toBe(true);
    expect(await readdir(path.join(dir, key.slice(0, 2)))).toEqual([key]);
    const listed: string[] = [];
    for await (const file of storage.list()) listed.push(file.key);
    expect(listed).toEqual([key]);
    await storage.delete(key);
    expect(await storage.has(key)).toBe(false);
    await expect(storage.put('../escape.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/not a photo file name/);
  });

  it('is chosen by PHOTO_STORAGE; s3 needs a bucket', () => {
    const base = { PHOTOS_S3_REGION: 'eu-west-1', PHOTOS_S3_FORCE_PATH_STYLE: false, PHOTOS_S3_PREFIX: 'photos/' };
    expect(photoStorageFrom({ ...base, PHOTO_STORAGE: 'local' }, '/tmp/x')).toBeInstanceOf(LocalDiskStorage);
    expect(photoStorageFrom({ ...base, PHOTO_STORAGE: 's3', PHOTOS_S3_BUCKET: 'b' }, '/tmp/x')).toBeInstanceOf(S3Storage);
    expect(() => photoStorageFrom({ ...base, PHOTO_STORAGE: 's3' }, '/tmp/x')).toThrow(/PHOTOS_S3_BUCKET/);
  });
});
