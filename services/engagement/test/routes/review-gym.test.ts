/**
 * A review's gym details and photos: sub-scores, when and what the reviewer trained, each refused with its own
 * message and nothing written; gym photos through the listing photos' pipeline (a phone's JPEG with its camera and
 * GPS comes back upright WebP with no metadata), shown with the review only once it is approved, gone when it is
 * rejected or its author's account is deleted; bad files refused; the export names the account's unused uploads.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { engagementExport, photoMessages, reviewAnswer, reviewGymMessages } from '@reproute/contracts';
import { testHotel } from '@reproute/platform/testing/events';
import type { TestUser } from '@reproute/platform/testing/service-under-test';
import { api, db, engagement, reviewPhotoStorageForTests, seededToken, uniqueEmail } from './support.ts';
import { sweepReviewPhotos } from '../../src/store/review-photos.ts';

const hotels = { details: 721, photos: 722, rejected: 723, invalid: 724, others: 725, erased: 726 };
let traveller: TestUser;
let other: TestUser;
let admin: string;

const body = (hotelId: number, extra: Record<string, unknown> = {}) => ({
  hotelId,
  title: 'Racks and a quiet evening',
  content: 'Two power racks, dumbbells to 50 kg, never more than three people after 20:00.',
  rating: 4,
  gymRating: 5,
  travelType: 'fitness',
  stayDate: '2026-08',
  ...extra,
});

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } });

/** A JPEG as a phone writes it: camera make, a GPS position and an orientation of 6 (shot rotated). */
const phoneJpeg = () =>
  solid(2400, 1200)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'RepRouteSecretCam', Model: 'Phone 9' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();

