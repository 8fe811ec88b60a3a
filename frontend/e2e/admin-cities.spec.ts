import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import type { City, Hotel, HotelSearchAnswer } from '@reproute/contracts';
import { API, adminToken, approveApi, createListingApi, deleteHotelApi, deleteListingApi, expect, newProvider, signInWithToken, test, toastWith, unique } from './doc2-support';

const shots = process.env.SHOTS_DIR ?? '/tmp/shots-gymdata';

async function expectNoSeriousViolations(page: Page, include: string) {
  const results = await new AxeBuilder({ page }).include(include).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
}

const cities = async (request: APIRequestContext) => (await (await request.get(`${API}/api/cities`)).json()) as City[];
const hotel = async (request: APIRequestContext, token: string, id: number) =>
  (await (await request.get(`${API}/api/hotels/${id}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as Hotel;

test.describe('admin: places and gym data', () => {
  test('the Cities tab lists cities and merges a duplicate: its listings move and it leaves the list', async ({ page, request }) => {
    const admin = await adminToken(request);
    const provider = await newProvider(request);
    const keepName = unique('E2E Saint Tagsburg');
    const dupeName = unique('E2E St Tagsburg');
    const keep = await createListingApi(request, provider.token, { cityId: undefined, city: keepName, country: 'Russia' });
    const dupe = await createListingApi(request, provider.token, { cityId: undefined, city: dupeName, country: 'Russia', latitude: 59.93, longitude: 30.33 });
    await approveApi(request, admin, dupe.id);
    const keepCity = (await hotel(request, admin, keep.id)).cityId!;
    const dupeCity = (await hotel(request, admin, dupe.id)).cityId!;
    try {
      await signInWithToken(page, admin, '/admin');
      await page.getByRole('tab', { name: 'Cities' }).click();
      const table = page.getByTestId('cities-table');
      await expect(table.getByRole('row', { name: new RegExp(dupeName) })).toContainText('Russia');
      await expect(table.getByRole('row', { name: new RegExp(dupeName) })).toContainText('59.930, 30.330');

      await page.getByRole('button', { name: 'Merge Cities' }).click();
      await expect(page.getByText('Choose the duplicate city and the city to keep.')).toBeVisible();
      await page.getByLabel('Duplicate city (removed)').selectOption(String(dupeCity));
      await page.getByLabel('City to keep').selectOption(String(dupeCity));
      await page.getByRole('button', { name: 'Merge Cities' }).click();
      await expect(page.getByText('Choose two different cities to merge.')).toBeVisible();
      await page.getByLabel('City to keep').selectOption(String(keepCity));
      await expectNoSeriousViolations(page, 'main');
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.getByRole('tabpanel', { name: 'Cities' }).screenshot({ path: `${shots}/admin-cities-${width}.png` });
      }

      await page.getByRole('button', { name: 'Merge Cities' }).click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toContainText(`move to ${keepName}, Russia`);
      await confirm.getByRole('button', { name: 'Merge Cities' }).click();
      await expect(toastWith(page, 'Cities Merged', '1 listing moved')).toBeVisible();
      await expect(table.getByRole('row', { name: new RegExp(dupeName) })).toHaveCount(0);
      await expect(table.getByRole('row', { name: new RegExp(keepName) })).toContainText('59.930, 30.330');

      expect((await cities(request)).some((c) => c.id === dupeCity)).toBe(false);
      expect(await hotel(request, admin, dupe.id)).toMatchObject({ cityId: keepCity, city: keepName, country: 'Russia' });
      const found = (await (await request.get(`${API}/api/hotels/search?query=${encodeURIComponent(keepName)}`)).json()) as HotelSearchAnswer;
      expect(found.items.map((h) => h.id)).toEqual([dupe.id]);
    } finally {
      await deleteListingApi(request, provider.token, keep.id);
      await deleteListingApi(request, provider.token, dupe.id);
      // The test's cities go (merged into London, which keeps its own coordinates and has none of these listings left).
      for (const cityId of [keepCity, dupeCity]) await request.post(`${API}/api/cities/merge`, { headers: { Authorization: `Bearer ${admin}` }, data: { fromCityId: cityId, intoCityId: 2 } });
    }
  });

  test('the admin dialog creates a hotel in another city with its gym data, and edits the gym of an existing hotel', async ({ page, request }) => {
    test.slow();
    const admin = await adminToken(request);
    const name = unique('E2E Dialog Gym');
    const town = unique('E2E Lakeside');
    await signInWithToken(page, admin, '/admin');
    await page.getByRole('button', { name: 'Add Hotel' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').first().fill(name);
    await dialog.getByLabel('Address').fill('3 Shore Road');
    await dialog.getByRole('button', { name: 'Create Hotel' }).click();
    await expect(dialog.getByText('Choose a city, or choose "Another city" and enter its name and country')).toBeVisible();
    await dialog.getByLabel('City', { exact: true }).selectOption({ label: 'Another city…' });
    await dialog.getByLabel('City name').fill(town);
    await dialog.getByLabel('Country').fill('Switzerland');
    await dialog.getByRole('group', { name: 'Strength Training' }).getByRole('checkbox', { name: 'Squat rack' }).check();
    await dialog.getByRole('group', { name: 'Recovery & Wellness' }).getByRole('checkbox', { name: 'Sauna' }).check();
    await dialog.getByLabel('Open 24 hours').check();
    await dialog.getByLabel('Gym size (m²)').fill('650');
    await dialog.getByLabel('Heaviest dumbbell (kg)').fill('400');
    await dialog.getByRole('button', { name: 'Create Hotel' }).click();
    await expect(dialog.getByText('Heaviest dumbbell must be a number of kilograms from 1 to 200')).toBeVisible();
    await dialog.getByLabel('Heaviest dumbbell (kg)').fill('36');
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await dialog.getByRole('heading', { name: 'Gym equipment and facilities' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/admin-dialog-${width}.png` });
    }
    await expectNoSeriousViolations(page, '[role="dialog"]');
    const posted = page.waitForRequest((r) => r.url().endsWith('/api/hotels') && r.method() === 'POST');
    await dialog.getByRole('button', { name: 'Create Hotel' }).click();
    const body = (await posted).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ cityId: null, city: town, country: 'Switzerland', rawEquipment: ['squat rack', 'sauna'], gym: { weeklyHours: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, '24h'])), sizeSqm: 650, heaviestDumbbellKg: 36, hasSauna: true, hasPool: false } });
    await expect(toastWith(page, 'Success', 'Hotel created!')).toBeVisible();

    const found = (await (await request.get(`${API}/api/hotels/search?${new URLSearchParams({ query: name, open24h: 'true', gymSize: 'medium', minDumbbellKg: '30' })}`)).json()) as HotelSearchAnswer;
    const created = found.items[0]!;
    expect(created).toMatchObject({ name, city: town, country: 'Switzerland' });
    try {
      // Edit: the dialog opens with the stored gym; a changed size is sent alone and is live at once.
      await page.goto(`/admin?q=${encodeURIComponent(name)}`);
      await page.getByRole('button', { name: `Edit ${name}` }).click();
      const edit = page.getByRole('dialog');
      await expect(edit.getByLabel('City', { exact: true })).toHaveValue(String(created.cityId));
      await expect(edit.getByLabel('Open 24 hours')).toBeChecked();
      await expect(edit.getByRole('checkbox', { name: 'Squat rack' })).toBeChecked();
      await expect(edit.getByLabel('Gym size (m²)')).toHaveValue('650');
      await edit.getByLabel('Gym size (m²)').fill('1100');
      const put = page.waitForRequest((r) => r.url().endsWith(`/api/hotels/${created.id}`) && r.method() === 'PUT');
      await edit.getByRole('button', { name: 'Update Hotel' }).click();
      const changes = (await put).postDataJSON() as Record<string, unknown>;
      expect(Object.keys(changes)).toEqual(['gym']);
      await expect(toastWith(page, 'Success', 'Hotel updated!')).toBeVisible();
      expect((await hotel(request, admin, created.id)).gym).toMatchObject({ sizeSqm: 1100, size: '1,100 sqm', open24Hours: true });
    } finally {
      await deleteHotelApi(request, admin, created.id);
      await request.post(`${API}/api/cities/merge`, { headers: { Authorization: `Bearer ${admin}` }, data: { fromCityId: created.cityId, intoCityId: 2 } });
    }
  });
});
