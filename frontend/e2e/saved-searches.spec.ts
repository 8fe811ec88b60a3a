import type { APIRequestContext, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { API, expect, registerViaApi, signInWithToken, test, toastWith, unique } from './doc2-support';

/**
 * Saved searches on screen: "Save this search" on the search page (a visitor is asked to sign in, an unverified
 * account to verify first, a verified one names the search and chooses its alerts), then the profile's list, where
 * it is renamed, paused, given other alerts and deleted. At 375 and 1280 px, with screenshots.
 */
const shots = process.env.E2E_SHOTS_DIR ?? 'test-results/saved-searches';
const viewports = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
];

async function savedSearches(request: APIRequestContext, token: string) {
  const response = await request.get(`${API}/api/saved-searches`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: { id: string; name: string; alerts: string; params: Record<string, string> }[] }).items;
}

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
}

const noSidewaysScroll = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

for (const viewport of viewports) {
  test(`save this search: a visitor and an unverified account are told why, a verified one saves it at ${viewport.width} px`, async ({ page, request }) => {
    test.slow();
    await page.setViewportSize({ width: viewport.width, height: viewport.height });

    // A visitor is asked to sign in, and comes back to the same search.
    await page.goto('/search?query=London&eq=squat%20rack');
    await page.getByRole('button', { name: 'Save this search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    await expect(dialog).toContainText('Sign in to save this search.');
    await expect(dialog.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', `/login?redirect=${encodeURIComponent('/search?query=London&eq=squat%20rack')}`);
    await page.screenshot({ path: `${shots}/visitor-${viewport.name}.png` });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // An unverified account is told to verify first.
    const unverified = await registerViaApi(request, 'Uma', { verified: false });
    await signInWithToken(page, unverified.token, '/search?query=London');
    await page.getByRole('button', { name: 'Save this search' }).click();
    await expect(dialog).toContainText('Verify your email address to save searches');
    await expect(dialog.getByRole('button', { name: 'Resend verification email' })).toBeVisible();
    await page.screenshot({ path: `${shots}/unverified-${viewport.name}.png` });
    await page.keyboard.press('Escape');
    expect(await savedSearches(request, unverified.token)).toEqual([]);

    // A verified traveller names it and chooses the weekly digest.
    const place = unique('Savedville').replace(/[^A-Za-z]/g, '');
    const traveller = await registerViaApi(request, 'Vera');
    await signInWithToken(page, traveller.token, `/search?query=${place}&eq=squat%20rack&minDumbbellKg=40&view=map`);
    await page.getByRole('button', { name: 'Save this search' }).click();
    await expect(dialog.getByLabel('Name')).toHaveValue(`${place} with Squat rack (1 filter)`);
    await expect(dialog).toContainText(`We will email ${traveller.email}`);
    await expectAccessible(page);
    await page.screenshot({ path: `${shots}/save-form-${viewport.name}.png` });
    await dialog.getByLabel('Name').fill('');
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please give the search a name');
    await dialog.getByLabel('Name').fill(`Heavy racks in ${place}`);
    await dialog.getByRole('radio', { name: /Weekly digest/ }).check();
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await expect(dialog).toBeHidden();
    await expect(toastWith(page, 'Search saved')).toBeVisible();
    await expect(page.getByRole('link', { name: /Search saved as Heavy racks/ })).toBeVisible();
    await noSidewaysScroll(page, viewport.width);
    await page.screenshot({ path: `${shots}/saved-${viewport.name}.png` });
    // The search page's own parameters only: the map view is not part of the search.
    expect(await savedSearches(request, traveller.token)).toEqual([
      expect.objectContaining({ name: `Heavy racks in ${place}`, alerts: 'weekly', params: { query: place, eq: 'squat rack', minDumbbellKg: '40' } }),
    ]);
  });

  test(`profile: saved searches renamed, paused, their alerts changed and deleted at ${viewport.width} px`, async ({ page, request }) => {
    test.slow();
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const traveller = await registerViaApi(request, 'Wes');
    const place = unique('Listville').replace(/[^A-Za-z]/g, '');
    for (const [name, params, alerts] of [
      [`Pools in ${place}`, { query: place, eq: 'pool' }, 'instant'],
      [`Cheap ${place}`, { query: place, maxPrice: '150' }, 'weekly'],
    ] as const) {
      const response = await request.post(`${API}/api/saved-searches`, { headers: { Authorization: `Bearer ${traveller.token}` }, data: { name, params, alerts } });
      expect(response.status(), await response.text()).toBe(201);
    }
    await signInWithToken(page, traveller.token, '/profile');
    await page.getByRole('navigation', { name: 'Profile sections' }).getByRole('link', { name: 'Saved searches' }).click();
    const section = page.locator('#saved-searches');
    await expect(section).toBeInViewport();
    const rows = section.getByTestId('saved-search');
    await expect(rows).toHaveCount(2);
    const row = (name: string) => rows.filter({ has: page.getByRole('heading', { name }) });
    await expect(row(`Cheap ${place}`)).toContainText('Weekly digest');
    await expect(row(`Pools in ${place}`)).toContainText(`"${place}" · Pool`);
    await expect(section).toContainText('2 of 20 saved searches');
    await expectAccessible(page);
    await noSidewaysScroll(page, viewport.width);
    await section.screenshot({ path: `${shots}/profile-list-${viewport.name}.png` });

    // Rename (the row keeps its place while its name is edited).
    const ids = Object.fromEntries((await savedSearches(request, traveller.token)).map((s) => [s.name, s.id]));
    const swim = section.locator(`[data-saved-search-id="${ids[`Pools in ${place}`]}"]`);
    await swim.getByRole('button', { name: 'Rename' }).click();
    await swim.getByLabel('Name').fill(`Swim and lift ${place}`);
    await section.screenshot({ path: `${shots}/profile-rename-${viewport.name}.png` });
    await swim.getByRole('button', { name: 'Save name' }).click();
    await expect(swim.getByRole('heading', { name: `Swim and lift ${place}` })).toBeVisible();

    // Pause, then alerts right away again through the choice.
    await swim.getByRole('button', { name: 'Pause' }).click();
    await expect(toastWith(page, 'Alerts paused')).toBeVisible();
    await expect(swim.locator('span:text-is("Paused")')).toBeVisible();
    await expect(swim.getByLabel('Alerts')).toHaveValue('paused');
    await expect(swim.getByRole('button', { name: 'Resume' })).toBeVisible();
    await section.screenshot({ path: `${shots}/profile-paused-${viewport.name}.png` });
    const cheap = row(`Cheap ${place}`);
    await cheap.getByLabel('Alerts').selectOption('instant');
    await expect(cheap.locator('span:text-is("Right away")')).toBeVisible();
    await expect(cheap.getByLabel('Alerts')).toHaveValue('instant');
    const stored = await savedSearches(request, traveller.token);
    expect(stored.map((s) => [s.name, s.alerts]).sort()).toEqual([
      [`Cheap ${place}`, 'instant'],
      [`Swim and lift ${place}`, 'paused'],
    ]);

    // Delete, after a confirmation.
    await cheap.getByRole('button', { name: 'Delete' }).click();
    await expect(cheap.getByRole('group', { name: `Delete "Cheap ${place}"?` })).toBeVisible();
    await section.screenshot({ path: `${shots}/profile-delete-${viewport.name}.png` });
    await cheap.getByRole('group').getByRole('button', { name: 'Delete' }).click();
    await expect(toastWith(page, 'Saved search deleted')).toBeVisible();
    await expect(rows).toHaveCount(1);
    await swim.getByRole('button', { name: 'Delete' }).click();
    await swim.getByRole('group').getByRole('button', { name: 'Delete' }).click();
    await expect(section.getByTestId('saved-searches-empty')).toBeVisible();
    await expect(section).toContainText('0 of 20 saved searches');
    await section.screenshot({ path: `${shots}/profile-empty-${viewport.name}.png` });
    expect(await savedSearches(request, traveller.token)).toEqual([]);
  });
}
