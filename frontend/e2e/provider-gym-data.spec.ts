import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import type { City, Hotel, HotelSearchAnswer } from '@reproute/contracts';
import { API, adminToken, approveApi, deleteListingApi, expect, newProvider, signInWithToken, test, toastWith, unique } from './doc2-support';

const shots = process.env.SHOTS_DIR ?? '/tmp/shots-gymdata';

async function expectNoSeriousViolations(page: Page, include: string) {
  const results = await new AxeBuilder({ page }).include(include).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
}

async function ownListing(request: APIRequestContext, token: string, name: string): Promise<Hotel> {
  const response = await request.get(`${API}/api/provider/hotels`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as Hotel[]).find((h) => h.name === name)!;
}

async function searchTotal(request: APIRequestContext, params: Record<string, string>): Promise<number> {
  const response = await request.get(`${API}/api/hotels/search?${new URLSearchParams(params)}`);
  return ((await response.json()) as HotelSearchAnswer).total;
}

/** Removes the city a test added (merged into London, which keeps its own coordinates). */
async function removeCity(request: APIRequestContext, token: string, cityId: number | null) {
  if (cityId === null) return;
  await request.post(`${API}/api/cities/merge`, { headers: { Authorization: `Bearer ${token}` }, data: { fromCityId: cityId, intoCityId: 2 } });
}

