import type { Page } from '@playwright/test';
import { expect, test } from './support';

/** Waits until the SPA has taken the server's page over (before, a scroll is recorded by nobody). */
async function takenOver(page: Page) {
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
}

async function scrollTo(page: Page, top: number) {
  await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), top);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(top);
}

test.describe('scroll positions', () => {
  test('a reload returns to where the page was left; the same address opened afresh starts at the top', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 700 });
    await page.goto('/search');
    await takenOver(page);
    await expect(page.getByTestId('hotel-card').first()).toBeVisible();
    await scrollTo(page, 1200);

    // A reload returns to the same place.
    await page.reload();
    await takenOver(page);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(1200);

    // The same address opened from the address bar is a new visit: it starts at the top, as a browser does
    // (it is not given the place the reload left in the tab's storage).
    await page.goto('/search');
    await takenOver(page);
    await expect(page.getByTestId('hotel-card').first()).toBeVisible();
    expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(0);
  });
});

test.describe('going back', () => {
  test('while the next page is still loading shows the page gone back to, and it stays', async ({ page }) => {
    await page.goto('/search');
    await takenOver(page);
    // The hotel page's script is held until after the visitor has gone back (a slow network).
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/HotelDetailPage-[^/]*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('[data-testid="hotel-card"] a[href^="/hotels/"]')!.click());
    await expect(page).toHaveURL(/\/hotels\//);
    await expect(page.getByTestId('page-spinner')).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByTestId('hotel-card')).toHaveCount(24);
    // The held script arrives after all: the search page stays.
    release();
    await page.waitForResponse(/\/assets\/HotelDetailPage-[^/]*\.js$/);
    await page.waitForTimeout(300);
    await expect(page.getByTestId('hotel-card')).toHaveCount(24);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('All Hotels');
  });
});