/** POSTs files as multipart/form-data, the way a browser's FormData sends them. */
async function upload(token: string | null, files: { data: Buffer; type: string; name: string }[]) {
  const form = new FormData();
  for (const file of files) form.append('photos', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const encoded = new Request('http://engagement.test/', { method: 'POST', body: form });
  const res = await (await engagement()).inject({
    method: 'POST',
    url: '/api/reviews/photos',
    headers: { 'content-type': encoded.headers.get('content-type')!, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- loosely typed JSON answers
  return { status: res.statusCode, body: (res.body ? JSON.parse(res.body) : null) as any };
}

async function fetchFile(url: string) {
  const res = await (await engagement()).inject({ method: 'GET', url });
  return { status: res.statusCode, cache: String(res.headers['cache-control'] ?? ''), data: res.rawPayload };
}

const reviewsOf = async (hotelId: number) => Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM reviews WHERE hotel_id = $1', [hotelId])).rows[0]!.n);

beforeAll(async () => {
  const sut = await engagement();
  traveller = await sut.asTraveller({ email: uniqueEmail('lifter'), firstName: 'Gita', lastName: 'Gains' });
  other = await sut.asTraveller({ email: uniqueEmail('other') });
  admin = await seededToken('admin');
  for (const hotelId of Object.values(hotels)) await sut.bus.publishEvent('hotel.created', testHotel(hotelId), { key: hotelId });
  await sut.settled();
});

describe('POST /api/reviews: the gym details', () => {
  it('keeps the sub-scores, the hour (and its band) and what was trained', async () => {
    const res = await api('POST', '/api/reviews', {
      token: traveller.token,
      body: body(hotels.details, { gymScores: { equipment: 5, space: 3, crowding: 4 }, trainedHour: 6, trainedKinds: ['strength', 'cardio'] }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const review = reviewAnswer.parse(res.body);
    expect(review).toMatchObject({
      gymScores: { equipment: 5, space: 3, cleanliness: null, crowding: 4 },
      trainedHour: 6,
      trainedBand: 'early',
      trainedKinds: ['strength', 'cardio'],
      photos: [],
    });
    const mine = await api('GET', '/api/reviews/mine', { token: traveller.token });
    expect(mine.body.find((r: { id: string }) => r.id === review.id)).toMatchObject({ gymScores: review.gymScores, trainedBand: 'early' });
  });

  it('a review without them still works (every field optional): nulls and an empty list', async () => {
    const res = await api('POST', '/api/reviews', { token: other.token, body: body(hotels.details, { trainedBand: 'evening' }) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ gymScores: { equipment: null, space: null, cleanliness: null, crowding: null }, trainedHour: null, trainedBand: 'evening', trainedKinds: [] });
  });

  it.each([
    [{ gymScores: { equipment: 6 } }, reviewGymMessages.subScoreInvalid],
    [{ gymScores: { space: 0 } }, reviewGymMessages.subScoreInvalid],
    [{ gymScores: { cleanliness: 2.5 } }, reviewGymMessages.subScoreInvalid],
    [{ gymScores: { crowding: 'busy' } }, reviewGymMessages.subScoreInvalid],
    [{ gymScores: { sauna: 4 } }, reviewGymMessages.subScoreUnknown],
    [{ gymScores: 5 }, reviewGymMessages.subScoreInvalid],
    [{ trainedHour: 24 }, reviewGymMessages.trainedHourInvalid],
    [{ trainedHour: '7am' }, reviewGymMessages.trainedHourInvalid],
    [{ trainedBand: 'noon' }, reviewGymMessages.trainedBandInvalid],
    [{ trainedHour: 7, trainedBand: 'evening' }, reviewGymMessages.trainedHourOutsideBand],
    [{ trainedKinds: ['strength', 'strength'] }, reviewGymMessages.trainedKindsInvalid],
    [{ trainedKinds: ['crossfit'] }, reviewGymMessages.trainedKindsInvalid],
    [{ trainedKinds: 'strength' }, reviewGymMessages.trainedKindsInvalid],
    [{ photoIds: ['not-a-photo'] }, reviewGymMessages.photoIdsInvalid],
    [{ photoIds: Array.from({ length: 7 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`) }, reviewGymMessages.photoIdsMax],
    [{ photoIds: ['00000000-0000-4000-8000-000000000001'] }, reviewGymMessages.photoNotYours],
  ])('%j answers 400 "%s" and writes nothing', async (extra, message) => {
    const res = await api('POST', '/api/reviews', { token: traveller.token, body: body(hotels.invalid, extra) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await reviewsOf(hotels.invalid)).toBe(0);
  });
});

describe('review photos', () => {
  let uploaded: { id: string; src: string; srcSet: string; width: number; height: number }[];
  let reviewId: string;

  it('a visitor cannot upload (401); an unverified account is refused (403)', async () => {
    const jpeg = await phoneJpeg();
    expect((await upload(null, [{ data: jpeg, type: 'image/jpeg', name: 'gym.jpg' }])).status).toBe(401);
    const unverified = await (await engagement()).asTraveller({ emailVerified: false });
    const refused = await upload(unverified.token, [{ data: jpeg, type: 'image/jpeg', name: 'gym.jpg' }]);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(reviewGymMessages.photoUploadNeedsVerifiedEmail);
  });

  it('bad files answer 400 with the pipeline\'s message and store nothing', async () => {
    const before = (await db.query('SELECT count(*) AS n FROM review_photos')).rows[0].n;
    const text = await upload(traveller.token, [{ data: Buffer.from('not an image at all'), type: 'image/jpeg', name: 'gym.jpg' }]);
    expect(text.status).toBe(400);
    expect(text.body.message).toBe(photoMessages.type);
    const gif = await upload(traveller.token, [{ data: await solid(20, 20).gif().toBuffer(), type: 'image/gif', name: 'gym.gif' }]);
    expect(gif.status).toBe(400);
    expect(gif.body.message).toBe(photoMessages.type);
    const none = await upload(traveller.token, []);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(photoMessages.missing);
    // multipart/form-data without its boundary: the parser refuses it, and so does the route, with a 400.
    const unbounded = await (await engagement()).inject({ method: 'POST', url: '/api/reviews/photos', headers: { 'content-type': 'multipart/form-data', authorization: `Bearer ${traveller.token}` }, payload: '' });
    expect(unbounded.statusCode).toBe(400);
    expect(JSON.parse(unbounded.body).message).toBe(photoMessages.missing);
    expect((await db.query('SELECT count(*) AS n FROM review_photos')).rows[0].n).toBe(before);
  });

  it('a phone\'s JPEG comes back upright, resized WebP variants with no metadata, shown to its author only', async () => {
    const res = await upload(traveller.token, [
      { data: await phoneJpeg(), type: 'image/jpeg', name: 'rack.jpg' },
      { data: await solid(640, 480).png().toBuffer(), type: 'image/png', name: 'bench.png' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    uploaded = res.body.photos;
    expect(uploaded).toHaveLength(2);
    // Orientation 6: the 2400 x 1200 shot is 1200 wide once upright; the 640 px PNG is never enlarged.
    expect(uploaded.map((p) => [p.width, p.height])).toEqual([[1200, 2400], [640, 480]]);
    expect(uploaded[0]!.srcSet.split(', ').map((s) => s.split(' ')[1])).toEqual(['400w', '800w', '1200w']);
    const file = await fetchFile(uploaded[0]!.src);
    expect(file.status).toBe(200);
    expect(file.cache).toBe('private, no-store');
    const meta = await sharp(file.data).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(800);
    expect(meta.exif).toBeUndefined();
    expect(file.data.includes(Buffer.from('RepRouteSecretCam'))).toBe(false);
    expect((await fetchFile(uploaded[0]!.src.replace(/-\d+\.webp$/, '-1600.webp'))).status).toBe(404);
  });

  it('only the uploader can put a photo in a review; then it shows once the review is approved', async () => {
    const stolen = await api('POST', '/api/reviews', { token: other.token, body: body(hotels.others, { photoIds: [uploaded[0]!.id] }) });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe(reviewGymMessages.photoNotYours);
    expect(await reviewsOf(hotels.others)).toBe(0);

    const res = await api('POST', '/api/reviews', { token: traveller.token, body: body(hotels.photos, { photoIds: [uploaded[1]!.id, uploaded[0]!.id], gymScores: { crowding: 2 } }) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    reviewId = res.body.id;
    expect(res.body.photos.map((p: { id: string }) => p.id)).toEqual([uploaded[1]!.id, uploaded[0]!.id]);
    // Used once: the same photo cannot go in a second review.
    const again = await api('POST', '/api/reviews', { token: traveller.token, body: body(hotels.others, { photoIds: [uploaded[0]!.id] }) });
    expect(again.body.message).toBe(reviewGymMessages.photoNotYours);

    expect((await api('GET', `/api/hotels/${hotels.photos}/reviews`)).body).toEqual([]);
    const queue = await api('GET', `/api/admin/reviews?status=pending&hotelId=${hotels.photos}`, { token: admin });
    expect(queue.body.items[0]).toMatchObject({ id: reviewId, gymScores: { crowding: 2 }, photos: [{ id: uploaded[1]!.id }, { id: uploaded[0]!.id }] });
    expect((await fetchFile(uploaded[0]!.src)).cache).toBe('private, no-store');

    expect((await api('PUT', `/api/reviews/${reviewId}/approve`, { token: admin, body: { isApproved: true } })).status).toBe(200);
    const published = await api('GET', `/api/hotels/${hotels.photos}/reviews`);
    expect(published.body[0].photos.map((p: { src: string }) => p.src)).toEqual([uploaded[1]!.src, uploaded[0]!.src]);
    const file = await fetchFile(uploaded[0]!.src);
    expect(file.status).toBe(200);
    expect(file.cache).toBe('public, max-age=86400');
  });

  it('a rejected review\'s photos go at once (404) and their files with the sweep', async () => {
    const res = await upload(traveller.token, [{ data: await solid(900, 600).jpeg().toBuffer(), type: 'image/jpeg', name: 'dirty.jpg' }]);
    const photo = res.body.photos[0];
    const created = await api('POST', '/api/reviews', { token: traveller.token, body: body(hotels.rejected, { photoIds: [photo.id] }) });
    expect(created.status).toBe(201);
    const rejected = await api('PUT', `/api/reviews/${created.body.id}/approve`, { token: admin, body: { isApproved: false, reason: 'Not this hotel.' } });
    expect(rejected.status).toBe(200);
    expect(rejected.body.photos).toEqual([]);
    expect((await fetchFile(photo.src)).status).toBe(404);
    const fileId = photo.src.match(/([a-f0-9]{32})-/)[1];
    expect(await reviewPhotoStorageForTests.has(`${fileId}-800.webp`)).toBe(true);
    await sweepReviewPhotos((await engagement()).pool, reviewPhotoStorageForTests, 0);
    expect(await reviewPhotoStorageForTests.has(`${fileId}-800.webp`)).toBe(false);
    // The approved review's files stay.
    expect(await reviewPhotoStorageForTests.has(uploaded[0]!.src.split('/').pop()!)).toBe(true);
  });

  it('the export names unused uploads; the account\'s deletion takes them', async () => {
    const sut = await engagement();
    const leaving = await sut.asTraveller({ email: uniqueEmail('leaving') });
    const res = await upload(leaving.token, [{ data: await solid(500, 500).webp().toBuffer(), type: 'image/webp', name: 'me.webp' }]);
    expect(res.status).toBe(201);
    const pendingUpload = await upload(leaving.token, [{ data: await solid(510, 500).webp().toBuffer(), type: 'image/webp', name: 'pending.webp' }]);
    const pending = await api('POST', '/api/reviews', { token: leaving.token, body: body(hotels.erased, { photoIds: [pendingUpload.body.photos[0].id] }) });
    expect(pending.status).toBe(201);
    const exported = engagementExport.parse((await api('GET', '/api/engagement/me/export', { token: leaving.token })).body);
    expect(exported.unusedReviewPhotos.map((p) => p.id)).toEqual([res.body.photos[0].id]);
    expect(exported.reviews[0]!.photos.map((p) => p.id)).toEqual([pendingUpload.body.photos[0].id]);

    await sut.bus.publishEvent('user.deletion-requested', { userId: leaving.id, emails: [leaving.email], isProvider: false, requestedAt: new Date().toISOString() }, { key: leaving.id });
    await sut.settled();
    const left = await db.query('SELECT id FROM review_photos WHERE id = ANY($1::uuid[])', [[res.body.photos[0].id, pendingUpload.body.photos[0].id]]);
    expect(left.rows).toEqual([]);
    expect((await fetchFile(res.body.photos[0].src)).status).toBe(404);
  });
});
