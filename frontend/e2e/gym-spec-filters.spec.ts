import type { APIRequestContext } from '@playwright/test';
import type { HotelSearchAnswer } from '@reproute/contracts';
import { API, expect, test } from './support';

async function searchApi(request: APIRequestContext, params: Record<string, string>): Promise<HotelSearchAnswer> {
  const response = await request.get(`${API}/api/hotels/search?${new URLSearchParams({ pageSize: '100', ...params })}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as HotelSearchAnswer;
}

const shots = process.env.SHOTS_DIR ?? '/tmp/shots-gymfacts';

// The seeded London hotels state their racks unevenly: Mayfair 2, Shoreditch 4, Canary Wharf's partner club 4,
// Kensington and Covent Garden none (and listings other tests leave in London state none either), so "at least 2
// racks" finds three and says how many more have no data.
test.describe('gym-spec filters at desktop width', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('at least N racks, with counts beside each value and the hotels with no data said, not dropped', async ({ page, request }) => {
    const london = await searchApi(request, { query: 'London' });
    const twoRacks = await searchApi(request, { query: 'London', minRacks: '2' });
    expect(twoRacks.total).toBe(3);
    const noData = twoRacks.unknownFacts!.minRacks;
    expect(noData).toBeGreaterThanOrEqual(2);
    const line = `${noData} more hotels have no data on racks`;

    await page.goto('/search?query=London');
    const filters = page.getByRole('complementary', { name: 'Filters' });
    const racks = filters.getByRole('group', { name: 'Racks' });
    await expect(racks.getByRole('radio', { name: /^At least 2 racks/ })).toBeVisible();
    // The count beside the value is the API's, named for screen readers.
    const count = london.filterFacets.minRacks!['2']!;
    await expect(racks.getByRole('radio', { name: `At least 2 racks ${count} ${count === 1 ? 'hotel' : 'hotels'}` })).toBeVisible();
    await racks.getByRole('radio', { name: /^At least 2 racks/ }).check();
    await expect(page).toHaveURL(/minRacks=2/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for "London" (3)');
    await expect(page.getByTestId('unknown-facts')).toHaveText(line);
    await expect(racks.getByTestId('filter-no-data')).toHaveText(line);
    await expect(page.getByRole('button', { name: 'Remove racks filter' })).toBeVisible();

    const specs = filters.getByRole('group', { name: 'Gym specs and hours' });
    await specs.getByRole('checkbox', { name: /^Opens before 06:00/ }).check();
    await expect(page).toHaveURL(/openEarly=true/);
    const both = await searchApi(request, { query: 'London', minRacks: '2', openEarly: 'true' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for "London" (${both.total})`);
    await filters.screenshot({ path: `${shots}/search-spec-filters-1280.png` });
    await page.screenshot({ path: `${shots}/search-spec-results-1280.png` });
  });
});

test.describe('gym-spec filters on phones', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('in the sheet: a way in and an adjustable bench, counts beside each, "Show N hotels" then the no-data line', async ({ page, request }) => {
    const staffed = await searchApi(request, { query: 'London', entry: 'staffed' });
    await page.goto('/search?query=London');
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    const entry = sheet.getByRole('group', { name: 'Getting in' });
    await expect(entry.getByRole('checkbox', { name: /^Staffed hours/ })).toBeVisible();
    await entry.getByRole('checkbox', { name: /^Staffed hours/ }).check();
    await sheet.getByRole('button', { name: `Show ${staffed.total} hotel${staffed.total === 1 ? '' : 's'}` }).scrollIntoViewIfNeeded();
    await sheet.screenshot({ path: `${shots}/search-spec-filters-375.png` });
    await sheet.getByRole('button', { name: `Show ${staffed.total} hotel${staffed.total === 1 ? '' : 's'}` }).click();
    await expect(page).toHaveURL(/entry=staffed/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for "London" (${staffed.total})`);
    const unknown = staffed.unknownFacts?.entry ?? 0;
    if (unknown > 0) await expect(page.getByTestId('unknown-facts')).toContainText(`no data on how guests get in`);
    else await expect(page.getByTestId('unknown-facts')).toHaveCount(0);
    await page.screenshot({ path: `${shots}/search-spec-results-375.png` });
  });
});
