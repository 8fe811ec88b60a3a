import type { APIRequestContext, Page } from '@playwright/test';
import { expect, searchApi, test } from './support';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
// Text content, not rendered text: cards below the first view are not rendered until they near the screen (render-when-near).
const cardNames = (page: Page) => page.getByTestId('hotel-card').getByRole('heading', { level: 3 }).allTextContents();

/** The cards are the API's first page for the same search, in its order (asked again until both agree). */
async function expectOrder(page: Page, request: APIRequestContext, params: Record<string, string>) {
  await expect
    .poll(async () => {
      const { items } = await searchApi(request, params);
      return JSON.stringify(await cardNames(page)) === JSON.stringify(items.slice(0, 24).map((h) => h.name));
    })
    .toBe(true);
}

/**
 * The heading shows the API's total for the same search. Other tests add and remove hotels on the
 * shared system meanwhile, so the API is asked again until both agree.
 */
async function expectTotal(page: Page, request: APIRequestContext, params: Record<string, string>) {
  const prefix = params.query ? `Results for "${params.query}"` : 'All Hotels';
  await expect
    .poll(async () => {
      const { total } = await searchApi(request, params);
      return (await heading(page).innerText()) === `${prefix} (${total})`;
    })
    .toBe(true);
}

test.describe('search filters and sorting at desktop width', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('sorts and filters at once, kept in the URL through reload, back and forward', async ({ page, request }) => {
    const partnered = await searchApi(request, { sort: 'price', gymAccessType: 'partnered,nearby' });
    const partnered24h = await searchApi(request, { sort: 'price', gymAccessType: 'partnered,nearby', open24h: 'true' });
    expect(partnered.total).toBeGreaterThan(partnered24h.total);

    await page.goto('/search');
    await expectTotal(page, request, {});
    const filters = page.getByRole('complementary', { name: 'Filters' });
    // No sheet on desktop: the sidebar is there and applies at once.
    await expect(page.getByRole('button', { name: /^Filters/ })).toHaveCount(0);

    await page.getByLabel('Sort by').selectOption('price');
    await expect(page).toHaveURL(/\/search\?sort=price$/);
    await expectOrder(page, request, { sort: 'price' });

    await filters.getByRole('checkbox', { name: /^Gym Partnership/ }).click();
    await filters.getByRole('checkbox', { name: /^Nearby Gyms/ }).click();
    await expect(page).toHaveURL(/gymAccessType=partnered,nearby/);
    await expectTotal(page, request, { gymAccessType: 'partnered,nearby' });
    await expectOrder(page, request, { sort: 'price', gymAccessType: 'partnered,nearby' });

    await filters.getByRole('checkbox', { name: /^Open 24 hours/ }).click();
    await expect(page).toHaveURL(/open24h=true/);
    await expectTotal(page, request, { gymAccessType: 'partnered,nearby', open24h: 'true' });
    await expect(page.getByRole('button', { name: 'Remove Open 24 hours filter' })).toBeVisible();

    await page.reload();
    await expectTotal(page, request, { gymAccessType: 'partnered,nearby', open24h: 'true' });
    await expect(page.getByLabel('Sort by')).toHaveValue('price');
    await expect(filters.getByRole('checkbox', { name: /^Open 24 hours/ })).toBeChecked();
    await expect(filters.getByRole('checkbox', { name: /^Gym Partnership/ })).toBeChecked();

    await page.goBack();
    await expectTotal(page, request, { gymAccessType: 'partnered,nearby' });
    await expect(filters.getByRole('checkbox', { name: /^Open 24 hours/ })).not.toBeChecked();
    await page.goBack();
    await page.goBack();
    await expectTotal(page, request, {});
    await expect(page.getByLabel('Sort by')).toHaveValue('price');
    await page.goForward();
    await page.goForward();
    await expectTotal(page, request, { gymAccessType: 'partnered,nearby' });

    await page.getByRole('button', { name: 'Clear All' }).click();
    await expect(page).toHaveURL(/\/search\?sort=price$/);
    await expectTotal(page, request, {});
  });

  test('rating, gym size, dumbbell and price filters show counts and narrow the result', async ({ page, request }) => {
    const base = await searchApi(request, {});
    const facets = (base as unknown as { filterFacets: { gymSize: Record<string, number> } }).filterFacets;

    await page.goto('/search');
    const filters = page.getByRole('complementary', { name: 'Filters' });
    const largeBox = filters.getByRole('group', { name: 'Gym size' }).getByRole('checkbox', { name: /^1,000 sqm or more/ });
    await expect(largeBox).toHaveAccessibleName(`1,000 sqm or more ${facets.gymSize.large} hotels`);
    await largeBox.click();
    await expect(largeBox).toBeChecked();
    await expectTotal(page, request, { gymSize: 'large' });
    await filters.getByRole('radio', { name: /^50 kg or heavier/ }).click();
    await expectTotal(page, request, { gymSize: 'large', minDumbbellKg: '50' });

    await filters.getByLabel('Max').fill('100');
    await filters.getByLabel('Min').fill('700');
    await expect(filters.getByRole('alert')).toHaveText('Minimum price must not be above the maximum price');
    await expect(page).toHaveURL(/maxPrice=100/);
    await expect(page).not.toHaveURL(/minPrice/);
    await filters.getByLabel('Max').fill('700');
    await filters.getByLabel('Min').fill('100');
    await filters.getByLabel('Min').press('Enter');
    await expect(page).toHaveURL(/minPrice=100&maxPrice=700/);
    await expectTotal(page, request, { gymSize: 'large', minDumbbellKg: '50', minPrice: '100', maxPrice: '700' });
    await expect(page.getByRole('button', { name: 'Remove price filter' })).toBeVisible();

    await page.goto('/search');
    await filters.getByRole('checkbox', { name: /^Wheelchair access/ }).click();
    await filters.getByRole('checkbox', { name: /^Adaptive gym equipment/ }).click();
    await expect(page).toHaveURL(/accessibilityFeatures=wheelchair-access,adaptive-equipment$/);
    await expectTotal(page, request, { accessibilityFeatures: 'wheelchair-access,adaptive-equipment' });
  });

  test('multi-word queries match across fields, and distance sorts from the city centre', async ({ page, request }) => {
    const tokyo = await searchApi(request, { query: 'tokyo japan' });
    expect(tokyo.total).toBeGreaterThan(0);
    await page.goto('/search');
    await page.getByRole('combobox', { name: 'Search by city, hotel name or country' }).fill('tokyo japan');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expectTotal(page, request, { query: 'tokyo japan' });

    await page.goto('/search?query=Paris');
    await page.getByLabel('Sort by').selectOption('distance');
    await expect(page).toHaveURL(/sort=distance&lat=48\.8566&lng=2\.3522/);
    await expectOrder(page, request, { query: 'Paris', sort: 'distance', lat: '48.8566', lng: '2.3522' });
    await expect(page.getByTestId('hotel-distance').first()).toHaveText(/^· [\d.,]+ km away$/);
    await page.reload();
    await expect(page.getByLabel('Sort by')).toHaveValue('distance');
    // Another place: the Paris point no longer applies, so the order goes back to rating.
    await page.getByRole('combobox', { name: 'Search by city, hotel name or country' }).fill('Tokyo');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/search\?query=Tokyo$/);
    await expect(page.getByLabel('Sort by')).toHaveValue('rating');
  });
});

