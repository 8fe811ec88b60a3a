import type { APIRequestContext } from '@playwright/test';
import {
  API,
  adminToken,
  approveApi,
  createListingApi,
  deleteListingApi,
  expect,
  newProvider,
  newTraveller,
  signInWithToken,
  test,
  toastWith,
  unique,
  uniqueEmail,
  waitForEmail,
} from './doc2-support';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Submits a review (retrying while engagement's hotel projection catches up with the approval) and approves it. */
async function approvedReview(request: APIRequestContext, hotelId: number, travellerToken: string, admin: string, title: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await request.post(`${API}/api/reviews`, {
      headers: auth(travellerToken),
      data: { hotelId, title, content: 'Two racks, a deadlift platform and dumbbells up to 40 kg.', rating: 4, gymRating: 5, travelType: 'fitness', stayDate: '2026-08' },
    });
    if (response.status() === 201) {
      const { id } = (await response.json()) as { id: string };
      const approval = await request.put(`${API}/api/reviews/${id}/approve`, { headers: auth(admin), data: { isApproved: true } });
      expect(approval.ok(), await approval.text()).toBe(true);
      return id;
    }
    expect(response.status(), await response.text()).toBe(404);
    expect(Date.now() < deadline, 'the approved listing never reached the review service').toBe(true);
    await new Promise((r) => setTimeout(r, 500));
  }
}

test.describe('review replies', () => {
  test('the owner replies from the hotel page, edits the reply, everyone sees it and the reviewer is emailed', async ({ page, request }) => {
    const admin = await adminToken(request);
    const provider = await newProvider(request);
    const hotel = await createListingApi(request, provider.token, { name: unique('E2E Reply Lodge') });
    try {
      await approveApi(request, admin, hotel.id);
      const reviewer = await newTraveller(request, 'Remy');
      const title = unique('Solid racks');
      await approvedReview(request, hotel.id, reviewer.token, admin, title);

      // The owner sees a Reply action on the review; the text is checked by the shared rule.
      await signInWithToken(page, provider.token, `/hotels/${hotel.id}`);
      const review = page.getByTestId('hotel-review').filter({ hasText: title });
      await review.getByRole('button', { name: 'Reply' }).click();
      await review.getByRole('button', { name: 'Publish reply' }).click();
      await expect(review.getByText('Please write a reply', { exact: true })).toBeVisible();
      const replyText = 'Thank you, Remy! A second platform arrives in May.';
      await review.getByLabel('Your reply as the hotel').fill(`  ${replyText}  `);
      await review.getByRole('button', { name: 'Publish reply' }).click();
      await expect(toastWith(page, 'Reply published')).toBeVisible();
      const shown = review.getByTestId('review-reply');
      await expect(shown).toContainText('Response from the hotel');
      await expect(shown).toContainText(replyText);

      // Editing keeps one reply and marks it edited.
      await review.getByRole('button', { name: 'Edit reply' }).click();
      await expect(review.getByLabel('Edit your reply')).toHaveValue(replyText);
      await review.getByLabel('Edit your reply').fill('Thank you, Remy! Two new platforms arrive in May.');
      await review.getByRole('button', { name: 'Save reply' }).click();
      await expect(toastWith(page, 'Reply updated')).toBeVisible();
      await expect(shown).toContainText('Two new platforms arrive in May.');
      await expect(shown).toContainText('(edited)');

      // The email points to the reply; the hotel's own text is read on RepRoute, never carried in the email.
      const email = await waitForEmail(request, reviewer.email, /replied to your review/);
      expect(email.text).not.toContain(replyText);
      expect(email.text).toContain(`/hotel/${hotel.id}`);

      // A visitor sees the reply under the review but no Reply action.
      await page.evaluate(() => localStorage.removeItem('token'));
      await page.goto(`/hotels/${hotel.id}`);
      const publicReview = page.getByTestId('hotel-review').filter({ hasText: title });
      await expect(publicReview.getByTestId('review-reply')).toContainText('Two new platforms arrive in May.');
      await expect(publicReview.getByRole('button', { name: /Reply/ })).toHaveCount(0);
    } finally {
      await deleteListingApi(request, provider.token, hotel.id);
    }
  });
});

test.describe('provider registration keeps what the partner typed', () => {
  test('bio, company and a +44 phone are kept; a # counts as the special character', async ({ page, request }) => {
    const email = uniqueEmail('partner');
    const bio = 'We run three hotels with real strength gyms: racks, platforms and dumbbells to 50 kg.';
    await page.goto('/provider-register');
    await page.getByLabel('First name').fill('Priya');
    await page.getByLabel('Last name').fill('Partner');
    await page.getByLabel('Business email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Str0ng#Pass');
    const special = page.getByRole('list', { name: 'Password requirements' }).getByRole('listitem').filter({ hasText: 'One special character' });
    await expect(special).toHaveClass(/emerald/);
    await page.getByLabel('Company name').fill('Iron Inns Ltd');
    await page.getByLabel('Business phone').fill('020 7946 0958');
    await page.getByLabel('About your business').fill(bio);
    await page.locator('#agree-terms').click();
    await page.getByRole('button', { name: 'Create Provider Account' }).click();
    await expect(page.getByText('Please enter a valid phone number in international format', { exact: true })).toBeVisible();

    await page.getByLabel('Business phone').fill('+44 20 7946 0958');
    await page.getByRole('button', { name: 'Create Provider Account' }).click();
    await expect(page).toHaveURL(/\/provider\/dashboard/);

    await page.goto('/profile');
    const main = page.locator('#main');
    await expect(main.getByText(bio)).toBeVisible();
    await expect(main.getByText('Iron Inns Ltd', { exact: true })).toBeVisible();
    await expect(main.getByText('+44 2079460958', { exact: true })).toBeVisible();
    await expect(main.getByText(/\+1 \+44/)).toHaveCount(0);

    const token = await page.evaluate(() => localStorage.getItem('token'));
    const me = await request.get(`${API}/api/auth/me`, { headers: auth(token ?? '') });
    expect(await me.json()).toMatchObject({ isProvider: true, companyName: 'Iron Inns Ltd', countryCode: '+44', phoneNumber: '2079460958', bio });
  });
});

