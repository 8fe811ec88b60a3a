import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { API, adminToken, approveApi, createAdminHotelApi, createListingApi, deleteHotelApi, deleteListingApi, expect, newProvider, registerViaApi, signInWithToken, test, unique, waitForEmail } from './doc2-support';

/**
 * Email a person can stop (ruling 18): the "Unsubscribe" link of a real email opens a page that changes nothing
 * until its one button is pressed; the "Email preferences" page, from the profile or from an email's link without
 * signing in, has a switch per kind (per listing for a provider) that applies at once.
 */
const shots = process.env.E2E_SHOTS_DIR ?? 'test-results/email-preferences';
const viewports = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
];

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
}
const noSidewaysScroll = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

/** A link of an email's footer, as its reader would click it. */
function footerLink(text: string | undefined, label: 'Unsubscribe from these emails' | 'Email preferences'): string {
  const link = new RegExp(`${label}: (https?://\\S+)`).exec(text ?? '')?.[1];
  if (!link) throw new Error(`no "${label}" link in the email`);
  // The link names the site's public address; the browser tests reach it at the base URL.
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

async function approvedReviewEmail(request: APIRequestContext, admin: string, hotelId: number, hotelName: string) {
  const account = await registerViaApi(request, 'Uma');
  const posted = await request.post(`${API}/api/reviews`, {
    headers: { Authorization: `Bearer ${account.token}` },
    data: { hotelId, title: 'Racks and rowers', content: 'Two racks, a platform and rowers, open all night long.', rating: 5, gymRating: 5, travelType: 'fitness', stayDate: '2026-09' },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const reviewId = ((await posted.json()) as { id: string }).id;
  const approved = await request.put(`${API}/api/reviews/${reviewId}/approve`, { headers: { Authorization: `Bearer ${admin}` }, data: { isApproved: true } });
  expect(approved.ok(), await approved.text()).toBe(true);
  const email = await waitForEmail(request, account.email, new RegExp(`^Your review of ${hotelName} is live$`));
  return { account, email };
}

for (const viewport of viewports) {
  test(`unsubscribe page and email preferences through an email's links at ${viewport.width} px`, async ({ page, request }) => {
    test.slow();
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const admin = await adminToken(request);
    const hotel = await createAdminHotelApi(request, admin, unique('E2E Unsub Lodge'));
    try {
      const { account, email } = await approvedReviewEmail(request, admin, hotel.id, hotel.name);
      const masked = `${account.email[0]}•••@example.com`;

      // The unsubscribe link: opening it changes nothing; it says what stops, for which address.
      await page.goto(footerLink(email.text, 'Unsubscribe from these emails'));
      await expect(page).toHaveURL(/\/unsubscribe$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
      const confirm = page.getByTestId('unsubscribe-confirm');
      await expect(confirm.getByRole('heading', { name: 'Your reviews' })).toBeVisible();
      await expect(confirm).toContainText('When a review you wrote is published, or cannot be published.');
      await expect(confirm).toContainText(`Sent to ${masked}`);
      await noSidewaysScroll(page, viewport.width);
      await page.screenshot({ path: `${shots}/unsubscribe-confirm-${viewport.name}.png`, fullPage: true });
      await expectAccessible(page);
      const before = await request.get(`${API}/api/email-preferences`, { headers: { Authorization: `Bearer ${account.token}` } });
      expect(((await before.json()) as { optOuts: unknown[] }).optOuts).toEqual([]);

      // One button.
      await page.getByTestId('unsubscribe-button').click();
      const done = page.getByTestId('unsubscribe-done');
      await expect(done).toContainText("You're unsubscribed");
      await expect(done).toContainText(`${masked} will not get emails about your reviews any more.`);
      await page.screenshot({ path: `${shots}/unsubscribe-done-${viewport.name}.png`, fullPage: true });
      await expectAccessible(page);
      const after = await request.get(`${API}/api/email-preferences`, { headers: { Authorization: `Bearer ${account.token}` } });
      expect(((await after.json()) as { optOuts: unknown[] }).optOuts).toEqual([{ kind: 'review-status', scope: null }]);

      // On to every preference, still without signing in: the kind just stopped is off, the others on.
      await page.getByRole('button', { name: 'Manage all email preferences' }).click();
      await expect(page).toHaveURL(/\/email-preferences$/);
      await expect(page.getByTestId('email-preferences-address')).toHaveText(masked);
      await expect(page.getByRole('switch', { name: 'Your reviews', exact: true })).toHaveAttribute('aria-checked', 'false');
      await expect(page.getByRole('switch', { name: 'Replies to your reviews', exact: true })).toHaveAttribute('aria-checked', 'true');
      await expect(page.getByRole('switch', { name: 'Saved search alerts', exact: true })).toHaveAttribute('aria-checked', 'true');
      await expect(page.getByRole('switch', { name: 'Favourite hotel updates', exact: true })).toHaveAttribute('aria-checked', 'true');
      // A traveller has no listings: no per-listing kind.
      await expect(page.getByRole('switch', { name: 'Listing approvals', exact: true })).toHaveCount(0);
      await page.getByRole('switch', { name: 'Replies to your reviews', exact: true }).click();
      await expect(page.getByTestId('email-preferences-status')).toHaveText('Saved: Replies to your reviews off.');
      await expect(page.getByRole('switch', { name: 'Replies to your reviews', exact: true })).toHaveAttribute('aria-checked', 'false');
      await noSidewaysScroll(page, viewport.width);
      await page.screenshot({ path: `${shots}/preferences-by-link-${viewport.name}.png`, fullPage: true });
      await expectAccessible(page);
      // A reload keeps the link's access (the token stays in this tab, not in the address bar).
      await page.reload();
      await expect(page.getByRole('switch', { name: 'Replies to your reviews', exact: true })).toHaveAttribute('aria-checked', 'false');

      // Signed in, from the profile: the same preferences, a switch per saved search; a switch turned back on applies at once.
      const searchName = unique('Racks in London');
      const saved = await request.post(`${API}/api/saved-searches`, { headers: { Authorization: `Bearer ${account.token}` }, data: { name: searchName, params: { query: 'London' } } });
      expect(saved.status(), await saved.text()).toBe(201);
      const savedId = ((await saved.json()) as { id: string }).id;
      await signInWithToken(page, account.token, '/profile');
      await page.locator('#emails').getByRole('link', { name: 'Email preferences' }).click();
      await expect(page).toHaveURL(/\/email-preferences$/);
      await expect(page.getByTestId('email-preferences-address')).toHaveText(account.email);
      await page.getByRole('switch', { name: 'Your reviews', exact: true }).click();
      await expect(page.getByTestId('email-preferences-status')).toHaveText('Saved: Your reviews on.');
      const perSearch = page.getByRole('switch', { name: `Saved search alerts: ${searchName}` });
      await expect(perSearch).toHaveAttribute('aria-checked', 'true');
      await perSearch.click();
      await expect(page.getByTestId('email-preferences-status')).toHaveText(`Saved: Saved search alerts for ${searchName} off.`);
      await expect(perSearch).toHaveAttribute('aria-checked', 'false');
      const signedIn = await request.get(`${API}/api/email-preferences`, { headers: { Authorization: `Bearer ${account.token}` } });
      expect(((await signedIn.json()) as { optOuts: unknown[] }).optOuts).toEqual([{ kind: 'review-replies', scope: null }, { kind: 'search-alerts', scope: savedId }]);
      await page.screenshot({ path: `${shots}/preferences-signed-in-${viewport.name}.png`, fullPage: true });

      // A link that is not one says so and offers to sign in.
      await page.goto('/unsubscribe?token=e1.not.valid');
      await expect(page.getByTestId('unsubscribe-error')).toContainText('This unsubscribe link is not valid.');
      await page.screenshot({ path: `${shots}/unsubscribe-invalid-${viewport.name}.png`, fullPage: true });
    } finally {
      await deleteHotelApi(request, admin, hotel.id);
    }
  });

  test(`a provider's email preferences per listing at ${viewport.width} px`, async ({ page, request }) => {
    test.slow();
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const admin = await adminToken(request);
    const provider = await newProvider(request);
    const listing = await createListingApi(request, provider.token, { name: unique('E2E Prefs House') });
    const other = await createListingApi(request, provider.token, { name: unique('E2E Other House') });
    try {
      await approveApi(request, admin, listing.id);
      const email = await waitForEmail(request, provider.email, new RegExp(`^Your listing ${listing.name} is approved$`));

      // The approval email's unsubscribe link stops approvals of that listing only.
      await page.goto(footerLink(email.text, 'Unsubscribe from these emails'));
      await expect(page.getByTestId('unsubscribe-confirm').getByRole('heading', { name: 'Listing approvals (this listing)' })).toBeVisible();
      await page.getByTestId('unsubscribe-button').click();
      await expect(page.getByTestId('unsubscribe-done')).toContainText('will not get emails about listing approvals (this listing) any more.');

      await signInWithToken(page, provider.token, '/email-preferences');
      const kind = page.getByTestId('email-kind-listing-status');
      await expect(kind.getByRole('switch', { name: 'Listing approvals', exact: true })).toHaveAttribute('aria-checked', 'true');
      await expect(kind.getByRole('switch', { name: `Listing approvals: ${listing.name}` })).toHaveAttribute('aria-checked', 'false');
      await expect(kind.getByRole('switch', { name: `Listing approvals: ${other.name}` })).toHaveAttribute('aria-checked', 'true');
      await kind.getByRole('switch', { name: `Listing approvals: ${other.name}` }).click();
      await expect(page.getByTestId('email-preferences-status')).toHaveText(`Saved: Listing approvals for ${other.name} off.`);
      const prefs = await request.get(`${API}/api/email-preferences`, { headers: { Authorization: `Bearer ${provider.token}` } });
      expect(((await prefs.json()) as { optOuts: unknown[] }).optOuts).toEqual(
        expect.arrayContaining([
          { kind: 'listing-status', scope: String(listing.id) },
          { kind: 'listing-status', scope: String(other.id) },
        ]),
      );
      await noSidewaysScroll(page, viewport.width);
      await kind.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/preferences-provider-${viewport.name}.png`, fullPage: true });
      await expectAccessible(page);
    } finally {
      await deleteListingApi(request, provider.token, listing.id);
      await deleteListingApi(request, provider.token, other.id);
    }
  });
}
