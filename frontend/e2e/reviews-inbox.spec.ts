import type { APIRequestContext, Page } from '@playwright/test';
import { API, adminToken, approveApi, createListingApi, expect, newProvider, newTraveller, signInWithToken, test, toastWith } from './doc2-support';

/** A published review of the listing (once engagement knows the approved listing), approved by an admin. */
async function publishedReview(request: APIRequestContext, admin: string, hotelId: number, rating: number, title: string) {
  const traveller = await newTraveller(request, 'Remy');
  let id = '';
  await expect
    .poll(
      async () => {
        const response = await request.post(`${API}/api/reviews`, {
          headers: { Authorization: `Bearer ${traveller.token}` },
          data: { hotelId, title, content: 'Two racks, a deadlift platform and dumbbells to 40 kg. The cable station was out of order.', rating, gymRating: rating, travelType: 'fitness', stayDate: '2026-08' },
        });
        if (response.status() === 201) id = ((await response.json()) as { id: string }).id;
        return response.status();
      },
      { timeout: 30_000, intervals: [250, 500, 1000] },
    )
    .toBe(201);
  const approved = await request.put(`${API}/api/reviews/${id}/approve`, { headers: { Authorization: `Bearer ${admin}` }, data: { isApproved: true } });
  expect(approved.status()).toBe(200);
  return id;
}

const noSidewaysScroll = async (page: Page, width: number) => {
  const overflowing = await page.evaluate(
    (w) => [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > w + 1 && !el.closest('[class*=overflow-x-auto], .sr-only, .toast-root')).slice(0, 5).map((el) => `${el.tagName}.${el.className}`),
    width,
  );
  expect(overflowing).toEqual([]);
};

test.describe('the reviews inbox', () => {
  for (const width of [375, 1280]) {
    test(`reviews across the properties, unanswered and rating filters, and a reply from the inbox at ${width} px`, async ({ page, request }) => {
      test.slow();
      const admin = await adminToken(request);
      const provider = await newProvider(request);
      const listing = await createListingApi(request, provider.token);
      await approveApi(request, admin, listing.id);
      await publishedReview(request, admin, listing.id, 5, 'Racks that work');
      await publishedReview(request, admin, listing.id, 2, 'Broken cable station');
      await page.setViewportSize({ width, height: 900 });
      await signInWithToken(page, provider.token, '/provider/dashboard?tab=reviews');
      await expect(page.getByRole('tab', { name: 'Reviews' })).toHaveAttribute('aria-selected', 'true');
      const inbox = page.getByTestId('reviews-inbox');
      await expect(inbox.getByTestId('inbox-review')).toHaveCount(2);
      await expect(page.getByTestId('reviews-count')).toHaveText('2 reviews · 2 unanswered');

      await inbox.getByLabel('Rating').selectOption('2');
      await expect(inbox.getByTestId('inbox-review')).toHaveCount(1);
      const review = inbox.getByTestId('inbox-review').first();
      await expect(review).toContainText('Broken cable station');
      await expect(review).toContainText(listing.name);
      if (width < 768) await noSidewaysScroll(page, width);
      await page.screenshot({ path: `test-results/reviews-inbox-${width}.png`, fullPage: true });

      await review.getByLabel(/Reply to Remy/).fill('Thank you: the cable station is fixed.');
      await review.getByRole('button', { name: 'Publish reply' }).click();
      await expect(toastWith(page, 'Reply published')).toBeVisible();
      // Answered: out of "unanswered only"; with it off, the reply is shown.
      await expect(page.getByText('Every review is answered.')).toBeVisible();
      await inbox.getByLabel('Unanswered only').uncheck();
      await expect(inbox.getByTestId('inbox-reply')).toContainText('Thank you: the cable station is fixed.');
      await inbox.getByLabel('Rating').selectOption('');
      await expect(page.getByTestId('reviews-count')).toHaveText('2 reviews · 1 unanswered');
      if (width < 768) await noSidewaysScroll(page, width);
      await page.screenshot({ path: `test-results/reviews-inbox-answered-${width}.png`, fullPage: true });
    });
  }
});
