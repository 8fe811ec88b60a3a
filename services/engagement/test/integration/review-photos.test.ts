/**
 * Review photos on the running system, through the gateway: a gym photo uploaded as multipart (the gateway's upload
 * limit, engagement's pipeline), named by a review, served privately while the review waits and publicly once it is
 * approved; a rejected review's photo answers 404 at once; and an account deleted through identity (its
 * user.deletion-requested over Kafka) takes its unused uploads and its unpublished review's photos with it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { engagementExport } from '@reproute/contracts';
import { api, eventually, gatewayUrl, registerTraveller } from '@reproute/platform/testing';
import { engagementDb, seededToken, waitForKnownHotel } from './support.ts';

let admin: string;

async function upload(token: string, width: number) {
  // A picture of its own each run: photos are named by their content, so one a past run's approved review holds is public.
  const shade = () => Math.floor(Math.random() * 256);
  const data = await sharp({ create: { width, height: 600, channels: 3, background: { r: shade(), g: shade(), b: shade() } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'IntegrationSecretCam' } })
    .toBuffer();
  const form = new FormData();
  form.append('photos', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), 'gym.jpg');
  const res = await fetch(`${gatewayUrl}/api/reviews/photos`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = (await res.json()) as { photos: { id: string; src: string }[] };
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.photos[0]!;
}

async function file(src: string) {
  const res = await fetch(`${gatewayUrl}${src}`);
  return { status: res.status, cache: res.headers.get('cache-control'), body: Buffer.from(await res.arrayBuffer()) };
}

const review = (hotelId: number, photoIds: string[]) => ({
  hotelId,
  title: 'Quiet racks at dawn',
  content: 'Two power racks and dumbbells to 50 kg; nobody there before seven.',
  rating: 4,
  gymRating: 5,
  travelType: 'fitness',
  stayDate: '2026-08',
  gymScores: { equipment: 5, crowding: 5 },
  trainedHour: 6,
  photoIds,
});

beforeAll(async () => {
  admin = await seededToken('admin');
  await Promise.all([waitForKnownHotel(4), waitForKnownHotel(5), waitForKnownHotel(6)]);
}, 90_000);

describe('review photos through the gateway', () => {
  it('private while the review waits, public once approved, 404 once a review is rejected', async () => {
    const [kept, turnedDown] = await Promise.all([registerTraveller({ firstName: 'Pia' }), registerTraveller({ firstName: 'Rolf' })]);
    const photo = await upload(kept.token, 1000);
    const posted = await api('POST', '/api/reviews', { token: kept.token, body: review(4, [photo.id]) });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const waiting = await file(photo.src);
    expect(waiting.status).toBe(200);
    expect(waiting.cache).toBe('private, no-store');
    expect(waiting.body.includes(Buffer.from('IntegrationSecretCam'))).toBe(false);
    expect((await api('PUT', `/api/reviews/${posted.body.id}/approve`, { token: admin, body: { isApproved: true } })).status).toBe(200);
    const published = await api('GET', '/api/hotels/4/reviews');
    expect(published.body.find((r: { id: string }) => r.id === posted.body.id)).toMatchObject({ gymScores: { equipment: 5, crowding: 5 }, trainedBand: 'early', photos: [{ id: photo.id }] });
    expect((await file(photo.src)).cache).toBe('public, max-age=86400');

    const other = await upload(turnedDown.token, 900);
    const rejected = await api('POST', '/api/reviews', { token: turnedDown.token, body: review(5, [other.id]) });
    expect((await api('PUT', `/api/reviews/${rejected.body.id}/approve`, { token: admin, body: { isApproved: false, reason: 'Not this hotel.' } })).status).toBe(200);
    expect((await file(other.src)).status).toBe(404);
  });

  it('a deleted account\'s unused uploads and unpublished review photos go with it', async () => {
    const leaving = await registerTraveller({ firstName: 'Lea' });
    const unused = await upload(leaving.token, 800);
    const attached = await upload(leaving.token, 820);
    expect((await api('POST', '/api/reviews', { token: leaving.token, body: review(6, [attached.id]) })).status).toBe(201);
    const exported = engagementExport.parse((await api('GET', '/api/engagement/me/export', { token: leaving.token })).body);
    expect(exported.unusedReviewPhotos.map((p) => p.id)).toEqual([unused.id]);

    expect((await api('POST', '/api/auth/delete-account', { token: leaving.token, body: { currentPassword: leaving.password } })).status).toBe(202);
    const db = engagementDb();
    try {
      await eventually(async () => (await db.query('SELECT 1 FROM review_photos WHERE id = ANY($1::uuid[])', [[unused.id, attached.id]])).rows.length === 0, 30_000, 'the photos erased');
    } finally {
      await db.end();
    }
    expect((await file(unused.src)).status).toBe(404);
    expect((await file(attached.src)).status).toBe(404);
  });
});
