import { adminToken, createAdminHotelApi, deleteHotelApi, expect, newTraveller, signInWithToken, test, toastWith, unique } from './doc2-support';
import { verifiedStayRule } from '@reproute/contracts';

test.describe('reviews', () => {
  test('a visitor is told to log in and sent to /login', async ({ page }) => {
    await page.goto('/write-review/3');
    await expect(toastWith(page, 'Authentication Required', 'Please log in to write a review.')).toBeVisible();
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });

  test('a traveller writes a review (every message checked), the admin approves it, and the hotel page shows it with the new rating', async ({ page, request }) => {
    const admin = await adminToken(request);
    const hotel = await createAdminHotelApi(request, admin);
    const traveller = await newTraveller(request, 'Rhea');
    const title = unique('Proper rack');

    // Without a hotel chosen, every required-field message shows.
    await signInWithToken(page, traveller.token, '/write-review');
    await expect(page.getByRole('heading', { name: 'Write a Review' })).toBeVisible();
    await expect(page.getByText('Reviews are published after moderation within 24-48 hours.')).toBeVisible();
    await expect(page.getByText(verifiedStayRule)).toBeVisible();
    const hotelSelect = page.getByLabel('Hotel', { exact: true });
    await expect(hotelSelect).toBeEnabled();
    expect(await hotelSelect.locator('option').count()).toBeGreaterThan(5);
    await page.getByRole('button', { name: 'Submit Review' }).click();
    for (const message of [
      'Hotel is required',
      'Title must be at least 5 characters',
      'Review must be at least 20 characters',
      'Please select a rating',
      'Please select a gym rating',
      'Please select travel type',
      'Stay date is required',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await page.getByLabel('Title').fill('x'.repeat(101));
    await page.getByLabel('Review', { exact: true }).fill('y'.repeat(1001));
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page.getByText('Title must be less than 100 characters')).toBeVisible();
    await expect(page.getByText('Review must be less than 1000 characters')).toBeVisible();

    // The route's hotel is preselected; Cancel goes home.
    await page.goto(`/write-review/${hotel.id}`);
    await expect(page.getByLabel('Hotel', { exact: true })).toHaveValue(String(hotel.id));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto(`/write-review/${hotel.id}`);
    await expect(page.getByLabel('Hotel', { exact: true })).toHaveValue(String(hotel.id));
    await page.getByRole('group', { name: 'Overall rating' }).getByLabel('5 stars').check();
    await page.getByRole('group', { name: 'Gym rating' }).getByLabel('4 stars').check();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Review', { exact: true }).fill('Two power racks, <b>heavy</b> dumbbells and a quiet sauna after training.');
    await page.getByLabel('Travel type').selectOption('fitness');
    await page.getByLabel('Room type (optional)').fill('Deluxe King');
    await page.getByLabel('Stay date').fill('2026-09');
    await page.getByLabel('Pros (optional)').fill(' power racks , sauna,, ');
    await page.getByLabel('Cons (optional)').fill('small cardio area');
    const posted = page.waitForRequest((r) => r.url().endsWith('/api/reviews') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Submit Review' }).click();
    const body = (await posted).postDataJSON() as { pros: string[]; cons: string[]; rating: number; gymRating: number };
    expect(body).toMatchObject({ pros: ['power racks', 'sauna'], cons: ['small cardio area'], rating: 5, gymRating: 4 });
    await expect(page.getByTestId('review-success')).toContainText('Thank you for your review!');
    await expect(page.getByTestId('review-success')).toContainText('published after moderation within 24-48 hours');

    // Pending reviews are not public.
    await page.goto(`/hotels/${hotel.id}`);
    await expect(page.getByTestId('hotel-reviews')).toContainText('No reviews yet');

    // The admin moderates it.
    await signInWithToken(page, admin, '/admin');
    await page.getByRole('tab', { name: /Reviews Moderation/ }).click();
    const card = page.getByTestId('pending-review').filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card).toContainText(hotel.name);
    await expect(card).toContainText('by Rhea Tester');
    await expect(card).toContainText('(Gym: 4/5)');
    await expect(card.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
    await expect(card.getByText('fitness trip', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(toastWith(page, 'Success', 'Review updated!')).toBeVisible();
    await expect(card).toHaveCount(0);

    await page.goto(`/hotels/${hotel.id}`);
    const review = page.getByTestId('hotel-review').filter({ hasText: title });
    await expect(review).toBeVisible();
    await expect(review).toContainText('(Gym: 4/5)');
    await expect(review).toContainText('by Rhea T.');
    // Review text is shown as text, never as HTML.
    await expect(review).toContainText('<b>heavy</b>');
    await expect(review.locator('b')).toHaveCount(0);
    // The hotel's rating follows from the approval event.
    await expect(async () => {
      await page.reload();
      await expect(page.getByLabel('Rated 5.0 out of 5')).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 30_000 });

    await deleteHotelApi(request, admin, hotel.id);
  });

  test('a failed submission shows "Submission Failed"', async ({ page, request }) => {
    const traveller = await newTraveller(request);
    await signInWithToken(page, traveller.token, '/write-review/3');
    await page.route('**/api/reviews', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Reviews are resting' }) }));
    await expect(page.getByLabel('Hotel', { exact: true })).toHaveValue('3');
    await page.getByRole('group', { name: 'Overall rating' }).getByLabel('4 stars').check();
    await page.getByRole('group', { name: 'Gym rating' }).getByLabel('3 stars').check();
    await page.getByLabel('Title').fill('Decent gym');
    await page.getByLabel('Review', { exact: true }).fill('Good dumbbells, not much else to report.');
    await page.getByLabel('Travel type').selectOption('business');
    await page.getByLabel('Stay date').fill('2026-08');
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await expect(toastWith(page, 'Submission Failed')).toBeVisible();
  });
});
