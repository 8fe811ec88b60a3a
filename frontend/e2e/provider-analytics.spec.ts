import AxeBuilder from '@axe-core/playwright';
import { API, createListingApi, deleteListingApi, expect, newProvider, signInWithToken, test } from './doc2-support';

const now = () => new Date().toISOString();

test.describe('provider performance charts and demand data', () => {
  for (const width of [375, 1280]) {
    test(`charts switch range and demand sentences show at ${width} px`, async ({ page, request }) => {
      const provider = await newProvider(request);
      const auth = { Authorization: `Bearer ${provider.token}` };
      // Abu Dhabi: a seeded city few other tests search for.
      const hotel = await createListingApi(request, provider.token, { cityId: 6, rawEquipment: ['Squat rack', 'Treadmill'] });
      try {
        const session = `e2e-${hotel.id}-${Date.now()}`;
        const sent = await request.post(`${API}/api/analytics/batch`, {
          data: {
            sessionId: session,
            pageViews: [1, 2, 3].map((n) => ({ url: `/hotel/${hotel.id}`, title: `view ${n}`, timestamp: now() })),
            searches: [
              { query: 'Abu Dhabi', equipment: ['sauna'], resultCount: 3, timestamp: now() },
              { query: 'abu dhabi', equipment: ['squat rack', 'sauna'], resultCount: 1, timestamp: now() },
            ],
          },
        });
        expect(sent.status()).toBe(202);
        await expect
          .poll(async () => {
            const res = await request.get(`${API}/api/provider/analytics?range=7`, { headers: auth });
            return ((await res.json()) as { totals: { pageViews: number } }).totals.pageViews;
          }, { timeout: 30_000 })
          .toBe(3);

        await page.setViewportSize({ width, height: 900 });
        await signInWithToken(page, provider.token, '/provider/dashboard?tab=performance');
        await expect(page.getByRole('tab', { name: 'Performance' })).toHaveAttribute('aria-selected', 'true');
        const figures = page.getByTestId('analytics-figures');
        await expect(figures).toHaveAttribute('data-days', '30');
        await expect(page.getByTestId('chart-page-views').getByRole('img')).toHaveAttribute('aria-label', /^Page views, 30 days from .*: highest 3 on /);
        // uPlot draws each chart on a canvas; the image's attributes say what it holds.
        await expect(page.getByTestId('chart-page-views').locator('canvas')).toHaveCount(1);
        await expect(page.getByTestId('chart-page-views').getByRole('img')).toHaveAttribute('data-days-with-data', '1');
        await expect(page.getByTestId('stat-conversion-value')).toHaveText('--');

        await page.getByRole('button', { name: '7 days' }).click();
        await expect(figures).toHaveAttribute('data-days', '7');
        await expect(page.getByTestId('chart-leads').getByRole('img')).toHaveAttribute('data-points', '7');
        await page.getByRole('button', { name: '90 days' }).click();
        await expect(figures).toHaveAttribute('data-days', '90');
        await expect(page.getByTestId('chart-referral-clicks').getByRole('img')).toHaveAttribute('data-points', '90');
        await page.getByRole('combobox', { name: 'Listing', exact: true }).selectOption(String(hotel.id));
        await expect(page.getByTestId('chart-page-views').getByRole('img')).toHaveAttribute('aria-label', /highest 3 on /);

        const city = page.getByTestId('demand-city').filter({ hasText: 'Abu Dhabi' });
        await expect(city.getByText(/^\d+% of searches in Abu Dhabi asked for a sauna; your listing doesn't list one\.$/)).toBeVisible();
        await expect(city.getByText(/^\d+% of searches in Abu Dhabi asked for a squat rack; your listing lists one\.$/)).toBeVisible();

        const axe = await new AxeBuilder({ page }).include('[role="tabpanel"][data-state="active"]').analyze();
        expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
        await page.screenshot({ path: `test-results/provider-analytics-${width}.png`, fullPage: true });
        // Nothing sideways-scrolls the page on a phone.
        const overflowing = await page.evaluate((w) => [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > w + 1 && !el.closest('[class*=overflow-x-auto], .sr-only')).slice(0, 5).map((el) => `${el.tagName}.${el.className}`), width);
        expect(overflowing).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      } finally {
        await deleteListingApi(request, provider.token, hotel.id);
      }
    });
  }
});