test.describe('structured gym data in the provider listing form', () => {
  test('a provider lists a hotel in a new city with the equipment checklist, hours, size, dumbbells and services; once approved, search and the gym score use them; a later gym edit waits for review', async ({ page, request }) => {
    test.slow();
    const provider = await newProvider(request);
    const admin = await adminToken(request);
    const name = unique('E2E Platform Hotel');
    const town = unique('E2E Fjordby');
    await signInWithToken(page, provider.token, '/provider/listings/new');
    await expect(page.getByRole('heading', { name: 'Add a New Listing' })).toBeVisible();

    // Four groups, each a fieldset named by its legend.
    for (const group of ['Strength Training', 'Cardio Equipment', 'Specialty Equipment', 'Recovery & Wellness']) {
      await expect(page.getByRole('group', { name: group })).toBeVisible();
    }
    await page.getByLabel('Hotel name').fill(name);
    await page.getByLabel('Address').fill('1 Harbour Road');
    await page.getByLabel('Booking URL').fill('https://book.e2e.example/platform');
    await page.getByLabel('City', { exact: true }).selectOption({ label: 'Another city…' });
    await page.getByLabel('City name').fill(town);
    const strength = page.getByRole('group', { name: 'Strength Training' });
    for (const item of ['Barbell set', 'Platform', 'Dumbbells ≥40kg']) await strength.getByRole('checkbox', { name: item, exact: true }).check();
    await page.getByRole('group', { name: 'Cardio Equipment' }).getByRole('checkbox', { name: 'Rower' }).check();
    await page.getByRole('group', { name: 'Recovery & Wellness' }).getByRole('checkbox', { name: 'Pool' }).check();
    await page.getByLabel('Other equipment').fill('Power rack, Sled lane');
    await page.getByLabel('Opens at').fill('06:00');
    await page.getByLabel('Gym size (m²)').fill('12.5');
    await page.getByRole('button', { name: 'Submit for Review' }).click();

    // Clear messages next to each field.
    await expect(page.getByText('Enter the country of the city')).toBeVisible();
    await expect(page.getByText('Give both the opening and the closing time, or tick Open 24 hours')).toBeVisible();
    await expect(page.getByText('Gym size must be a whole number of square metres from 1 to 100000')).toBeVisible();
    await expect(page.getByText('“Power rack” counts as Squat rack: tick it above or remove the item')).toBeVisible();

    await page.getByLabel('Country').fill('Norway');
    // A pin on the map fills the coordinates; typing them moves the pin.
    await page.getByRole('button', { name: 'Put a pin on a map' }).click();
    const map = page.getByTestId('location-picker');
    await expect(map).toBeVisible();
    await map.click({ position: { x: 120, y: 100 } });
    await expect(page.getByLabel('Latitude (optional)')).not.toHaveValue('');
    await expect(page.getByLabel('Longitude (optional)')).not.toHaveValue('');
    await expect(map.locator('.rr-map-pin')).toHaveCount(1);
    await page.setViewportSize({ width: 375, height: 900 });
    await page.getByTestId('another-city').screenshot({ path: `${shots}/provider-map-pin-375.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByLabel('Latitude (optional)').fill('60.39');
    await page.getByLabel('Longitude (optional)').fill('5.32');
    await strength.getByRole('checkbox', { name: 'Squat rack' }).check();
    await page.getByLabel('Closes at').fill('22:00');
    await page.getByLabel('Gym size (m²)').fill('1200');
    await page.getByLabel('Heaviest dumbbell (kg)').fill('50');
    await page.getByRole('checkbox', { name: 'Personal trainer' }).check();
    await page.getByRole('checkbox', { name: 'Fitness classes' }).check();
    await expectNoSeriousViolations(page, 'form');
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const section = (title: string) => page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
      await section('Gym equipment and facilities').screenshot({ path: `${shots}/provider-gym-section-${width}.png` });
      await section('Location').screenshot({ path: `${shots}/provider-location-${width}.png` });
    }
    await page.getByRole('button', { name: 'Submit for Review' }).click();
    await expect(page).toHaveURL(/\/provider\/dashboard$/);

    const listing = await ownListing(request, provider.token, name);
    expect(listing).toMatchObject({ city: town, country: 'Norway', latitude: 60.39, longitude: 5.32, status: 'pending' });
    expect(listing.rawEquipment).toEqual(['barbell set', 'dumbbells ≥40kg', 'platform', 'rower', 'pool', 'Power rack', 'Sled lane']);
    expect(listing.gym).toMatchObject({ opensAt: '06:00', closesAt: '22:00', sizeSqm: 1200, heaviestDumbbellKg: 50, hasPool: true, hasSauna: false, hasPersonalTrainer: true, hasFitnessClasses: true });
    // The new place is its provider's (and the admins') to see until a listing in it is approved.
    const cities = (await (await request.get(`${API}/api/cities`, { headers: { Authorization: `Bearer ${provider.token}` } })).json()) as City[];
    expect(cities.find((c) => c.id === listing.cityId)).toMatchObject({ name: town, country: 'Norway', latitude: 60.39 });
    const publicCities = (await (await request.get(`${API}/api/cities`)).json()) as City[];
    expect(publicCities.some((c) => c.id === listing.cityId)).toBe(false);

    try {
      // Live: the search filters and the card use the stated facts.
      await approveApi(request, admin, listing.id);
      await expect.poll(() => searchTotal(request, { query: name, gymSize: 'large', minDumbbellKg: '50', eq: 'platform,pool' })).toBe(1);
      await page.goto(`/search?query=${encodeURIComponent(name)}`);
      const card = page.getByTestId('hotel-card').filter({ hasText: name });
      for (const fact of ['06:00–22:00', '1,200 sqm', 'Dumbbells to 50 kg']) await expect(card.getByText(fact)).toBeVisible();
      await page.goto(`/hotels/${listing.id}`);
      const facilities = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Gym Equipment & Facilities' }) });
      for (const fact of ['1,200 sqm', 'Personal trainers', 'Fitness classes']) await expect(facilities.getByText(fact, { exact: true })).toBeVisible();
      // The hours as the week of the gym: the same times every day.
      await expect(page.getByTestId('gym-hours').getByRole('row')).toHaveText(Array(7).fill(/06:00–22:00$/));

      // A gym edit of the live listing waits for review; the form opens with the stored values.
      await page.goto(`/edit-hotel/${listing.id}`);
      await expect(page.getByLabel('Opens at')).toHaveValue('06:00');
      await expect(page.getByLabel('Gym size (m²)')).toHaveValue('1200');
      await expect(page.getByRole('checkbox', { name: 'Platform' })).toBeChecked();
      await expect(page.getByRole('checkbox', { name: 'Fitness classes' })).toBeChecked();
      await expect(page.getByLabel('Other equipment')).toHaveValue('Power rack, Sled lane');
      await expect(page.getByLabel('City', { exact: true })).toHaveValue(String(listing.cityId));
      await page.getByLabel('Open 24 hours').check();
      await expect(page.getByLabel('Opens at')).toHaveCount(0);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(toastWith(page, 'Changes Submitted for Review')).toBeVisible();
      expect(await searchTotal(request, { query: name, open24h: 'true' })).toBe(0);

      await signInWithToken(page, admin, '/admin');
      await page.getByRole('tab', { name: /Pending Listings/ }).click();
      const revision = page.getByTestId('pending-revision').filter({ hasText: name });
      await expect(revision.getByText('Gym facilities')).toBeVisible({ timeout: 30_000 });
      await expect(revision.getByText(/Open 24 hours · 1,200 m² · dumbbells to 50 kg/)).toBeVisible();
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await revision.screenshot({ path: `${shots}/admin-gym-revision-${width}.png` });
      }
      await revision.getByRole('button', { name: `Approve changes to ${name}` }).click();
      await expect(toastWith(page, 'Changes Approved')).toBeVisible();
      await expect.poll(() => searchTotal(request, { query: name, open24h: 'true', gymSize: 'large' })).toBe(1);
    } finally {
      await deleteListingApi(request, provider.token, listing.id);
      await removeCity(request, admin, listing.cityId);
    }
  });

  test('an existing listing saved without touching its gym sends no gym and stays live without review', async ({ page, request }) => {
    const provider = await newProvider(request);
    const admin = await adminToken(request);
    const name = unique('E2E Untouched Gym');
    const created = await request.post(`${API}/api/provider/hotels`, {
      headers: { Authorization: `Bearer ${provider.token}` },
      data: { name, address: '2 Quay', cityId: 2, gymAccessType: 'on-site', bookingUrl: 'https://book.e2e.example/untouched', rawEquipment: ['Power rack', 'Treadmill'], gym: { hours: '6:00 - 22:00', size: '300 sqm' } },
    });
    const hotel = (await created.json()) as Hotel;
    try {
      await approveApi(request, admin, hotel.id);
      await signInWithToken(page, provider.token, `/edit-hotel/${hotel.id}`);
      await expect(page.getByLabel('Opens at')).toHaveValue('06:00');
      await expect(page.getByRole('checkbox', { name: 'Squat rack' })).toBeChecked();
      await page.getByLabel('Description').fill('Only the description changes.');
      const put = page.waitForRequest((r) => r.url().endsWith(`/api/provider/hotels/${hotel.id}`) && r.method() === 'PUT');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      const body = (await put).postDataJSON() as Record<string, unknown>;
      expect(body).not.toHaveProperty('gym');
      expect(body).not.toHaveProperty('rawEquipment');
      await expect(toastWith(page, 'Listing Updated')).toBeVisible();
    } finally {
      await deleteListingApi(request, provider.token, hotel.id);
    }
  });

  test('in pounds the weights are shown, bounded and typed in pounds and sent in kilograms; saved as shown they stay as stored', async ({ page, request }) => {
    test.slow();
    const provider = await newProvider(request);
    const admin = await adminToken(request);
    const name = unique('E2E Pound Gym');
    const created = await request.post(`${API}/api/provider/hotels`, {
      headers: { Authorization: `Bearer ${provider.token}` },
      data: { name, address: '3 Quay', cityId: 2, gymAccessType: 'on-site', bookingUrl: 'https://book.e2e.example/pounds', rawEquipment: ['Power rack'], gym: { heaviestDumbbellKg: 40, lightestDumbbellKg: 2, heaviestKettlebellKg: 32, platesTotalKg: 500 } },
    });
    const hotel = (await created.json()) as Hotel;
    const saveBody = async () => {
      const put = page.waitForRequest((r) => r.url().endsWith(`/api/provider/hotels/${hotel.id}`) && r.method() === 'PUT');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      return (await put).postDataJSON() as { gym?: Record<string, unknown> };
    };
    try {
      await approveApi(request, admin, hotel.id);
      await signInWithToken(page, provider.token, `/edit-hotel/${hotel.id}`);
      await expect(page.getByLabel('Heaviest dumbbell (kg)')).toHaveValue('40');
      // Chosen in the header while the form is open: the weights are shown again in pounds.
      await page.getByRole('banner').getByLabel('Weights in').selectOption('lb');
      const dumbbell = page.getByLabel('Heaviest dumbbell (lb)');
      await expect(dumbbell).toHaveValue('88');
      await expect(dumbbell).toHaveAttribute('max', '440.5');
      await expect(page.getByLabel('Lightest dumbbell (lb)')).toHaveValue('4.5');
      await expect(page.getByLabel('Heaviest kettlebell (lb)')).toHaveValue('70.5');
      await expect(page.getByLabel('Total plate weight (lb)')).toHaveValue('1102');
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        // From the gym's size to the plates' total, wherever the width puts them on the page.
        const scrollY = await page.evaluate(() => window.scrollY);
        const top = (await page.getByLabel('Gym size (m²)').boundingBox())!.y + scrollY - 40;
        const plates = (await page.getByLabel('Total plate weight (lb)').boundingBox())!;
        await page.screenshot({ path: `${shots}/provider-weights-lb-${width}.png`, fullPage: true, clip: { x: 0, y: top, width, height: plates.y + scrollY + plates.height + 40 - top } });
      }

      // Saved without touching them: no gym is sent (40 kg shown as 88 lb is not sent back as 39.9 kg).
      await page.getByLabel('Description').fill('Only the description changes.');
      expect(await saveBody()).not.toHaveProperty('gym');
      await expect(toastWith(page, 'Listing Updated')).toBeVisible();

      await page.goto(`/edit-hotel/${hotel.id}`);
      await expect(dumbbell).toHaveValue('88');
      await dumbbell.fill('450');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('Heaviest dumbbell must be a number of pounds from 2.5 to 440.5')).toBeVisible();
      await dumbbell.fill('100');
      const body = await saveBody();
      expect(body.gym).toMatchObject({ heaviestDumbbellKg: 45.4, lightestDumbbellKg: 2, heaviestKettlebellKg: 32, platesTotalKg: 500 });
      await expect(toastWith(page, 'Changes Submitted for Review')).toBeVisible();

      // The change awaiting review, in pounds too.
      await page.goto(`/edit-hotel/${hotel.id}`);
      const notice = page.getByTestId('pending-changes-notice');
      await expect(notice).toContainText('dumbbells 4–88 lb');
      await expect(notice).toContainText('dumbbells 4–100 lb');
      await expect(dumbbell).toHaveValue('100');
    } finally {
      await deleteListingApi(request, provider.token, hotel.id);
    }
  });
});
