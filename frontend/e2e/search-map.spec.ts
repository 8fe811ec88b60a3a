import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { API, expect, test } from './support';

interface MapHotel {
  id: number;
  name: string;
  latitude: number | null;
  longitude: number | null;
}

const QUERY = 'New York';
const LONDON = { latitude: 51.5074, longitude: -0.1278 };

/** The search page's first page of results for the query, as the API answers it. */
async function firstPage(request: APIRequestContext, query: string): Promise<MapHotel[]> {
  const response = await request.get(`${API}/api/hotels/search?${new URLSearchParams({ query, pageSize: '24' })}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: MapHotel[] }).items;
}

const located = (hotels: MapHotel[]) => hotels.filter((h) => h.latitude !== null && h.longitude !== null);
const markers = (page: Page) => page.getByRole('region', { name: /^Map of/ }).locator('button[data-hotel-id]');

/** No tile leaves the machine: tile requests are refused (the map draws its markers on a plain background). */
async function blockTiles(page: Page) {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
}

for (const width of [375, 1280]) {
  test.describe(`search map at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 812 : 900 } });

    test('the toggle shows a labelled marker for every located hotel; keyboard Enter on one shows its card', async ({ page, request }) => {
      await blockTiles(page);
      await page.goto(`/search?query=${encodeURIComponent(QUERY)}`);
      await expect(page.getByTestId('results-grid')).toBeVisible();
      await page.getByRole('button', { name: 'Map', exact: true }).click();
      await expect(page).toHaveURL(/view=map/);
      await expect(page.getByRole('button', { name: 'Map', exact: true })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByTestId('results-map')).toBeVisible();

      // Other tests may add hotels meanwhile: the markers match the API's answer once both agree.
      await expect
        .poll(async () => {
          const expected = located(await firstPage(request, QUERY)).length;
          return (await markers(page).count()) === expected && expected > 0;
        })
        .toBe(true);
      const hotels = await firstPage(request, QUERY);
      for (const hotel of located(hotels)) {
        await expect(page.getByRole('button', { name: new RegExp(`^${hotel.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, .*(per night|contact for pricing)`) })).toHaveCount(1);
      }
      const unlocated = hotels.filter((h) => h.latitude === null || h.longitude === null);
      if (unlocated.length > 0) {
        await expect(page.getByTestId('not-on-map')).toContainText(`Not on the map (${unlocated.length})`);
        await expect(page.getByTestId('not-on-map')).toContainText(unlocated[0]!.name);
      }

      // The map itself takes the focus (Leaflet's arrow-key panning); Tab goes on to the markers, and Enter selects one.
      await page.getByRole('region', { name: /^Map of/ }).focus();
      let focusedId: string | null = null;
      for (let i = 0; i < 10 && !focusedId; i++) {
        await page.keyboard.press('Tab');
        focusedId = await page.evaluate(() => document.activeElement?.getAttribute('data-hotel-id') ?? null);
      }
      expect(focusedId, 'Tab reaches a marker').not.toBeNull();
      const chosen = hotels.find((h) => String(h.id) === focusedId)!;
      await page.keyboard.press('Enter');
      const selection = page.getByTestId('map-selection');
      await expect(selection.getByTestId('hotel-card')).toBeVisible();
      await expect(selection.getByRole('heading', { level: 3 })).toHaveText(chosen.name);
      await expect(page.locator(`button[data-hotel-id="${chosen.id}"]`)).toHaveAttribute('aria-pressed', 'true');
      const axe = await new AxeBuilder({ page }).include('[data-testid="results-map"]').analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

      // The view survives a reload, and the list comes back with the toggle.
      await page.reload();
      await expect(markers(page).first()).toBeVisible();
      await page.getByRole('button', { name: 'List', exact: true }).click();
      await expect(page).not.toHaveURL(/view=map/);
      await expect(page.getByTestId('results-grid')).toBeVisible();
    });

    test.describe('near me with location allowed', () => {
      test.use({ permissions: ['geolocation'], geolocation: LONDON });

      test('sorts by distance from the traveller, the point in the URL', async ({ page }) => {
        await blockTiles(page);
        await page.goto('/search?view=map');
        await expect(markers(page).first()).toBeVisible();
        await page.getByRole('button', { name: 'Near me' }).click();
        await expect(page).toHaveURL(/sort=distance/);
        await expect(page).toHaveURL(/lat=51\.5074/);
        await expect(page).toHaveURL(/lng=-0\.1278/);
        await expect(page).toHaveURL(/view=map/);
        await expect(page.getByTestId('location-message')).toHaveCount(0);
        // The list shows distances from the point, nearest first.
        await page.getByRole('button', { name: 'List', exact: true }).click();
        await expect(page.getByTestId('hotel-distance').first()).toBeVisible();
        // Text content: cards below the first view are rendered only as they near the screen.
        const distances = (await page.getByTestId('hotel-distance').allTextContents()).map((t) => Number(t.replace(/[^\d.]/g, '')));
        expect(distances.length).toBeGreaterThan(0);
        expect(distances).toEqual([...distances].sort((a, b) => a - b));
      });
    });

    test.describe('near me with location denied', () => {
      test.use({ permissions: [] });

      test('says so and keeps the current sort', async ({ page, context }) => {
        await context.clearPermissions();
        await blockTiles(page);
        await page.goto('/search?sort=price&view=map');
        await expect(markers(page).first()).toBeVisible();
        await page.getByRole('button', { name: 'Near me' }).click();
        await expect(page.getByRole('alert').filter({ hasText: 'Location access was denied, so the results keep their current order.' })).toBeVisible();
        await expect(page).toHaveURL(/sort=price/);
        await expect(page).not.toHaveURL(/sort=distance|lat=/);
      });
    });
  });
}
