import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import HomePage from './HomePage';
import { renderWithApp } from '@/test/render';
import { hotelFixture } from '@/test/fixtures';

afterEach(() => vi.unstubAllGlobals());

/** Answers the home page's two reads: its figures and its featured search; records the URLs asked. */
function stubApi(stats: Record<string, unknown> | null) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      if (url === '/api/stats') return stats ? new Response(JSON.stringify(stats), { status: 200 }) : new Response('{"message":"down"}', { status: 500 });
      if (url.startsWith('/api/hotels/search')) return new Response(JSON.stringify({ items: [hotelFixture()], total: 1, page: 1, pageSize: 6 }), { status: 200 });
      return new Response('{}', { status: 404 });
    }),
  );
  return urls;
}

const figures = async () => (await screen.findAllByTestId('summary-figure')).map((f) => f.textContent);

describe('HomePage', () => {
  it('shows the live figures in the "N+" form only when true, never the old fixed claims', async () => {
    stubApi({ hotels: 25, countries: 6, travellers: 277, averageRating: 4.4021, ratings: 92, generatedAt: '2026-12-02T00:00:00.000Z' });
    renderWithApp(<HomePage />);
    expect(await figures()).toEqual(['25Verified hotels', '6Countries', '200+Travellers', '4.4/5Average rating']);
    const section = screen.getByRole('region', { name: 'RepRoute in numbers' });
    for (const old of ['1,000+', '50+', '10K+', '4.8/5']) expect(within(section).queryByText(old)).toBeNull();
  });

  it('leaves the rating out before any approved review', async () => {
    stubApi({ hotels: 1, countries: 1, travellers: 0, averageRating: null, ratings: 0, generatedAt: '2026-12-02T00:00:00.000Z' });
    renderWithApp(<HomePage />);
    expect(await figures()).toEqual(['1Verified hotel', '1Country', '0Travellers']);
  });

  it('features the best gym scores (sort=gymScore), six of them', async () => {
    const urls = stubApi({ hotels: 25, countries: 6, travellers: 277, averageRating: 4.4, ratings: 92, generatedAt: '2026-12-02T00:00:00.000Z' });
    renderWithApp(<HomePage />);
    await screen.findByRole('heading', { name: 'Featured Hotels' });
    await screen.findAllByText(hotelFixture().name);
    expect(urls).toContain('/api/hotels/search?sort=gymScore&pageSize=6');
    expect(screen.getByText('The best gym scores in our catalog, ready for your next trip.')).toBeTruthy();
  });
});
