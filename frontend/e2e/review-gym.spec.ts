import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { photoMessages } from '@reproute/contracts';
import { API, adminToken, createAdminHotelApi, deleteHotelApi, expect, newTraveller, signInWithToken, test, unique } from './doc2-support';

/**
 * Reviews a lifter trusts: the review form's gym details and photos, the review as published with them, and the hotel
 * page's sub-score averages and crowding chart (with its table) once three reviews say when they trained.
 */
const shots = process.env.E2E_SHOTS_DIR ?? 'test-results/review-gym';
async function expectNoSeriousViolations(page: Page, include: string) {
  const results = await new AxeBuilder({ page }).include(include).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
}

const thisMonth = () => new Date().toISOString().slice(0, 7);

async function approvedReview(request: APIRequestContext, token: string, admin: string, hotelId: number, extra: Record<string, unknown>) {
  const posted = await request.post(`${API}/api/reviews`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { hotelId, title: unique('Lifted here'), content: 'Two power racks, a platform and dumbbells to 50 kg; a rower that works.', rating: 4, gymRating: 4, travelType: 'fitness', stayDate: thisMonth(), ...extra },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const { id } = (await posted.json()) as { id: string };
  const approved = await request.put(`${API}/api/reviews/${id}/approve`, { headers: { Authorization: `Bearer ${admin}` }, data: { isApproved: true } });
  expect(approved.status(), await approved.text()).toBe(200);
}

const gymPhoto = () =>
  sharp({ create: { width: 1400, height: 1000, channels: 3, background: { r: 40, g: 110, b: 170 } } })
    .composite([{ input: Buffer.from('<svg width="1400" height="1000"><rect x="200" y="300" width="1000" height="80" fill="#222"/><circle cx="200" cy="340" r="160" fill="#111"/><circle cx="1200" cy="340" r="160" fill="#111"/></svg>') }])
    .jpeg()
    .withExif({ IFD0: { Make: 'E2ESecretCam' } })
    .toBuffer();

for (const viewport of [
  { name: '375', width: 375, height: 812 },
  { name: '1280', width: 1280, height: 900 },
]) {
  test.describe(`review gym details at ${viewport.name} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a seeded hotel shows its reviewers\' sub-scores and crowding by time of day', async ({ page }) => {
      // Hotel 8's seeded reviewers give sub-scores and when they trained (services/engagement/scripts/seed-gym-details.ts).
      await page.goto('/hotels/8');
      const summary = page.getByTestId('review-gym-summary');
      await expect(summary.getByTestId('crowding-bars')).toBeVisible();
      await expect(summary.getByTestId('subscore-equipment')).toContainText(/\d\.\d\/5 · \d+ reviews/);
      await expect(summary.getByTestId('crowding-summary')).toContainText(/^From \d+ reviews saying when they trained/);
      await summary.scrollIntoViewIfNeeded();
      await expect(summary).toBeInViewport();
      await expect(summary.getByTestId('crowding-bars')).toBeInViewport();
      await page.screenshot({ path: `${shots}/seeded-${viewport.name}.png` });
    });

    test('a traveller scores the gym, says when and what they trained and adds a photo; once approved the page shows them', async ({ page, request }) => {
      test.slow();
      const admin = await adminToken(request);
      const hotel = await createAdminHotelApi(request, admin, unique('E2E Crowding Lodge'));
      const lifter = await newTraveller(request, 'Lena');
      await signInWithToken(page, lifter.token, `/write-review/${hotel.id}`);

      const form = page.getByRole('form', { name: 'Your review' });
      await expect(form.getByLabel('Hotel')).toHaveValue(String(hotel.id));
      await form.getByRole('group', { name: 'Overall rating' }).getByLabel('5 stars').check({ force: true });
      await form.getByRole('group', { name: 'Gym rating' }).getByLabel('4 stars').check({ force: true });
      const title = unique('Quiet at six');
      await form.getByLabel('Title').fill(title);
      await form.getByLabel('Review', { exact: true }).fill('Two racks and bells to 50 kg, nobody else there at six in the morning.');
      await form.getByLabel('Travel type').selectOption('fitness');
      await form.getByLabel('Stay date').fill(thisMonth());

      const gym = form.getByTestId('review-gym-fields');
      await gym.getByRole('group', { name: 'Equipment' }).getByLabel('5 stars').check({ force: true });
      await gym.getByRole('group', { name: 'Crowding' }).getByLabel('4 stars').check({ force: true });
      await gym.getByLabel('Hour you trained').selectOption('6');
      await expect(gym.getByLabel('Or the time of day')).toBeDisabled();
      await gym.getByLabel('Strength').check();
      await gym.getByLabel('Cardio').check();

      // A file that is not an image is refused with the pipeline's message; a phone photo is taken.
      const photos = form.getByTestId('review-photo-upload');
      await photos.getByTestId('review-photo-input').setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not an image') });
      await expect(photos.getByTestId('review-photo-error')).toHaveText(`notes.jpg: ${photoMessages.type}`);
      await photos.getByTestId('review-photo-input').setInputFiles({ name: 'rack.jpg', mimeType: 'image/jpeg', buffer: await gymPhoto() });
      await expect(photos.getByRole('img', { name: 'Your gym photo 1' })).toBeVisible();
      await gym.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/form-${viewport.name}.png`, fullPage: false });
      await expectNoSeriousViolations(page, '[data-testid="review-gym-fields"]');
      await expectNoSeriousViolations(page, '[data-testid="review-photo-upload"]');

      await form.getByRole('button', { name: 'Submit Review' }).click();
      await expect(page.getByTestId('review-success')).toBeVisible();

      // The moderator approves it; two more travellers say when they trained, so the chart has three reviews.
      const pending = await request.get(`${API}/api/admin/reviews?status=pending&hotelId=${hotel.id}`, { headers: { Authorization: `Bearer ${admin}` } });
      const [mine] = ((await pending.json()) as { items: { id: string; photos: unknown[]; gymScores: { equipment: number } }[] }).items;
      expect(mine!.photos).toHaveLength(1);
      expect(mine!.gymScores.equipment).toBe(5);
      expect((await request.put(`${API}/api/reviews/${mine!.id}/approve`, { headers: { Authorization: `Bearer ${admin}` }, data: { isApproved: true } })).status()).toBe(200);
      await approvedReview(request, (await newTraveller(request, 'Omar')).token, admin, hotel.id, { gymScores: { equipment: 4, space: 3, crowding: 2 }, trainedHour: 19, trainedKinds: ['strength'] });
      await approvedReview(request, (await newTraveller(request, 'Pia')).token, admin, hotel.id, { gymScores: { cleanliness: 5, crowding: 1 }, trainedBand: 'evening', trainedKinds: ['classes'] });

      const summary = page.getByTestId('review-gym-summary');
      await expect(async () => {
        await page.goto(`/hotels/${hotel.id}`);
        await expect(summary.getByTestId('crowding-bars')).toBeVisible({ timeout: 3_000 });
      }).toPass({ timeout: 30_000 });
      await expect(summary.getByTestId('subscore-equipment')).toContainText('4.5/5 · 2 reviews');
      await expect(summary.getByTestId('crowding-summary')).toHaveText(
        'From 3 reviews saying when they trained: quietest Early morning (05:00–08:00) (4/5), busiest Evening (18:00–22:00) (1.5/5); 5 is quiet.',
      );
      await summary.getByText('Crowding as a table').click();
      await expect(summary.getByTestId('crowding-table').getByRole('row', { name: /Evening \(18:00–22:00\) 1.5\/5 2/ })).toBeVisible();
      await summary.scrollIntoViewIfNeeded();
      await expect(summary).toBeInViewport();
      await page.screenshot({ path: `${shots}/summary-${viewport.name}.png` });
      await expectNoSeriousViolations(page, '[data-testid="hotel-reviews"]');

      const published = page.getByTestId('hotel-review').filter({ hasText: title });
      await expect(published.getByTestId('review-gym-facts')).toContainText('Equipment 5/5');
      await expect(published.getByTestId('review-gym-facts')).toContainText('Trained at 06:00 · Strength, Cardio');
      const thumb = published.getByTestId('review-photos').getByRole('button', { name: /photo 1 of 1 by Lena T\./ });
      await thumb.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/review-${viewport.name}.png` });
      // The photo is the stripped WebP, and it opens in the lightbox; Escape gives focus back.
      const src = await published.getByTestId('review-photos').locator('img').getAttribute('src');
      const file = await request.get(`${API}${src}`);
      expect(file.headers()['content-type']).toBe('image/webp');
      expect((await file.body()).includes(Buffer.from('E2ESecretCam'))).toBe(false);
      await thumb.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      const large = page.getByRole('dialog').getByRole('img', { name: /photo 1 of 1 by Lena T\./ });
      await expect.poll(() => large.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      await page.screenshot({ path: `${shots}/lightbox-${viewport.name}.png` });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(thumb).toBeFocused();
      await deleteHotelApi(request, admin, hotel.id);
    });
  });
}
