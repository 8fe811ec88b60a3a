import AxeBuilder from '@axe-core/playwright';
import { expect, firstBookableHotel, test } from './support';

test.describe('accessibility (axe-core: no serious or critical violations)', () => {
  const paths = ['/', '/search', '/search?query=Atlantis', '/login', '/register', '/forgot-password', '/favourites', '/no/such/page', '/maintenance'];
  for (const path of paths) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
    });
  }

  test('hotel detail and the booking dialog', async ({ page, request }) => {
    const hotel = await firstBookableHotel(request);
    await page.goto(`/hotels/${hotel.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    let results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await page.getByRole('button', { name: 'Book Now' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });
});
