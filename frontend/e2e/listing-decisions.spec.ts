import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { messages } from '@reproute/contracts';
import { API, adminToken, approveApi, createListingApi, deleteListingApi, expect, newProvider, signInWithToken, test, toastWith, unique } from './doc2-support';

/**
 * Changes that are judged, not lost: the admin's pending card shows what judging a listing needs (equipment, hours,
 * size, photos, booking URL, lead email, a new city); rejecting asks for the reason the provider is emailed; the
 * preview of a listing not live says so; the provider's edit page keeps a rejected change with its reason, to fix
 * and send again or discard. At 375 and 1280 px, with screenshots.
 */
const shots = process.env.E2E_SHOTS_DIR ?? 'test-results/listing-decisions';
const viewports = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
];

const noSidewaysScroll = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
async function expectAccessible(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
}

const judgedListing = (name: string, city: string) => ({
  name,
  address: '7 Barbell Row',
  cityId: undefined,
  city,
  country: 'Testland',
  contactEmail: 'leads@iron-lofts.example',
  bookingUrl: 'https://iron-lofts.example/book',
  images: ['/images/hotels/h01/hero.jpg', '/images/hotels/h01/room.jpg'],
  gymImages: ['/images/hotels/h01/gym-1.jpg'],
  rawEquipment: ['Power rack', 'Dumbbells 2-40kg', 'Rowing machine'],
  gym: { opensAt: '06:00', closesAt: '22:00', sizeSqm: 240 },
});

