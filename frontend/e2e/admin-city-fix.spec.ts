import type { APIRequestContext } from '@playwright/test';
import type { Hotel } from '@reproute/contracts';
import { API, adminToken, approveApi, createListingApi, expect, newProvider, signInWithToken, test, toastWith, unique } from './doc2-support';

const hotel = async (request: APIRequestContext, id: number) => (await (await request.get(`${API}/api/hotels/${id}`)).json()) as Hotel;

test.describe('admin: fixing a city', () => {
  for (const width of [375, 1280]) {
    test(`an admin renames a city and fixes its country and coordinates; its listing follows at ${width} px`, async ({ page, request }) => {
      const admin = await adminToken(request);
      const provider = await newProvider(request);
      const typo = unique('E2E Harrowgate');
      const listing = await createListingApi(request, provider.token, { cityId: undefined, city: typo, country: 'Untied Kingdom' });
      await approveApi(request, admin, listing.id);
      const cityId = (await hotel(request, listing.id)).cityId!;
      const fixedName = typo.replace('Harrowgate', 'Harrogate');
      await page.setViewportSize({ width, height: 900 });
      await signInWithToken(page, admin, '/admin');
      await page.getByRole('tab', { name: 'Cities' }).click();
      const form = page.getByTestId('city-fix');
      await form.getByLabel('City to fix').selectOption(String(cityId));
      await expect(form.getByLabel('Name')).toHaveValue(typo);
      // Half the coordinates: the server's message, and nothing changes.
      await form.getByLabel('Latitude').fill('53.99');
      await form.getByRole('button', { name: 'Save City' }).click();
      await expect(form.getByRole('alert')).toContainText('Give latitude and longitude together, or neither');
      await form.getByLabel('Name').fill(fixedName);
      await form.getByLabel('Country').fill('United Kingdom');
      await form.getByLabel('Longitude').fill('-1.54');
      await form.getByRole('button', { name: 'Save City' }).click();
      await expect(toastWith(page, 'City Saved')).toBeVisible();
      const row = page.getByTestId('cities-table').getByRole('row', { name: new RegExp(fixedName) });
      await expect(row).toContainText('United Kingdom');
      await expect(row).toContainText('53.990, -1.540');
      await page.screenshot({ path: `test-results/admin-city-fix-${width}.png`, fullPage: false });
      expect(await hotel(request, listing.id)).toMatchObject({ city: fixedName, country: 'United Kingdom' });
    });
  }
});
