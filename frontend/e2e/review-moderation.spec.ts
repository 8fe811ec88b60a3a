import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { API, adminToken, createAdminHotelApi, deleteHotelApi, expect, newTraveller, signInWithToken, test, toastWith, unique, waitForEmail } from './doc2-support';

const shots = process.env.SHOTS_DIR;

/** Three pending reviews of a fresh hotel by three fresh travellers, ratings 3, 4 and 5; the tag finds them. */
async function threeReviews(request: APIRequestContext, admin: string) {
  const tag = unique('modtag').replace(' ', '-');
  const hotel = await createAdminHotelApi(request, admin);
  const reviewers = [];
  for (const [i, travelType] of (['business', 'leisure', 'fitness'] as const).entries()) {
    const traveller = await newTraveller(request, `Mona${String.fromCharCode(65 + i)}`);
    // The hotel reaches engagement as an event; until then a review of it answers 404.
    await expect
      .poll(async () => {
        const res = await request.post(`${API}/api/reviews`, {
          headers: { Authorization: `Bearer ${traveller.token}` },
          data: {
            hotelId: hotel.id, title: `Review ${i} ${tag}`, content: 'Two racks, a platform and dumbbells to 40 kg. The sauna was cold.', rating: i + 3, gymRating: 4,
            travelType, roomType: 'Twin', stayDate: '2026-09', pros: ['racks', 'platform'], cons: ['cold sauna'], tags: [],
          },
        });
        return res.status();
      }, { timeout: 30_000 })
      .toBe(201);
    reviewers.push(traveller);
  }
  return { tag, hotel, reviewers };
}

