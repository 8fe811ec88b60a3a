import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allEquipmentLabels, classifyEquipment, equipmentCategories, providerHotelCreate, reviewRequest } from '@reproute/contracts';
import { seedCities, seedHotels, seedProvider } from '../../scripts/seed-data.ts';
import { seedReviewers, seedReviews } from '../../scripts/seed-reviews.ts';
import { seedImagePaths, seedRecord } from '../../scripts/seed.ts';
import { slugFor } from '../../src/domain/hotel.ts';

const assets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../assets');

describe('seed data', () => {
  it('has 25 hotels with ids 1-25 in the six cities of the spec', () => {
    expect(seedHotels.map((h) => h.id)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(new Set(seedHotels.map((h) => h.cityId))).toEqual(new Set(seedCities.map((c) => c.id)));
    expect(seedCities.map((c) => c.name)).toEqual(['New York', 'London', 'Tokyo', 'Paris', 'Dubai', 'Abu Dhabi']);
  });

  it('has unique slugs and five hotels of the seeded provider', () => {
    expect(new Set(seedHotels.map((h) => slugFor(h.name))).size).toBe(25);
    expect(seedHotels.filter((h) => h.ownedByProvider)).toHaveLength(5);
  });

  it('prices in USD, GBP, EUR and JPY, and one other currency shown as code then amount', () => {
    const currencies = new Set(seedHotels.map((h) => h.currency));
    for (const code of ['USD', 'GBP', 'EUR', 'JPY', 'AED']) expect(currencies).toContain(code);
  });

  it('exercises every taxonomy label at least twice across the set', () => {
    const counts = new Map<string, number>();
    for (const hotel of seedHotels) {
      const labels = classifyEquipment(hotel.rawEquipment);
      for (const c of equipmentCategories) for (const label of labels[c]) counts.set(label, (counts.get(label) ?? 0) + 1);
    }
    for (const label of allEquipmentLabels) expect(counts.get(label) ?? 0, label).toBeGreaterThanOrEqual(2);
  });

  it('uses every gym access type', () => {
    expect(new Set(seedHotels.map((h) => h.gymAccessType))).toEqual(new Set(['on-site', 'partnered', 'nearby']));
  });

  it('gives every hotel a valid provider-style payload and picture files that exist', () => {
    for (const hotel of seedHotels) {
      const record = seedRecord(hotel);
      expect(providerHotelCreate.safeParse({ ...record, cityId: record.cityId }).success, hotel.name).toBe(true);
      const pictures = seedImagePaths(hotel);
      for (const file of [...pictures.images, ...pictures.gymImages]) {
        const onDisk = path.join(assets, file);
        expect(fs.existsSync(onDisk), file).toBe(true);
        expect(fs.statSync(onDisk).size).toBeLessThan(80_000);
      }
    }
  });
});

describe('seeded reviews', () => {
  it('gives every seeded hotel two to four reviews, each by a different seeded reviewer who is not its owner', () => {
    for (const hotel of seedHotels) {
      const reviews = seedReviews.filter((r) => r.hotelId === hotel.id);
      expect(reviews.length, hotel.name).toBeGreaterThanOrEqual(2);
      expect(reviews.length, hotel.name).toBeLessThanOrEqual(4);
      expect(new Set(reviews.map((r) => r.reviewer.id)).size).toBe(reviews.length);
    }
    expect(seedReviewers.map((r) => r.id)).not.toContain(seedProvider.id);
    expect(new Set(seedReviews.map((r) => r.id)).size).toBe(seedReviews.length);
  });

  it('holds reviews a user could have written (the review rules of document 2) with valid ids', () => {
    for (const review of seedReviews) {
      const parsed = reviewRequest.safeParse({ ...review, hotelId: review.hotelId });
      expect(parsed.success, `${review.id}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      expect(review.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });
});

describe('the seeded reviews read as written by different people about different hotels', () => {
  const sentences = (text: string) => text.split(/(?<=[.!?])\s+/).map((s) => s.trim()).filter(Boolean);
  it('share no sentence and no title between two hotels', () => {
    const seenAt = new Map<string, number>();
    const repeats: string[] = [];
    for (const review of seedReviews) {
      for (const sentence of [review.title, ...sentences(review.content)]) {
        const hotel = seenAt.get(sentence);
        if (hotel !== undefined && hotel !== review.hotelId) repeats.push(`${sentence} (hotels ${hotel} and ${review.hotelId})`);
        seenAt.set(sentence, review.hotelId);
      }
    }
    expect(repeats).toEqual([]);
  });

  it('each reviewer of a hotel writes differently from the hotel\'s other reviewers', () => {
    for (const hotel of new Set(seedReviews.map((r) => r.hotelId))) {
      const texts = seedReviews.filter((r) => r.hotelId === hotel).map((r) => sentences(r.content)[0]);
      expect(new Set(texts).size, `hotel ${hotel}`).toBe(texts.length);
    }
  });
});
