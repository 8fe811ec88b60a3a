/**
 * Photo captions (docs/decisions.md, "Photos in a lightbox"): given with the photos' arrangement, checked by the shared
 * schema (400 with the message, nothing written), shown in the hotel's answer for the photos it shows, and, on an
 * approved listing, reviewed like the photos.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { photoCaptionMessages, type Hotel, type HotelPhotosAnswer, type HotelRevision } from '@reproute/contracts';
import { api, listingBody, newProvider, tokenFor } from './support.ts';

let provider: { token: string; id: string; email: string };
let admin: string;
const front = 'https://cdn.example.com/front.jpg';
const gym = 'https://cdn.example.com/racks.jpg';

beforeAll(async () => {
  [provider, admin] = await Promise.all([newProvider(), tokenFor('admin')]);
});

async function listing(): Promise<Hotel> {
  const created = await api<Hotel>('POST', '/api/provider/hotels', { token: provider.token, body: listingBody({ images: [front], gymImages: [gym], imageUrl: front }) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

const arrange = (hotelId: number, body: unknown) => api<HotelPhotosAnswer & { message?: string }>('PUT', `/api/provider/hotels/${hotelId}/photos`, { token: provider.token, body });

describe('photo captions', () => {
  it('are given with the arrangement, trimmed, a blank one none; each photo answers its caption', async () => {
    const hotel = await listing();
    const res = await arrange(hotel.id, { images: [front], gymImages: [gym], captions: { [front]: '  The  lobby at dusk ', [gym]: '' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.photos[0]!.caption).toBe('The lobby at dusk');
    expect(res.body.gymPhotos[0]!.caption).toBeNull();
    const shown = await api<Hotel>('GET', `/api/hotels/${hotel.id}`, { token: provider.token });
    expect(shown.body.photoCaptions).toEqual({ [front]: 'The lobby at dusk' });

    // Left out, they stay; a photo removed takes its caption out of the answer.
    const again = await arrange(hotel.id, { images: [front], gymImages: [gym] });
    expect(again.body.photos[0]!.caption).toBe('The lobby at dusk');
    await arrange(hotel.id, { images: [front], gymImages: [gym], captions: { [front]: 'The lobby at dusk', [gym]: 'Two power racks' } });
    await arrange(hotel.id, { images: [front], gymImages: [] });
    expect((await api<Hotel>('GET', `/api/hotels/${hotel.id}`, { token: provider.token })).body.photoCaptions).toEqual({ [front]: 'The lobby at dusk' });
  });

  it('refuses a caption too long, for a photo not in the listing, or not a caption, with 400 and nothing written', async () => {
    const hotel = await listing();
    await arrange(hotel.id, { images: [front], gymImages: [gym], captions: { [front]: 'Before' } });
    const cases: [unknown, string][] = [
      [{ [front]: 'x'.repeat(161) }, photoCaptionMessages.captionMax],
      [{ 'https://cdn.example.com/elsewhere.jpg': 'Not ours' }, photoCaptionMessages.captionNotInListing],
      [{ 'not a url': 'Nope' }, photoCaptionMessages.captionNotInListing],
      [{ [front]: 42 }, photoCaptionMessages.captionMax],
      [['a list'], photoCaptionMessages.captionsInvalid],
    ];
    for (const [captions, message] of cases) {
      const res = await arrange(hotel.id, { images: [front], gymImages: [gym], captions });
      expect(res.status, JSON.stringify(captions)).toBe(400);
      expect(res.body.message, JSON.stringify(captions)).toBe(message);
    }
    const read = await api<HotelPhotosAnswer>('GET', `/api/provider/hotels/${hotel.id}/photos`, { token: provider.token });
    expect(read.body.photos[0]!.caption).toBe('Before');
  });

  it('of an approved listing wait for review, as the photos do', async () => {
    const hotel = await listing();
    expect((await api('PUT', `/api/hotels/${hotel.id}/approval`, { token: admin, body: { isApproved: true } })).status).toBe(200);
    const res = await arrange(hotel.id, { images: [front], gymImages: [gym], captions: { [gym]: 'Two power racks and a platform' } });
    expect(res.body).toMatchObject({ awaitingReview: true });
    expect(res.body.gymPhotos[0]!.caption).toBe('Two power racks and a platform');
    expect((await api<Hotel>('GET', `/api/hotels/${hotel.id}`)).body.photoCaptions).toEqual({});
    const revision = (await api<HotelRevision[]>('GET', '/api/admin/hotels/revisions', { token: admin })).body.find((r) => r.hotelId === hotel.id);
    expect(revision?.changes).toContainEqual({ field: 'photoCaptions', from: {}, to: { [gym]: 'Two power racks and a platform' } });
    expect((await api('PUT', `/api/admin/hotels/${hotel.id}/revision`, { token: admin, body: { isApproved: true } })).status).toBe(200);
    expect((await api<Hotel>('GET', `/api/hotels/${hotel.id}`)).body.photoCaptions).toEqual({ [gym]: 'Two power racks and a platform' });
  });
});
