/**
 * A provider's photo upload through the gateway: a multipart body larger than the gateway's 1 MB JSON
 * limit reaches the catalog whole. What the catalog does with photos (variants, metadata, refusals,
 * arranging, review) is in test/routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Hotel, HotelPhotosAnswer } from '@reproute/contracts';
import { api, gatewayUrl } from '@reproute/platform/testing';
import { createdHotelIds, deleteCreatedHotels, listingBody, newProvider } from './support.ts';

let provider: { token: string; id: string; email: string };

beforeAll(async () => {
  provider = await newProvider();
});
afterAll(deleteCreatedHotels);

describe('photo uploads through the gateway', () => {
  it('takes a photo larger than the gateway\'s 1 MB JSON limit (a 3 MB PNG) as a gym photo', async () => {
    const created = await api<Hotel>('POST', '/api/provider/hotels', { token: provider.token, body: listingBody() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    createdHotelIds.add(created.body.id);
    const noise = Buffer.alloc(1100 * 900 * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: 1100, height: 900, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(big.length).toBeGreaterThan(2_500_000);
    const form = new FormData();
    form.append('photos', new Blob([new Uint8Array(big)], { type: 'image/png' }), 'big-gym.png');
    const res = await fetch(`${gatewayUrl}/api/provider/hotels/${created.body.id}/photos?kind=gym`, { method: 'POST', headers: { authorization: `Bearer ${provider.token}` }, body: form });
    const body = (await res.json()) as HotelPhotosAnswer;
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body.gymPhotos).toHaveLength(1);
    expect(body.gymPhotos[0]).toMatchObject({ width: 1100, height: 900, isCover: false });
  });
});
