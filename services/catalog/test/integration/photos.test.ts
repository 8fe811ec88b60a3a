/**
 * A provider's photo upload through the gateway: a multipart body larger than the gateway's 1 MB JSON
 * limit reaches the catalog whole. What the catalog does with photos (variants, metadata, refusals,
 * arranging, review) is in test/routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Hotel, HotelPhotosAnswer } from '@reproute/contracts';
import fs from 'node:fs';
import { api, gatewayUrl, stack } from '@reproute/platform/testing';
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

/** The catalog process's resident memory (MB), from /proc. */
function catalogRssMb(): number {
  const pid = fs.readFileSync(stack.pidFile('catalog'), 'utf8').trim();
  return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
}

describe('decoding is bounded', () => {
  it('four concurrent uploads of a 10000 x 10000 PNG keep the catalog well under its memory limit (384 MiB in the chart)', async () => {
    const created = await api<Hotel>('POST', '/api/provider/hotels', { token: provider.token, body: listingBody() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    createdHotelIds.add(created.body.id);
    // 100 megapixels in a file of a few hundred KB: the canvas, not the file, is what costs memory.
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: { r: 180, g: 40, b: 40 } } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(1_000_000);
    const before = catalogRssMb();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, catalogRssMb())), 25);
    const upload = async () => {
      const form = new FormData();
      form.append('photos', new Blob([new Uint8Array(bomb)], { type: 'image/png' }), 'huge.png');
      const res = await fetch(`${gatewayUrl}/api/provider/hotels/${created.body.id}/photos?kind=gym`, { method: 'POST', headers: { authorization: `Bearer ${provider.token}` }, body: form });
      return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
    };
    const answers = await Promise.all([upload(), upload(), upload(), upload()]);
    clearInterval(sampler);
    for (const answer of answers) {
      // Each is processed in turn, or refused with 503 and Retry-After: never a 5xx of another kind.
      expect([201, 503], JSON.stringify(answer.body)).toContain(answer.status);
      if (answer.status === 503) expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    expect(answers.some((answer) => answer.status === 201)).toBe(true);
    // One decode at a time: the four together grow the catalog by what one decode holds (about 90 MB; four at
    // once took it from 208 to 709 MB), leaving room under the chart's limit of 384 MiB (403 MB).
    const report = `catalog RSS ${before.toFixed(0)} -> ${peak.toFixed(0)} MB`;
    expect(peak - before, report).toBeLessThan(150);
    expect(peak, report).toBeLessThan(384 * 1.048576);
  });
});
