import type { Page } from '@playwright/test';
import { expect, searchApi, test } from './support';

const shots = process.env.SHOTS_DIR ?? '/tmp/shots-forgiving-search';
const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search by city, hotel name or country' });

/** Presses Tab until the focused element has this accessible text, at most `limit` times; answers how many presses it took. */
async function tabTo(page: Page, text: string, limit = 40): Promise<number> {
  for (let presses = 1; presses <= limit; presses += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim() ?? '');
    if (focused === text) return presses;
  }
  throw new Error(`"${text}" was not reached in ${limit} presses of Tab`);
}

for (const width of [375, 1280]) {
  test.describe(`forgiving search at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
    });

    test('a typo shows the hotels meant with "Did you mean London?", and following it searches London', async ({ page, request }) => {
      const london = await searchApi(request, { query: 'London' });
      expect(london.total).toBeGreaterThan(0);
      await page.goto('/search?query=londn');
      const notice = page.getByTestId('did-you-mean');
      await expect(notice).toContainText('Did you mean London?');
      await expect(notice).toContainText('No hotels match “londn”, so these are hotels for London.');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for "London" (${london.total})`);
      await expect(page.getByTestId('hotel-card')).toHaveCount(Math.min(london.total, 24));
      for (const card of await page.getByTestId('hotel-card').all()) await expect(card).toContainText('London');
      await page.screenshot({ path: `${shots}/did-you-mean-${width}.png`, fullPage: false });

      await notice.getByRole('link', { name: 'London' }).click();
      await expect(page).toHaveURL(/\/search\?query=London$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for "London" (${london.total})`);
      await expect(page.getByTestId('did-you-mean')).toHaveCount(0);
      await expect(searchBox(page)).toHaveValue('London');
    });

    test('short forms and word matching: "uk" finds the United Kingdom, not Shinjuku', async ({ page, request }) => {
      const uk = await searchApi(request, { query: 'uk' });
      expect(uk.items.every((h: { country: string }) => h.country === 'United Kingdom')).toBe(true);
      await page.goto('/search?query=uk');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for "uk" (${uk.total})`);
      await expect(page.getByRole('heading', { name: 'Shinjuku Skyline Tower Hotel' })).toHaveCount(0);
    });

    test('suggestions by keyboard only: Down, Up, Escape and Enter', async ({ page }) => {
      await page.goto('/search');
      await searchBox(page).focus();
      await page.keyboard.type('lon');
      const list = page.getByRole('listbox', { name: 'Search suggestions' });
      await expect(list.getByRole('option', { name: /London, United Kingdom/ })).toBeVisible();
      await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'true');
      await expect(searchBox(page)).not.toHaveAttribute('aria-activedescendant', /./);
      await page.keyboard.press('ArrowDown');
      const active = await searchBox(page).getAttribute('aria-activedescendant');
      await expect(page.locator(`[id="${active}"]`)).toHaveAttribute('aria-selected', 'true');
      await expect(page.locator(`[id="${active}"]`)).toContainText('London');
      await expect(searchBox(page)).toBeFocused();
      await page.screenshot({ path: `${shots}/suggestions-${width}.png` });
      await page.keyboard.press('Escape');
      await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'false');
      await expect(list.getByRole('option')).toHaveCount(0);
      await expect(searchBox(page)).toHaveValue('lon');
      await page.keyboard.press('ArrowDown');
      await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'true');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/search\?query=London$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Results for "London" \(\d+\)$/);

      // A hotel suggestion opens the hotel; Enter without choosing searches the text as typed.
      await searchBox(page).fill('');
      await searchBox(page).focus();
      await page.keyboard.type('shinj');
      await expect(list.getByRole('option', { name: /Shinjuku Skyline Tower Hotel/ })).toBeVisible();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/search\?query=shinj$/);
      await searchBox(page).focus();
      await page.keyboard.press('End');
      await page.keyboard.type('u');
      await expect(list.getByRole('option', { name: /Shinjuku Skyline Tower Hotel/ })).toBeVisible();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/hotels\/shinjuku-skyline-tower-hotel$/);
    });

    test('"Skip to results" takes the keyboard past the search form and filters; the List/Map toggle shows its focus', async ({ page }) => {
      await page.goto('/search?query=London');
      await expect(page.getByTestId('hotel-card').first()).toBeVisible();
      const presses = await tabTo(page, 'Skip to results');
      const skip = page.getByRole('link', { name: 'Skip to results' });
      await expect(skip).toBeVisible();
      await page.screenshot({ path: `${shots}/skip-link-${width}.png` });
      await page.keyboard.press('Enter');
      await expect(page.locator('#search-results')).toBeFocused();
      await page.keyboard.press('Tab');
      // The next stop is the first result's link.
      const inFirstCard = await page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="hotel-card"]')));
      expect(inFirstCard).toBe(true);
      expect(presses).toBeLessThanOrEqual(20);

      await page.goto('/search?query=London');
      await tabTo(page, 'List', 60);
      const list = page.getByRole('button', { name: 'List' });
      await expect(list).toBeFocused();
      // A 3 px ring of ocean-500 inside the button (the group clips anything drawn outside it).
      expect(await list.evaluate((el) => getComputedStyle(el).boxShadow)).toContain('rgb(59, 130, 246) 0px 0px 0px 3px inset');
      await page.keyboard.press('Tab');
      expect(await list.evaluate((el) => getComputedStyle(el).boxShadow)).toBe('none');
      await page.keyboard.press('Shift+Tab');
      await page.getByRole('group', { name: 'Show results as' }).screenshot({ path: `${shots}/view-toggle-focus-${width}.png` });
    });

    test('a 500-character query keeps the page within the screen and never says the search is unavailable', async ({ page }) => {
      await page.goto(`/search?query=${'a'.repeat(500)}`);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toHaveText(`Results for "${'a'.repeat(200)}" (0)`);
      await expect(page.getByText('Search is unavailable right now')).toHaveCount(0);
      await expect(page.getByTestId('empty-state')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const box = await heading.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      await expect(searchBox(page)).toHaveAttribute('maxlength', '200');
      await page.screenshot({ path: `${shots}/long-query-${width}.png` });
    });
  });
}
