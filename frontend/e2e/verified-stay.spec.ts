import type { APIRequestContext } from '@playwright/test';
import { verifiedStayMeaning, verifiedStayRule } from '@reproute/contracts';
import { API, adminToken, createAdminHotelApi, deleteHotelApi, expect, newTraveller, signInWithToken, test, unique } from './doc2-support';

/** Ruling 15: "Verified stay" marks a review whose author RepRoute sent to the hotel; the form says what is checked. */
const shots = process.env.E2E_SHOTS_DIR ?? 'test-results/verified-stay';
const thisMonth = () => new Date().toISOString().slice(0, 7);

async function publishedReview(request: APIRequestContext, token: string, admin: string, hotelId: number, title: string) {
  const posted = await request.post(`${API}/api/reviews`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { hotelId, title, content: 'Two power racks, a platform and dumbbells to 50 kg; quiet before 7am.', rating: 5, gymRating: 5, travelType: 'fitness', stayDate: thisMonth() },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const { id } = (await posted.json()) as { id: string };
  const approved = await request.put(`${API}/api/reviews/${id}/approve`, { headers: { Authorization: `Bearer ${admin}` }, data: { isApproved: true } });
  expect(approved.status(), await approved.text()).toBe(200);
}

for (const viewport of [
  { name: '375', width: 375, height: 812 },
  { name: '1280', width: 1280, height: 900 },
]) {
  test.describe(`verified stays at ${viewport.name} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a review by a traveller sent to the hotel through its booking link is marked "Verified stay"; another is not', async ({ page, context, request }) => {
      const admin = await adminToken(request);
      const hotel = await createAdminHotelApi(request, admin, unique('E2E Verified Lodge'));
      const sentHere = await newTraveller(request, 'Vera');
      const notSent = await newTraveller(request, 'Nils');

      // Vera goes to the hotel's booking site from RepRoute: the referral click is recorded.
      await context.route(/book\.e2e\.example/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Booked</title>ok' }));
      await signInWithToken(page, sentHere.token, `/hotels/${hotel.id}`);
      await page.getByRole('button', { name: 'Book Now' }).first().click();
      const click = page.waitForResponse((r) => r.url().endsWith('/api/referral-clicks') && r.request().method() === 'POST');
      const popup = context.waitForEvent('page');
      await page.getByRole('dialog').getByRole('button', { name: 'Book Now' }).click();
      expect((await click).status()).toBe(201);
      await (await popup).close();

      // The form says what is checked.
      await page.goto(`/write-review/${hotel.id}`);
      await expect(page.getByText(verifiedStayRule)).toBeVisible();

      const veraTitle = unique('Sent here');
      const nilsTitle = unique('Found it myself');
      await publishedReview(request, sentHere.token, admin, hotel.id, veraTitle);
      await publishedReview(request, notSent.token, admin, hotel.id, nilsTitle);

      const vera = page.getByTestId('hotel-review').filter({ hasText: veraTitle });
      const nils = page.getByTestId('hotel-review').filter({ hasText: nilsTitle });
      await expect(async () => {
        await page.goto(`/hotels/${hotel.id}`);
        await expect(vera).toBeVisible({ timeout: 3_000 });
        await expect(nils).toBeVisible({ timeout: 1_000 });
        await expect(vera.getByTestId('verified-stay')).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await expect(vera.getByTestId('verified-stay')).toHaveText(`Verified stay: ${verifiedStayMeaning}`);
      await expect(vera.getByTestId('verified-stay')).toHaveAttribute('title', verifiedStayMeaning);
      await expect(nils.getByTestId('verified-stay')).toHaveCount(0);
      await vera.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/reviews-${viewport.name}.png` });
      await deleteHotelApi(request, admin, hotel.id);
    });
  });
}
