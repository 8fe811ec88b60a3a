import type { Page } from '@playwright/test';
import { API, expect, test } from './support';

interface ScoredHotel {
  id: number;
  slug: string;
  name: string;
  gymScore: number;
  gymHighlights: { kind: string; label: string }[];
  gymScoreBreakdown: { key: string; label: string; points: number; maxPoints: number; reason: string }[];
}

/** The API's hotels best gym score first. */
async function bestGyms(page: Page): Promise<ScoredHotel[]> {
  const response = await page.request.get(`${API}/api/hotels/search?sort=gymScore&pageSize=24`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: ScoredHotel[] }).items;
}

const shots = process.env.GYM_SCORE_SHOTS;

for (const { width, name } of [
  { width: 1280, name: 'desktop' },
  { width: 375, name: 'phone' },
]) {
  test.describe(`gym at a glance at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 800 ? 900 : 812 } });

    test('cards show the gym score and highlights; the search sorts by gym score (in the URL)', async ({ page }) => {
      const best = await bestGyms(page);
      const top = best[0]!;
      expect(top.gymHighlights.length).toBeGreaterThan(0);
      await page.goto('/search');
      const sort = page.getByRole('combobox', { name: 'Sort by' });
      await sort.selectOption('gymScore');
      await expect(page).toHaveURL(/sort=gymScore/);
      const card = page.getByTestId('hotel-card').first();
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(top.name);
      await expect(card.getByLabel(`Gym score ${top.gymScore.toFixed(1)} out of 5`)).toHaveText(`Gym ${top.gymScore.toFixed(1)}`);
      await expect(card.getByRole('list', { name: 'Gym highlights' }).getByRole('listitem')).toHaveText(top.gymHighlights.map((h) => h.label));
      // The gym line never makes a card scroll sideways.
      const overflow = await card.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      if (shots) await page.screenshot({ path: `${shots}/cards-${name}.png` });
      await page.reload();
      await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('gymScore');
    });

    test('the hotel page opens "Why" with each component, its points and reason', async ({ page }) => {
      const top = (await bestGyms(page))[0]!;
      await page.goto(`/hotels/${top.slug}`);
      const score = top.gymScore.toFixed(1);
      const why = page.getByRole('button', { name: `Why ${score}?` });
      await expect(why).toHaveAttribute('aria-expanded', 'false');
      const components = page.getByTestId('gym-score-component');
      await expect(components.first()).toBeHidden();
      await why.click();
      await expect(why).toHaveAttribute('aria-expanded', 'true');
      await expect(components).toHaveCount(top.gymScoreBreakdown.length);
      for (const [i, component] of top.gymScoreBreakdown.entries()) {
        await expect(components.nth(i)).toContainText(component.label);
        await expect(components.nth(i)).toContainText(component.reason);
      }
      if (shots) {
        await page.getByTestId('gym-score-panel').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${shots}/why-${name}.png` });
      }
      await why.press('Enter');
      await expect(why).toHaveAttribute('aria-expanded', 'false');
      await expect(components.first()).toBeHidden();
    });
  });
}
