import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { adminToken, createListingApi, deleteListingApi, expect, newProvider, newTraveller, signInWithToken, test } from './doc2-support';

async function expectNoSeriousViolations(page: Page, include?: string) {
  await page.waitForLoadState('networkidle');
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const results = await builder.analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
}

test.describe('accessibility of document 2 screens (axe-core: no serious or critical violations)', () => {
  for (const path of ['/terms-of-service', '/privacy-policy', '/help-center', '/business-travel', '/partner-hotels', '/contact-us', '/cookie-preferences']) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  }

  test('provider dashboard, both tabs, add and edit forms', async ({ page, request }) => {
    // Several axe passes in one test: each takes 5-10 s while the test command's other stages share the two cores.
    test.slow();
    const provider = await newProvider(request);
    const listing = await createListingApi(request, provider.token);
    await signInWithToken(page, provider.token, '/provider/dashboard');
    await expect(page.getByTestId('listing-card')).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole('tab', { name: 'Lead Analytics' }).click();
    await expect(page.getByText('No leads yet')).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole('tab', { name: 'My Listings' }).click();
    await page.getByRole('button', { name: `Delete ${listing.name}` }).click();
    await expectNoSeriousViolations(page, '[role="alertdialog"]');
    await page.keyboard.press('Escape');
    await page.goto('/add-hotel');
    await page.getByRole('button', { name: 'Submit for Review' }).click();
    await expect(page.getByText('Hotel name is required')).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.goto(`/edit-hotel/${listing.id}`);
    await expect(page.getByLabel('Hotel name')).toHaveValue(listing.name);
    await expectNoSeriousViolations(page);
    await deleteListingApi(request, provider.token, listing.id);
  });

  test('admin dashboard tabs and the hotel dialog', async ({ page, request }) => {
    // Several axe passes in one test: each takes 5-10 s while the test command's other stages share the two cores.
    test.slow();
    await signInWithToken(page, await adminToken(request), '/admin');
    await expect(page.getByTestId('hotels-table')).toBeVisible({ timeout: 30_000 });
    await expectNoSeriousViolations(page);
    await page.getByRole('tab', { name: /Reviews Moderation/ }).click();
    await expectNoSeriousViolations(page);
    await page.getByRole('tab', { name: /Pending Listings/ }).click();
    await expectNoSeriousViolations(page);
    await page.getByRole('tab', { name: /Hotels Management/ }).click();
    await page.getByRole('button', { name: 'Add Hotel' }).click();
    await expectNoSeriousViolations(page, '[role="dialog"]');
  });

  test('review form with errors, access screens', async ({ page, request }) => {
    // Several axe passes in one test: each takes 5-10 s while the test command's other stages share the two cores.
    test.slow();
    const traveller = await newTraveller(request);
    await signInWithToken(page, traveller.token, '/write-review/3');
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page.getByText('Please select a rating')).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.goto('/add-hotel');
    await expect(page.getByRole('heading', { name: 'Provider Access Required' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