/** axe-core finds no serious or critical problem (in `include` when given). */
async function expectAccessible(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const bad = (await builder.analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
}

async function openModeration(page: Page, token: string, tag: string) {
  await signInWithToken(page, token, '/admin');
  await page.getByRole('tab', { name: /Reviews Moderation/ }).click();
  await page.getByLabel('Search reviews').fill(tag);
  await expect(page.getByTestId('review-count')).toHaveText('Showing 1–3 of 3 reviews');
}

test.describe('review moderation at scale', () => {
  test('filters, select-all and bulk approve, reject with a reason that is emailed and logged', async ({ page, request }) => {
    const admin = await adminToken(request);
    const { tag, hotel, reviewers } = await threeReviews(request, admin);
    try {
      await page.setViewportSize({ width: 1280, height: 1000 });
      await openModeration(page, admin, tag);
      const cards = page.getByTestId('pending-review');
      await expect(cards).toHaveCount(3);
      // The facts a moderator weighs, newest first.
      const newest = cards.first();
      await expect(newest).toContainText(`Review 2 ${tag}`);
      const facts = newest.getByTestId('review-facts');
      for (const text of ['September 2026', 'Fitness', 'Twin', 'racks, platform', 'cold sauna', reviewers[2]!.email, 'Account new today · 1 review']) await expect(facts).toContainText(text);

      // Filters go to the server: a rating, then the oldest first.
      await page.getByLabel('Rating').selectOption('4');
      await expect(cards).toHaveCount(1);
      await expect(cards.first()).toContainText(`Review 1 ${tag}`);
      await page.getByLabel('Rating').selectOption('');
      // Only this hotel: the search text goes, the hotel filter keeps the three.
      await page.getByLabel('Search reviews').fill('');
      await cards.first().getByRole('button', { name: /^Only this hotel/ }).click();
      await expect(page.getByTestId('hotel-filter')).toContainText(`#${hotel.id}`);
      await expect(page.getByTestId('review-count')).toHaveText('Showing 1–3 of 3 reviews');
      await page.getByLabel('Sort').selectOption('oldest');
      await expect(cards.first()).toContainText(`Review 0 ${tag}`);
      if (shots) await page.screenshot({ path: `${shots}/moderation-1280.png` });
      // The filters live in the URL under the tab's own names: a reload opens the tab with the same queue.
      await expect(page).toHaveURL(new RegExp(`[?&]rhotel=${hotel.id}(&|$)`));
      await expect(page).toHaveURL(/[?&]rsort=oldest(&|$)/);
      await page.reload();
      await expect(page.getByRole('tab', { name: /Reviews Moderation/ })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('hotel-filter')).toContainText(`#${hotel.id}`);
      await expect(page.getByLabel('Sort')).toHaveValue('oldest');
      await expect(cards.first()).toContainText(`Review 0 ${tag}`);

      // Select all, leave one out, approve the other two in one call.
      await page.getByLabel('Select all on this page').check();
      await expect(page.getByTestId('selected-count')).toHaveText('3 selected');
      await page.getByRole('checkbox', { name: /^Select the review by MonaA / }).uncheck();
      await expect(page.getByTestId('selected-count')).toHaveText('2 selected');
      const bulk = page.waitForRequest((r) => r.url().endsWith('/api/admin/reviews/bulk'));
      await page.getByRole('button', { name: 'Approve selected' }).click();
      expect((await bulk).postDataJSON()).toMatchObject({ decision: 'approve' });
      await expect(toastWith(page, 'Success', '2 reviews updated!')).toBeVisible();
      await expect(cards).toHaveCount(1);

      // Reject the last one: a reason is required, "Other" takes the admin's words.
      const reason = `Please describe your own stay (${tag}).`;
      await cards.first().getByRole('button', { name: 'Reject' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reject review' });
      await dialog.getByRole('button', { name: 'Reject review' }).click();
      await expect(dialog.getByText('Please give a reason for rejecting')).toBeVisible();
      await dialog.getByLabel('Other (write the reason)').check();
      await dialog.getByLabel('Reason for the reviewer').fill(reason);
      if (shots) await page.screenshot({ path: `${shots}/reject-dialog-1280.png` });
      await expectAccessible(page, '[role="dialog"]');
      await dialog.getByRole('button', { name: 'Reject review' }).click();
      await expect(toastWith(page, 'Success', 'Review updated!')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('No reviews match these filters.')).toBeVisible();

      // Rejected reviews show the reason and who decided.
      await page.getByLabel('Status').selectOption('rejected');
      const rejected = page.getByTestId('moderated-review');
      await expect(rejected).toHaveCount(1);
      await expect(rejected.getByTestId('decision')).toContainText(`Rejected by admin@reproute.example`);
      await expect(rejected.getByTestId('decision')).toContainText(`Reason: ${reason}`);
      await expectAccessible(page);

      // The reviewer is told why, by email.
      const email = await waitForEmail(request, reviewers[0]!.email, /^About your review of/);
      expect(email.text).toContain(`The reason our moderator gave: ${reason}`);

      // The audit log names the decisions.
      await page.getByRole('tab', { name: /Audit Log/ }).click();
      await page.getByRole('button', { name: 'Reviews', exact: true }).click();
      const entries = page.getByTestId('review-audit-entry').filter({ hasText: tag });
      await expect(entries).toHaveCount(3);
      await expect(entries.filter({ hasText: 'Rejected review' })).toContainText(`Reason: ${reason}`);
      await expect(entries.filter({ hasText: 'Approved review' })).toHaveCount(2);
      if (shots) await page.screenshot({ path: `${shots}/audit-1280.png` });
      await expectAccessible(page);
    } finally {
      await deleteHotelApi(request, admin, hotel.id);
    }
  });

  test('usable at 375 px: filters, cards and the reject dialog fit the screen; bulk reject with a preset reason', async ({ page, request }) => {
    const admin = await adminToken(request);
    const { tag, hotel, reviewers } = await threeReviews(request, admin);
    try {
      await page.setViewportSize({ width: 375, height: 800 });
      await openModeration(page, admin, tag);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      if (shots) await page.screenshot({ path: `${shots}/moderation-375.png`, fullPage: true });
      if (shots) {
        await page.getByLabel('Search reviews').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${shots}/moderation-375-filters.png` });
        await page.getByTestId('pending-review').first().scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${shots}/moderation-375-card.png` });
      }
      await page.getByLabel('Select all on this page').check();
      await page.getByRole('button', { name: 'Reject selected' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reject 3 reviews' });
      await dialog.getByLabel('The review is advertising or spam.').check();
      const box = await dialog.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
      if (shots) await page.screenshot({ path: `${shots}/reject-dialog-375.png` });
      await dialog.getByRole('button', { name: 'Reject 3 reviews' }).click();
      await expect(toastWith(page, 'Success', '3 reviews updated!')).toBeVisible();
      await expect(page.getByText('No reviews match these filters.')).toBeVisible();
      for (const reviewer of reviewers) {
        const email = await waitForEmail(request, reviewer.email, /^About your review of/);
        expect(email.text).toContain('The reason our moderator gave: The review is advertising or spam.');
      }
      await page.getByRole('tab', { name: /Audit Log/ }).click();
      await page.getByRole('button', { name: 'Reviews', exact: true }).click();
      await expect(page.getByTestId('review-audit-entry').filter({ hasText: tag })).toHaveCount(3);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      if (shots) await page.screenshot({ path: `${shots}/audit-375.png`, fullPage: true });
    } finally {
      await deleteHotelApi(request, admin, hotel.id);
    }
  });
});