for (const viewport of viewports) {
  test.describe(`listing review at ${viewport.width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
    });

    test('the pending card shows what judging needs; the preview says it is not live; rejecting asks for the reason', async ({ page, request }) => {
      test.slow();
      const admin = await adminToken(request);
      const provider = await newProvider(request);
      const name = unique('E2E Judged Lofts');
      const city = unique('Newburgh');
      const listing = await createListingApi(request, provider.token, judgedListing(name, city));
      try {
        // The provider's preview of the listing in review.
        await signInWithToken(page, provider.token, `/hotels/${listing.id}`);
        const banner = page.getByTestId('not-live-banner');
        await expect(banner).toContainText('Not live yet.');
        await expect(banner).toContainText('awaiting review, so travellers cannot see it');
        await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
        await noSidewaysScroll(page, viewport.width);
        await page.screenshot({ path: `${shots}/preview-not-live-${viewport.name}.png` });

        await signInWithToken(page, admin, '/admin');
        await page.getByRole('tab', { name: /Pending Listings/ }).click();
        await page.getByLabel('Filter pending listings').fill(name);
        const card = page.getByTestId('pending-listing').filter({ hasText: name });
        await expect(card).toHaveCount(1);
        for (const fact of ['Power rack, Dumbbells 2-40kg, Rowing machine', '06:00–22:00', '240 m²', 'https://iron-lofts.example/book', 'leads@iron-lofts.example', provider.email]) {
          await expect(card).toContainText(fact);
        }
        await expect(card.getByTestId('new-city')).toHaveText('New city');
        await expect(card.getByRole('list', { name: `Photos of ${name}` }).getByRole('img')).toHaveCount(3);
        await expect(card.getByRole('link', { name: 'https://iron-lofts.example/book' })).toHaveAttribute('href', 'https://iron-lofts.example/book');
        await expect(card.getByRole('link', { name: 'Preview' })).toHaveAttribute('href', `/hotels/${listing.id}`);
        await card.scrollIntoViewIfNeeded();
        await noSidewaysScroll(page, viewport.width);
        await card.screenshot({ path: `${shots}/pending-card-${viewport.name}.png` });

        // No reason, no rejection: the dialog says so and sends nothing.
        let rejections = 0;
        page.on('request', (r) => {
          if (r.method() === 'PUT' && r.url().endsWith(`/api/hotels/${listing.id}/approval`)) rejections += 1;
        });
        await card.getByRole('button', { name: `Reject ${name}` }).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog.getByRole('heading', { name: `Reject listing: ${name}` })).toBeVisible();
        await dialog.getByRole('button', { name: 'Reject listing' }).click();
        await expect(dialog.getByRole('alert')).toHaveText(messages.listingRejectionReasonRequired);
        expect(rejections).toBe(0);
        const reason = 'Please add a photo of the rack itself.';
        await dialog.getByLabel('Reason for the provider').fill(reason);
        const box = await dialog.boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
        await expectAccessible(page, '[data-testid="listing-reject-dialog"]');
        await page.screenshot({ path: `${shots}/reject-dialog-${viewport.name}.png` });
        const sent = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/api/hotels/${listing.id}/approval`));
        await dialog.getByRole('button', { name: 'Reject listing' }).click();
        expect((await sent).postDataJSON()).toEqual({ isApproved: false, reason });
        await expect(toastWith(page, 'Listing Rejected', `${name} was sent back to its provider with your reason.`)).toBeVisible();
        await expect(dialog).toHaveCount(0);
        await expect(card).toHaveCount(0);

        // The provider sees the reason on the edit page; the preview says it was not approved.
        await signInWithToken(page, provider.token, `/edit-hotel/${listing.id}`);
        await expect(page.getByTestId('rejected-listing-notice')).toContainText(`Reason from our team: ${reason}`);
        await page.goto(`/hotels/${listing.id}`);
        await expect(page.getByTestId('not-live-banner')).toContainText('This listing was not approved, so travellers cannot see it.');
      } finally {
        await deleteListingApi(request, provider.token, listing.id);
      }
    });

    test('a rejected change to a live listing stays on the provider\'s edit page with its reason, to fix and send again or discard', async ({ page, request }) => {
      test.slow();
      const admin = await adminToken(request);
      const provider = await newProvider(request);
      const listing = await createListingApi(request, provider.token, { rawEquipment: ['Power rack'] });
      try {
        await approveApi(request, admin, listing.id);
        const proposed = 'https://agent.e2e.example/iron-house';
        const edited = await request.put(`${API}/api/provider/hotels/${listing.id}`, { headers: { Authorization: `Bearer ${provider.token}` }, data: { bookingUrl: proposed } });
        expect(edited.status()).toBe(200);

        // The admin rejects the change through the dialog.
        await signInWithToken(page, admin, '/admin');
        await page.getByRole('tab', { name: /Pending Listings/ }).click();
        const card = page.getByTestId('pending-revision').filter({ hasText: listing.name });
        await expect(card).toBeVisible();
        await card.getByRole('button', { name: `Reject changes to ${listing.name}` }).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog.getByRole('heading', { name: `Reject changes: ${listing.name}` })).toBeVisible();
        await expect(dialog).toContainText('Travellers keep seeing the approved listing.');
        const reason = 'The booking link must be the hotel’s own site.';
        await dialog.getByLabel('Reason for the provider').fill(reason);
        await page.screenshot({ path: `${shots}/reject-changes-dialog-${viewport.name}.png` });
        await dialog.getByRole('button', { name: 'Reject changes' }).click();
        await expect(toastWith(page, 'Changes Rejected')).toBeVisible();
        await expect(card).toHaveCount(0);

        // The provider: the dashboard card says so; the edit page keeps the proposal and the reason.
        await signInWithToken(page, provider.token, '/provider/dashboard');
        await expect(page.getByTestId('listing-card').filter({ hasText: listing.name }).getByTestId('rejected-changes')).toContainText(`Reason: ${reason}`);
        await page.goto(`/edit-hotel/${listing.id}`);
        const notice = page.getByTestId('rejected-changes-notice');
        await expect(notice).toContainText('Your changes were not approved');
        await expect(notice).toContainText(`Reason from our team: ${reason}`);
        await expect(notice).toContainText(proposed);
        await expect(page.getByLabel('Booking URL')).toHaveValue(proposed);
        await noSidewaysScroll(page, viewport.width);
        await expectAccessible(page, '[data-testid="rejected-changes-notice"]');
        await notice.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${shots}/edit-rejected-change-${viewport.name}.png` });

        if (viewport.width < 640) {
          // Discarding: the live listing as it is, the notice gone.
          await notice.getByRole('button', { name: 'Discard these changes' }).click();
          await expect(toastWith(page, 'Changes Discarded')).toBeVisible();
          await expect(page.getByTestId('rejected-changes-notice')).toHaveCount(0);
          await expect(page.getByLabel('Booking URL')).toHaveValue('https://book.e2e.example/stay');
        } else {
          // Fixed and sent again: waiting for review once more.
          await page.getByLabel('Booking URL').fill('https://book.e2e.example/rooms');
          await page.getByRole('button', { name: 'Save Changes' }).click();
          await expect(toastWith(page, 'Changes Submitted for Review')).toBeVisible();
          const own = (await (await request.get(`${API}/api/provider/hotels`, { headers: { Authorization: `Bearer ${provider.token}` } })).json()) as {
            id: number;
            pendingRevision: { status: string; changes: { field: string; to: unknown }[] } | null;
          }[];
          const mine = own.find((h) => h.id === listing.id);
          expect(mine?.pendingRevision?.status).toBe('pending');
          expect(mine?.pendingRevision?.changes).toEqual([{ field: 'bookingUrl', from: 'https://book.e2e.example/stay', to: 'https://book.e2e.example/rooms' }]);
        }
      } finally {
        await deleteListingApi(request, provider.token, listing.id);
      }
    });
  });
}
