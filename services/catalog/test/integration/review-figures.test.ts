import { describe, expect, it } from 'vitest';
import type { AdminHotelListAnswer, Hotel, HotelSearchAnswer, ReviewAnswer } from '@reproute/contracts';
import { api, eventually } from '@reproute/platform/testing';
import { seedHotels } from '../../scripts/seed-data.ts';
import { tokenFor } from './support.ts';

/** What a hotel's approved reviews add up to, as engagement serves them. */
async function approvedFigures(hotelId: number): Promise<{ rating: number; totalReviews: number }> {
  const reviews = (await api<ReviewAnswer[]>('GET', `/api/hotels/${hotelId}/reviews`)).body;
  const total = reviews.reduce((sum, r) => sum + r.rating, 0);
  return { totalReviews: reviews.length, rating: reviews.length ? Math.round((total / reviews.length) * 100) / 100 : 0 };
}

describe('honest numbers: rating and review count come only from approved reviews', () => {
  it('every seeded hotel has seeded reviews, and its figures on detail, search and the admin list equal its approved reviews', async () => {
    const admin = await tokenFor('admin');
    const search = (await api<HotelSearchAnswer>('GET', '/api/hotels/search?pageSize=100')).body.items;
    const adminList: Hotel[] = [];
    // The admin list is paged: read every page (oldest first, so hotels created meanwhile land at the end).
    for (let page = 1; ; page += 1) {
      const answer = (await api<AdminHotelListAnswer>('GET', `/api/admin/hotels?sort=created&pageSize=100&page=${page}`, { token: admin })).body;
      adminList.push(...answer.items);
      if (answer.items.length < answer.pageSize) break;
    }
    for (const seeded of seedHotels) {
      // Other suites approve reviews of seeded hotels while this runs: compare until both sides agree.
      await eventually(
        async () => {
          const expected = await approvedFigures(seeded.id);
          const detail = (await api<Hotel>('GET', `/api/hotels/${seeded.id}`)).body;
          return expected.totalReviews >= 2 && detail.totalReviews === expected.totalReviews && Math.abs(detail.rating - expected.rating) < 0.011;
        },
        20_000,
        `figures of hotel ${seeded.id}`,
      );
      const detail = (await api<Hotel>('GET', `/api/hotels/${seeded.id}`)).body;
      for (const listed of [search.find((h) => h.id === seeded.id), adminList.find((h) => h.id === seeded.id)]) {
        expect(listed, `hotel ${seeded.id} listed`).toBeDefined();
        expect(listed!.totalReviews).toBeLessThanOrEqual(detail.totalReviews);
        expect(listed!.totalReviews).toBeGreaterThanOrEqual(2);
      }
    }
  }, 120_000);
});
