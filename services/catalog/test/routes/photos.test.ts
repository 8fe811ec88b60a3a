/**
 * Provider photos: real JPEG, PNG and WebP files made with sharp are uploaded
 * as multipart, read back (original and variants) and checked for size, type and metadata; bad files
 * are refused with nothing stored; arranging, covers, deletion, ownership and review of an approved
 * listing's photos.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { photoMessages, type Hotel, type HotelPhotosAnswer, type HotelRevision } from '@reproute/contracts';
import { api, catalog, listingBody, newProvider, registerTraveller, tokenFor } from './support.ts';


let provider: { token: string; id: string; email: string };
let other: { token: string; id: string; email: string };
let admin: string;
let cityId: number;

beforeAll(async () => {
  [provider, other, admin] = await Promise.all([newProvider(), newProvider(), tokenFor('admin')]);
  const cities = await api<{ id: number }[] | { items: { id: number }[] }>('GET', '/api/cities');
  cityId = (Array.isArray(cities.body) ? cities.body : cities.body.items)[0]!.id;
});

async function newListing(token = provider.token): Promise<Hotel> {
  const created = await api<Hotel>('POST', '/api/provider/hotels', { token, body: listingBody({ cityId }) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

interface Upload {
  name: string;
  type: string;
  data: Buffer;
}

/** POSTs files as multipart/form-data, the way a browser's FormData sends them. */
async function upload(hotelId: number, files: Upload[], options: { token?: string | null; kind?: 'hotel' | 'gym' } = {}) {
  const form = new FormData();
  for (const file of files) form.append('photos', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const token = options.token === undefined ? provider.token : options.token;
  // The browser's encoding of the form (boundary and all), handed to the app as the request body.
  const encoded = new Request('http://catalog.test/', { method: 'POST', body: form });
  const res = await (await catalog()).inject({
    method: 'POST',
    url: `/api/provider/hotels/${hotelId}/photos${options.kind ? `?kind=${options.kind}` : ''}`,
    headers: { 'content-type': encoded.headers.get('content-type')!, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  return { status: res.statusCode, body: (res.body ? JSON.parse(res.body) : null) as HotelPhotosAnswer & { message?: string } };
}

async function fetchFile(url: string, headers: Record<string, string> = {}) {
  const res = await (await catalog()).inject({ method: 'GET', url, headers });
  return { status: res.statusCode, headers: new Headers(Object.entries(res.headers).map(([k, v]) => [k, String(v)])), data: res.rawPayload };
}

const solid = (width: number, height: number, color: { r: number; g: number; b: number }) =>
  sharp({ create: { width, height, channels: 3, background: color } });

/** A JPEG as a phone writes it: camera make, a GPS position and an orientation of 6 (shot rotated). */
async function phoneJpeg(): Promise<Buffer> {
  return solid(1200, 800, { r: 200, g: 60, b: 30 })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'RepRouteSecretCam', Model: 'Phone 9' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();
}

const filesInStorage = async (): Promise<string[]> => {
  const found: string[] = [];
  const { photosDir } = await catalog();
  for (const dir of await readdir(photosDir).catch(() => [] as string[])) {
    for (const file of await readdir(path.join(photosDir, dir)).catch(() => [] as string[])) found.push(file);
  }
  return found.sort();
};
const recordedPhotos = async (hotelId: number) => (await (await catalog()).pool.query('SELECT photo_id FROM hotel_photos WHERE hotel_id = $1', [hotelId])).rows.length;

describe('uploading photos to a listing not yet approved', () => {
  let hotel: Hotel;
  let answer: HotelPhotosAnswer;
  let input: Buffer;

  beforeAll(async () => {
    hotel = await newListing();
    input = await phoneJpeg();
    const png = await solid(640, 480, { r: 20, g: 90, b: 220 }).png().toBuffer();
    const webp = await solid(2400, 1200, { r: 30, g: 160, b: 60 }).webp().toBuffer();
    const res = await upload(hotel.id, [
      { name: 'lobby.jpg', type: 'image/jpeg', data: input },
      { name: 'pool.png', type: 'image/png', data: png },
      { name: 'gym.webp', type: 'image/webp', data: webp },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    answer = res.body;
  });

  it('applies them at once, in order, the first as cover, each with a srcset of its WebP variants', () => {
    expect(answer).toMatchObject({ hotelId: hotel.id, status: 'pending', awaitingReview: false });
    expect(answer.photos).toHaveLength(3);
    const [jpeg, png, webp] = answer.photos;
    expect(answer.cover).toBe(jpeg!.url);
    expect(answer.photos.map((p) => p.isCover)).toEqual([true, false, false]);
    // Turned upright from the EXIF orientation: 1200x800 shot sideways is 800 wide, 1200 high.
    expect(jpeg).toMatchObject({ width: 800, height: 1200, url: expect.stringMatching(/^\/images\/photos\/[a-f0-9]{32}-800\.webp$/) });
    expect(jpeg!.srcSet).toBe(`${jpeg!.url.replace('-800', '-400')} 400w, ${jpeg!.url} 800w`);
    expect(png).toMatchObject({ width: 640, height: 480, originalUrl: expect.stringMatching(/\.png$/) });
    expect(png!.srcSet).toMatch(/-400\.webp 400w, .*-640\.webp 640w$/);
    expect(webp).toMatchObject({ width: 2400, height: 1200, originalUrl: expect.stringMatching(/\.webp$/) });
    expect(webp!.srcSet?.split(', ').map((s) => s.split(' ')[1])).toEqual(['400w', '800w', '1600w']);
    expect(webp!.src).toMatch(/-800\.webp$/);
  });

  it('serves the original without its metadata (no EXIF, no GPS, no camera) and the variants as WebP, cached for a year', async () => {
    expect(await sharp(input).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer) });
    expect(input.includes('RepRouteSecretCam')).toBe(true);
    // The upload carries a GPS IFD (tag 0x8825, little-endian in this TIFF header).
    expect((await sharp(input).metadata()).exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const original = await fetchFile(answer.photos[0]!.originalUrl!);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/jpeg');
    expect(original.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(original.data).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 800, height: 1200 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(original.data.includes('RepRouteSecretCam')).toBe(false);
    expect(original.data.includes('Exif')).toBe(false);

    for (const photo of answer.photos) {
      for (const entry of photo.srcSet!.split(', ')) {
        const [url, width] = entry.split(' ');
        const file = await fetchFile(url!);
        expect(file.status, url).toBe(200);
        expect(file.headers.get('content-type')).toBe('image/webp');
        expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        const variant = await sharp(file.data).metadata();
        expect(variant.format).toBe('webp');
        expect(`${variant.width}w`).toBe(width);
        expect(variant.exif).toBeUndefined();
      }
    }
    const again = await fetchFile(answer.photos[0]!.url, { 'if-none-match': `"${answer.photos[0]!.url.split('/').pop()}"` });
    expect(again.status).toBe(304);
  });

  it('shows them on the listing (owner view) with the cover as its main image', async () => {
    const own = (await api<Hotel[]>('GET', '/api/provider/hotels', { token: provider.token })).body.find((h) => h.id === hotel.id)!;
    expect(own.images).toEqual(answer.photos.map((p) => p.url));
    expect(own.imageUrl).toBe(answer.photos[0]!.url);
    const read = await api<HotelPhotosAnswer>('GET', `/api/provider/hotels/${hotel.id}/photos`, { token: provider.token });
    expect(read.body).toEqual(answer);
  });

  it('takes a photo larger than the 1 MB JSON limit (a 3 MB PNG) and gym photos apart from hotel photos', async () => {
    const noise = Buffer.alloc(1100 * 900 * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: 1100, height: 900, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(big.length).toBeGreaterThan(2_500_000);
    const res = await upload(hotel.id, [{ name: 'big-gym.png', type: 'image/png', data: big }], { kind: 'gym' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.photos).toHaveLength(3);
    expect(res.body.gymPhotos).toHaveLength(1);
    expect(res.body.gymPhotos[0]).toMatchObject({ width: 1100, height: 900, isCover: false });
  });

  it('refuses a GIF, a text file and an 11 MB file with 400 and a clear message, storing nothing (even of a good file sent with them)', async () => {
    const before = { files: await filesInStorage(), rows: await recordedPhotos(hotel.id) };
    const gif = await solid(60, 40, { r: 1, g: 2, b: 3 }).gif().toBuffer();
    const good = await solid(500, 300, { r: 99, g: 42, b: 7 }).jpeg().toBuffer();
    const cases: [Upload[], string][] = [
      [[{ name: 'anim.gif', type: 'image/gif', data: gif }], photoMessages.type],
      [[{ name: 'notes.jpg', type: 'image/jpeg', data: Buffer.from('not a picture at all') }], photoMessages.type],
      [[{ name: 'huge.jpg', type: 'image/jpeg', data: Buffer.concat([good, Buffer.alloc(11 * 1024 * 1024)]) }], photoMessages.tooLarge],
      [[{ name: 'good.jpg', type: 'image/jpeg', data: good }, { name: 'anim.gif', type: 'image/gif', data: gif }], photoMessages.type],
    ];
    for (const [files, message] of cases) {
      const res = await upload(hotel.id, files);
      expect(res.status, files.map((f) => f.name).join()).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const empty = await api('POST', `/api/provider/hotels/${hotel.id}/photos`, { token: provider.token, headers: { 'content-type': 'application/json' }, rawBody: '{}' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(photoMessages.missing);
    const unbounded = await api('POST', `/api/provider/hotels/${hotel.id}/photos`, { token: provider.token, headers: { 'content-type': 'multipart/form-data' }, rawBody: '' });
    expect(unbounded.status, 'multipart/form-data without its boundary').toBe(400);
    expect(unbounded.body.message).toBe(photoMessages.missing);
    expect(await filesInStorage()).toEqual(before.files);
    expect(await recordedPhotos(hotel.id)).toBe(before.rows);
    const read = await api<HotelPhotosAnswer>('GET', `/api/provider/hotels/${hotel.id}/photos`, { token: provider.token });
    expect(read.body.photos).toHaveLength(3);
  });

  it('reorders, picks the cover and deletes; refuses photos the listing does not have', async () => {
    const urls = answer.photos.map((p) => p.url);
    const reordered = await api<HotelPhotosAnswer>('PUT', `/api/provider/hotels/${hotel.id}/photos`, {
      token: provider.token,
      body: { images: [urls[2], urls[0], urls[1]], cover: urls[0] },
    });
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    expect(reordered.body.photos.map((p) => p.url)).toEqual([urls[2], urls[0], urls[1]]);
    expect(reordered.body.cover).toBe(urls[0]);
    expect(reordered.body.gymPhotos).toHaveLength(1);
    let own = (await api<Hotel>('GET', `/api/hotels/${hotel.id}`, { token: provider.token })).body;
    expect(own.images).toEqual([urls[2], urls[0], urls[1]]);
    expect(own.imageUrl).toBe(urls[0]);

    const deleted = await api<HotelPhotosAnswer>('DELETE', `/api/provider/hotels/${hotel.id}/photos/${answer.photos[0]!.id}`, { token: provider.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.photos.map((p) => p.url)).toEqual([urls[2], urls[1]]);
    expect(deleted.body.cover).toBe(urls[2]);
    own = (await api<Hotel>('GET', `/api/hotels/${hotel.id}`, { token: provider.token })).body;
    expect(own.imageUrl).toBe(urls[2]);
    expect((await api('DELETE', `/api/provider/hotels/${hotel.id}/photos/${answer.photos[0]!.id}`, { token: provider.token })).status).toBe(404);

    const foreign = await api('PUT', `/api/provider/hotels/${hotel.id}/photos`, { token: provider.token, body: { images: [urls[2], '/images/hotels/h01/hero.jpg'] } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(photoMessages.notInListing);
    const badCover = await api('PUT', `/api/provider/hotels/${hotel.id}/photos`, { token: provider.token, body: { images: [urls[2]], cover: urls[1] } });
    expect(badCover.status).toBe(400);
    expect(badCover.body.message).toBe(photoMessages.coverNotInPhotos);
    const notAList = await api('PUT', `/api/provider/hotels/${hotel.id}/photos`, { token: provider.token, body: { images: 'x' } });
    expect(notAList.status).toBe(400);
  });

  it('keeps other people out: another provider 403, a traveller 403, no token 401, an unknown listing 404', async () => {
    const jpeg = await solid(100, 100, { r: 5, g: 5, b: 5 }).jpeg().toBuffer();
    const file = [{ name: 'x.jpg', type: 'image/jpeg', data: jpeg }];
    expect((await upload(hotel.id, file, { token: other.token })).status).toBe(403);
    expect((await api('GET', `/api/provider/hotels/${hotel.id}/photos`, { token: other.token })).status).toBe(403);
    expect((await api('PUT', `/api/provider/hotels/${hotel.id}/photos`, { token: other.token, body: { images: [] } })).status).toBe(403);
    expect((await api('DELETE', `/api/provider/hotels/${hotel.id}/photos/${'a'.repeat(32)}`, { token: other.token })).status).toBe(403);
    const traveller = await registerTraveller();
    expect((await upload(hotel.id, file, { token: traveller.token })).status).toBe(403);
    expect((await upload(hotel.id, file, { token: null })).status).toBe(401);
    expect((await upload(99_999_999, file)).status).toBe(404);
    const read = await api<HotelPhotosAnswer>('GET', `/api/provider/hotels/${hotel.id}/photos`, { token: provider.token });
    expect(read.body.photos).toHaveLength(2);
  });

  it('holds at most 20 hotel photos', async () => {
    const many = await Promise.all(
      Array.from({ length: 19 }, (_, i) => solid(40, 30, { r: i * 10, g: 200 - i * 5, b: 77 }).png().toBuffer().then((data) => ({ name: `p${i}.png`, type: 'image/png', data }))),
    );
    expect((await upload(hotel.id, many.slice(0, 10))).status).toBe(201);
    const full = await upload(hotel.id, many.slice(10));
    expect(full.status).toBe(400);
    expect(full.body.message).toBe(photoMessages.listFull);
    const fits = await upload(hotel.id, many.slice(10, 18));
    expect(fits.status).toBe(201);
    expect(fits.body.photos).toHaveLength(20);
  });
});

describe('photos of an approved listing go through review', () => {
  let hotel: Hotel;
  let first: HotelPhotosAnswer;

  beforeAll(async () => {
    const created = await newListing();
    const jpeg = await solid(900, 600, { r: 120, g: 30, b: 90 }).jpeg().toBuffer();
    first = (await upload(created.id, [{ name: 'front.jpg', type: 'image/jpeg', data: jpeg }])).body;
    const approved = await api<Hotel>('PUT', `/api/hotels/${created.id}/approval`, { token: admin, body: { isApproved: true } });
    expect(approved.status).toBe(200);
    hotel = approved.body;
    expect(hotel.imageUrl).toBe(first.photos[0]!.url);
  });

  it('keeps new photos and a new cover away from travellers until an admin approves them', async () => {
    const png = await solid(1000, 700, { r: 10, g: 10, b: 200 }).png().toBuffer();
    const res = await upload(hotel.id, [{ name: 'terrace.png', type: 'image/png', data: png }]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.awaitingReview).toBe(true);
    const [front, terrace] = res.body.photos.map((p) => p.url);
    expect(res.body.live).toEqual({ cover: front, images: [front], gymImages: [] });

    const arranged = await api<HotelPhotosAnswer>('PUT', `/api/provider/hotels/${hotel.id}/photos`, { token: provider.token, body: { images: [terrace, front], cover: terrace } });
    expect(arranged.body).toMatchObject({ awaitingReview: true, cover: terrace });

    const publicView = await api<Hotel>('GET', `/api/hotels/${hotel.id}`);
    expect(publicView.body).toMatchObject({ imageUrl: front, images: [front] });
    const revision = (await api<HotelRevision[]>('GET', '/api/admin/hotels/revisions', { token: admin })).body.find((r) => r.hotelId === hotel.id);
    expect(revision?.changes).toEqual(
      expect.arrayContaining([
        { field: 'imageUrl', from: front, to: terrace },
        { field: 'images', from: [front], to: [terrace, front] },
      ]),
    );

    const decided = await api('PUT', `/api/admin/hotels/${hotel.id}/revision`, { token: admin, body: { isApproved: true } });
    expect(decided.status).toBe(200);
    const after = await api<Hotel>('GET', `/api/hotels/${hotel.id}`);
    expect(after.body).toMatchObject({ imageUrl: terrace, images: [terrace, front] });
    const read = await api<HotelPhotosAnswer>('GET', `/api/provider/hotels/${hotel.id}/photos`, { token: provider.token });
    expect(read.body.awaitingReview).toBe(false);
  });

  it('a rejected deletion leaves the photo public and the proposal with its provider until they discard it', async () => {
    const current = (await api<HotelPhotosAnswer>('GET', `/api/provider/hotels/${hotel.id}/photos`, { token: provider.token })).body;
    const [cover, second] = current.photos;
    const deleted = await api<HotelPhotosAnswer>('DELETE', `/api/provider/hotels/${hotel.id}/photos/${second!.id}`, { token: provider.token });
    expect(deleted.body).toMatchObject({ awaitingReview: true, photos: [expect.objectContaining({ url: cover!.url })] });
    expect((await api<Hotel>('GET', `/api/hotels/${hotel.id}`)).body.images).toEqual([cover!.url, second!.url]);
    expect((await api('PUT', `/api/admin/hotels/${hotel.id}/revision`, { token: admin, body: { isApproved: false, reason: 'Keep the pool photo' } })).status).toBe(200);
    expect((await api<Hotel>('GET', `/api/hotels/${hotel.id}`)).body.images).toEqual([cover!.url, second!.url]);
    const read = await api<HotelPhotosAnswer>('GET', `/api/provider/hotels/${hotel.id}/photos`, { token: provider.token });
    expect(read.body).toMatchObject({ awaitingReview: false });
    expect(read.body.photos.map((p) => p.url)).toEqual([cover!.url]);
    expect((await api('DELETE', `/api/provider/hotels/${hotel.id}/revision`, { token: provider.token })).status).toBe(200);
    const after = await api<HotelPhotosAnswer>('GET', `/api/provider/hotels/${hotel.id}/photos`, { token: provider.token });
    expect(after.body.photos.map((p) => p.url)).toEqual([cover!.url, second!.url]);
  });
});

describe('uploads at the same time', () => {
  it('keeps every photo when several uploads to one listing run at once (each appends under the listing\'s lock)', async () => {
    const hotel = await newListing();
    const files = await Promise.all(
      Array.from({ length: 5 }, (_, i) => solid(300, 200, { r: 40 * i, g: 90, b: 200 - 30 * i }).jpeg().toBuffer().then((data) => ({ name: `c${i}.jpg`, type: 'image/jpeg', data }))),
    );
    const answers = await Promise.all(files.map((file) => upload(hotel.id, [file])));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    const read = await api<HotelPhotosAnswer>('GET', `/api/provider/hotels/${hotel.id}/photos`, { token: provider.token });
    expect(new Set(read.body.photos.map((p) => p.url)).size).toBe(5);
    // Every upload's own photo is among them, whatever order the uploads were taken in.
    for (const answer of answers) expect(read.body.photos.map((p) => p.url)).toEqual(expect.arrayContaining(answer.body.photos.map((p) => p.url)));
    expect(read.body.photos.filter((p) => p.isCover)).toHaveLength(1);
  });
});
