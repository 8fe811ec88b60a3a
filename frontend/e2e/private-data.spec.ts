import type { Page } from '@playwright/test';
import { expect, firstBookableHotel, registerViaApi, signInWithToken, test } from './support';

// What a browser keeps of a person: after sign-out none of it is left for the next person at the same browser,
// and analytics the visitor declined are neither stored nor sent.

const storage = (page: Page) =>
  page.evaluate(() => ({
    local: Object.fromEntries(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)])),
    session: Object.keys(sessionStorage),
  }));

test.describe('private copies in the browser', () => {
  test('sign-out removes the token, every rr_favorites:<id> copy, recorded analytics and sessionStorage; the cookie choice stays', async ({ page, request }) => {
    const account = await registerViaApi(request, 'Quinn');
    const { name, slug } = await firstBookableHotel(request);
    await signInWithToken(page, account.token, `/hotels/${slug}`);
    await page.getByRole('button', { name: `Save ${name} to favorites` }).click();
    await expect(page.getByText('Added to favorites', { exact: true })).toBeVisible();
    await page.goto('/favourites');
    await expect(page.getByTestId('favorites-count')).toHaveText('1 hotel saved');

    const before = await storage(page);
    expect(Object.keys(before.local)).toEqual(expect.arrayContaining(['token', `rr_favorites:${account.user.id}`, 'rr_cookie_consent']));
    expect(before.session.length).toBeGreaterThan(0);
    await expect.poll(async () => (await storage(page)).local.rr_analytics ?? '').toContain('/favourites');

    await page.getByRole('button', { name: /Account/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page.getByText('You have been logged out successfully.', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();

    const after = await storage(page);
    expect(Object.keys(after.local).filter((key) => key === 'token' || key.startsWith('rr_favorites'))).toEqual([]);
    expect(after.local.rr_cookie_consent).toBe(before.local.rr_cookie_consent);
    // What analytics holds now (if anything) is the visitor's page after sign-out, nothing from the session.
    expect(after.local.rr_analytics ?? '').not.toContain('/favourites');
    expect(after.local.rr_analytics ?? '').not.toContain(`/hotels/${slug}`);
    expect(after.session).toEqual([]);

    // The answers read while signed in are gone from memory too: in the same page (no reload), the favourites
    // screen is a visitor's, with nothing of the list it showed a moment ago.
    await page.evaluate(() => {
      history.pushState({}, '', '/favourites');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByTestId('favorites-empty')).toBeVisible();
    await expect(page.getByRole('heading', { name, level: 3 })).toHaveCount(0);
  });
});

test.describe('declined analytics', () => {
  test.use({ consented: false });

  test('after Essential Only nothing is stored in localStorage or sent, and what was stored before is removed', async ({ page }) => {
    const batches: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/analytics/batch')) batches.push(r.method());
    });
    await page.goto('/');
    // Records an earlier consent left behind.
    await page.evaluate(() =>
      localStorage.setItem('rr_analytics', JSON.stringify({ pageViews: [{ url: '/earlier', title: 'Earlier', timestamp: Date.now() }], conversions: [], searches: [], interactions: [], lastSyncAt: 0 })),
    );
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.getByRole('button', { name: 'Essential Only' }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('rr_analytics'))).toBeNull();

    // Pages, a search and a hotel: each would be a record.
    await page.goto('/search?q=London');
    await expect(page.getByTestId('hotel-card').first()).toBeVisible();
    await page.getByTestId('hotel-card').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/hotels\//);
    await page.waitForTimeout(1_000);
    await page.reload();
    await page.waitForTimeout(1_000);
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual(['rr_cookie_consent']);
    // Leaving the page hands nothing to the beacon either.
    await page.goto('/favicon.svg');
    expect(batches).toEqual([]);
  });
});
