import type { Page } from '@playwright/test';
import { expect, searchApi, test } from './support';

/**
 * "Match all" or "Match any" of the chosen equipment (issue 50): the toggle shows once two items are chosen, keeps
 * `eqMatch=any` in the URL, and the result is the API's for the same choice (all: an item of each chosen group; any:
 * at least one item), on the sidebar at desktop width and in the filter sheet on a phone.
 */
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
// A strength item and a recovery item: under "all" a hotel needs both, under "any" either.
const eq = 'squat rack,sauna';

for (const width of [1280, 375]) {
  test(`match all or any of the chosen equipment at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    const all = await searchApi(request, { eq });
    const any = await searchApi(request, { eq, eqMatch: 'any' });
    const rack = await searchApi(request, { eq: 'squat rack' });
    expect(any.total).toBeGreaterThan(all.total);
    expect(any.total).toBeGreaterThanOrEqual(rack.total);

    await page.goto(`/search?eq=${encodeURIComponent(eq).replace('%2C', ',')}`);
    await expect(heading(page)).toHaveText(`All Hotels (${all.total})`);
    const phone = width < 768;
    if (phone) await page.getByRole('button', { name: /^Filters/ }).click();
    const panel = phone ? page.getByRole('dialog', { name: 'Filters' }) : page.getByRole('complementary', { name: 'Filters' });
    const chosen = panel.getByRole('group', { name: 'Chosen equipment' });
    await expect(chosen.getByRole('radio', { name: 'Match all' })).toBeChecked();
    await chosen.getByRole('radio', { name: 'Match any' }).check();
    await expect(panel.getByTestId('eq-match-hint')).toHaveText('Hotels with at least one of the chosen items.');
    await page.screenshot({ path: `test-results/eq-match-${width}.png`, fullPage: false });
    if (phone) await panel.getByRole('button', { name: `Show ${any.total} hotels` }).click();
    await expect(page).toHaveURL(/eq=squat%20rack,sauna&eqMatch=any|eq=squat\+rack,sauna&eqMatch=any/);
    await expect(heading(page)).toHaveText(`All Hotels (${any.total})`);

    // Kept through a reload; back to "all" leaves it out of the URL.
    await page.reload();
    await expect(heading(page)).toHaveText(`All Hotels (${any.total})`);
    if (phone) await page.getByRole('button', { name: /^Filters/ }).click();
    await chosen.getByRole('radio', { name: 'Match all' }).check();
    if (phone) await panel.getByRole('button', { name: `Show ${all.total} hotels` }).click();
    await expect(page).not.toHaveURL(/eqMatch/);
    await expect(heading(page)).toHaveText(`All Hotels (${all.total})`);
  });
}