test.describe('search filters on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('open in a sheet that changes nothing until "Show N hotels"; the URL keeps them', async ({ page, request }) => {
    const london = await searchApi(request, { query: 'London' });
    // Seeded facts other tests do not change (ratings move as reviews are approved): the elevator narrows London.
    const rated = await searchApi(request, { query: 'London', accessibilityFeatures: 'elevator' });
    const ratedOnSite = await searchApi(request, { query: 'London', accessibilityFeatures: 'elevator', gymAccessType: 'on-site' });
    expect(london.total).toBeGreaterThan(rated.total);

    await page.goto('/search?query=London');
    await expect(heading(page)).toHaveText(`Results for "London" (${london.total})`);
    await expect(page.getByRole('complementary', { name: 'Filters' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('button', { name: `Show ${london.total} hotels` })).toBeVisible();
    await sheet.getByRole('checkbox', { name: /^Elevator/ }).check();
    await expect(sheet.getByRole('button', { name: `Show ${rated.total} hotel${rated.total === 1 ? '' : 's'}` })).toBeVisible();
    await sheet.getByRole('checkbox', { name: /^On-site Gym/ }).check();
    const show = sheet.getByRole('button', { name: `Show ${ratedOnSite.total} hotel${ratedOnSite.total === 1 ? '' : 's'}` });
    await expect(show).toBeVisible();
    // Nothing behind the sheet has changed.
    await expect(page).toHaveURL(/\/search\?query=London$/);
    await expect(heading(page)).toHaveText(`Results for "London" (${london.total})`);
    await expect(page.getByTestId('hotel-card')).toHaveCount(london.total);

    await show.click();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(/query=London&gymAccessType=on-site&accessibilityFeatures=elevator$/);
    await expect(heading(page)).toHaveText(`Results for "London" (${ratedOnSite.total})`);
    await expect(page.getByRole('button', { name: 'Filters (2)' })).toBeVisible();

    await page.reload();
    await expect(heading(page)).toHaveText(`Results for "London" (${ratedOnSite.total})`);
    await page.getByRole('button', { name: 'Filters (2)' }).click();
    await expect(page.getByRole('dialog', { name: 'Filters' }).getByRole('checkbox', { name: /^Elevator/ })).toBeChecked();
    // Closing without applying leaves the results as they were.
    await page.getByRole('dialog', { name: 'Filters' }).getByRole('checkbox', { name: /^Elevator/ }).uncheck();
    await page.getByRole('button', { name: 'Close filters' }).click();
    await expect(heading(page)).toHaveText(`Results for "London" (${ratedOnSite.total})`);

    await page.goBack();
    await expect(page).toHaveURL(/\/search\?query=London$/);
    await expect(heading(page)).toHaveText(`Results for "London" (${london.total})`);
    await page.goForward();
    await expect(heading(page)).toHaveText(`Results for "London" (${ratedOnSite.total})`);

    // Sorting is on the page itself, so it applies at once.
    await page.getByLabel('Sort by').selectOption('name');
    await expect(page).toHaveURL(/sort=name/);
  });
});
