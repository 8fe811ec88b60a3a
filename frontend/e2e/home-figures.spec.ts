import { API, expect, test } from './support';

/**
 * Claims are true (ruling 15): the home page's summary figures are the live catalogue's and accounts'
 * (GET /api/stats), claimed as "N+" only with N a round number at or below the count; its featured hotels,
 * "top-rated gyms", are the best gym scores.
 */
const shots = process.env.E2E_SHOTS_DIR ?? 'test-results/home-figures';

interface Stats {
  hotels: number;
  countries: number;
  travellers: number;
  averageRating: number | null;
}

/** The rule of docs/decisions.md ("Summary figures"), written out again here so the page is checked against it, not against itself. */
function claim(count: number): string {
  if (count < 100) return String(count);
  const power = 10 ** Math.floor(Math.log10(count));
  const round = [5, 2, 1].map((step) => step * power).find((value) => value <= count)!;
  if (round >= 1_000_000) return `${round / 1_000_000}M+`;
  if (round >= 10_000) return `${round / 1_000}K+`;
  return `${round.toLocaleString('en-US')}+`;
}

for (const viewport of [
  { name: '375', width: 375, height: 812 },
  { name: '1280', width: 1280, height: 900 },
]) {
  test.describe(`home page claims at ${viewport.name} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the summary figures are the live ones, in the "N+" form only when true', async ({ page, request }) => {
      await page.goto('/');
      const stats = (await (await request.get(`${API}/api/stats`)).json()) as Stats;
      const section = page.getByRole('region', { name: 'RepRoute in numbers' });
      const values = section.getByTestId('summary-figure').locator('p:first-child');
      const labels = section.getByTestId('summary-figure').locator('p:last-child');
      const expected = [
        [claim(stats.hotels), stats.hotels === 1 ? 'Verified hotel' : 'Verified hotels'],
        [claim(stats.countries), stats.countries === 1 ? 'Country' : 'Countries'],
        [claim(stats.travellers), stats.travellers === 1 ? 'Traveller' : 'Travellers'],
        ...(stats.averageRating === null ? [] : [[`${(Math.floor(stats.averageRating * 10 + 1e-9) / 10).toFixed(1)}/5`, 'Average rating']]),
      ];
      await expect(values).toHaveText(expected.map(([value]) => value!));
      await expect(labels).toHaveText(expected.map(([, label]) => label!));
      // The old fixed claims are gone unless they happen to be true.
      if (stats.hotels < 1_000) await expect(section).not.toContainText('1,000+');
      if (stats.travellers < 10_000) await expect(section).not.toContainText('10K+');
      // The server wrote them into the page: they are there before any script runs.
      const html = await (await request.get('/')).text();
      expect(html).toContain('"url":"/api/stats"');
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({ path: `${shots}/figures-${viewport.name}.png` });
    });

    test('"Featured Hotels" are the top-rated gyms: the six best gym scores, in order', async ({ page, request }) => {
      const best = ((await (await request.get(`${API}/api/hotels/search?sort=gymScore&pageSize=6`)).json()) as { items: { name: string }[] }).items;
      await page.goto('/');
      const featured = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Featured Hotels' }) });
      await expect(featured.getByText('The best gym scores in our catalog, ready for your next trip.')).toBeVisible();
      await expect(featured.getByTestId('hotel-card').getByRole('heading')).toHaveText(best.map((h) => h.name));
      await featured.getByRole('heading', { name: 'Featured Hotels' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/featured-${viewport.name}.png` });
    });
  });
}
