import { expect, firstBookableHotel, formatPrice, test } from './support';
import type { Page } from '@playwright/test';

/** A date `days` from today, as the date inputs write it (local YYYY-MM-DD). */
function inDays(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** The message an input names with aria-describedby. */
async function describedBy(page: Page, label: string): Promise<string> {
  const id = await page.getByLabel(label, { exact: true }).getAttribute('aria-describedby');
  expect(id, `${label} is described by a message`).toBeTruthy();
  return (await page.locator(`[id="${id}"]`).textContent()) ?? '';
}

for (const viewport of [
  { width: 375, height: 740 },
  { width: 1280, height: 900 },
]) {
  test.describe(`dates and guests at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('chosen on home, kept by the search URL and its filters, totalled on the hotel page and carried into the booking link and click', async ({ page, context, request }) => {
      const hotel = await firstBookableHotel(request);
      const nightly = Number(hotel.pricePerNight ?? hotel.price);
      const checkIn = inDays(12);
      const checkOut = inDays(16);
      await context.route(/^https:\/\/[^/]*\.example\//, (route) => route.fulfill({ contentType: 'text/html', body: 'ok' }));

      await page.goto('/');
      const box = page.getByRole('search');
      await box.getByRole('combobox').fill(hotel.name);
      await box.getByLabel('Check-in', { exact: true }).fill(checkIn);
      await box.getByLabel('Check-out', { exact: true }).fill(checkOut);
      await box.getByLabel('Guests', { exact: true }).fill('3');
      await box.getByRole('button', { name: 'Search', exact: true }).click();

      await expect(page).toHaveURL(/\/search\?/);
      const url = new URL(page.url());
      expect([url.searchParams.get('query'), url.searchParams.get('checkIn'), url.searchParams.get('checkOut'), url.searchParams.get('adults')]).toEqual([hotel.name, checkIn, checkOut, '3']);
      await expect(page.getByLabel('Check-in', { exact: true })).toHaveValue(checkIn);
      await expect(page.getByLabel('Guests', { exact: true })).toHaveValue('3');

      // Sorting (another URL parameter) keeps the stay, and so does a reload.
      await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price');
      await expect(page).toHaveURL(/sort=price/);
      await page.reload();
      expect(new URL(page.url()).searchParams.get('checkIn')).toBe(checkIn);
      await expect(page.getByLabel('Check-out', { exact: true })).toHaveValue(checkOut);

      const card = page.getByTestId('results-grid').getByTestId('hotel-card').filter({ hasText: hotel.name }).first();
      await expect(card.getByTestId('hotel-price')).toHaveText(formatPrice(nightly, hotel.currency));
      await expect(card).toContainText(`${formatPrice(nightly, hotel.currency)} per night`);
      const total = `${formatPrice(nightly * 4, hotel.currency)} for 4 nights`;
      await expect(card.getByTestId('hotel-stay-total')).toHaveText(total);

      await card.getByRole('link', { name: 'View Gym Details' }).click();
      await expect(page).toHaveURL(new RegExp(`/hotels/${hotel.slug}\\?checkIn=${checkIn}&checkOut=${checkOut}&adults=3$`));
      await expect(page.getByTestId('detail-price')).toHaveText(formatPrice(nightly, hotel.currency));
      await expect(page.getByTestId('detail-stay-total')).toHaveText(total);
      await expect(page.getByTestId('detail-stay-dates')).toContainText('3 guests');

      await page.getByRole('button', { name: 'Book Now' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByLabel('Check-in')).toHaveValue(checkIn);
      const link = new URL((await dialog.getByTestId('booking-url').textContent()) ?? '');
      expect([link.searchParams.get('checkIn'), link.searchParams.get('checkOut'), link.searchParams.get('adults')]).toEqual([checkIn, checkOut, '3']);
      // A visitor's booking is the referral click alone (no lead), with the stay they chose.
      const clickResponse = page.waitForResponse((r) => r.url().endsWith('/api/referral-clicks') && r.request().method() === 'POST');
      const popup = context.waitForEvent('page');
      await dialog.getByRole('button', { name: 'Book Now' }).click();
      const click = await clickResponse;
      expect(click.status()).toBe(201);
      expect(click.request().postDataJSON()).toMatchObject({ hotelId: hotel.id, searchParams: { checkIn, checkOut, guests: 3 } });
      await popup;
    });

    test('dates in the past or a check-out before check-in are refused with a message; guests stay within 1–16', async ({ page }) => {
      await page.goto('/search?query=London');
      const checkOutInput = page.getByLabel('Check-out', { exact: true });
      await page.getByLabel('Check-in', { exact: true }).fill(inDays(10));
      await checkOutInput.fill(inDays(8));
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(checkOutInput).toHaveAttribute('aria-invalid', 'true');
      await expect(checkOutInput).toBeFocused();
      expect(await describedBy(page, 'Check-out')).toBe('Check-out must be after check-in.');
      await expect(page.getByRole('alert').filter({ hasText: 'Check-out must be after check-in.' })).toBeVisible();
      expect(new URL(page.url()).searchParams.has('checkIn')).toBe(false);

      await page.getByLabel('Check-in', { exact: true }).fill(inDays(-3));
      await checkOutInput.fill(inDays(2));
      await page.getByLabel('Guests', { exact: true }).fill('17');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      expect(await describedBy(page, 'Check-in')).toBe('Check-in can’t be in the past.');
      expect(await describedBy(page, 'Guests')).toBe('Guests must be a whole number from 1 to 16.');
      await expect(checkOutInput).not.toHaveAttribute('aria-invalid', 'true');
      expect(new URL(page.url()).searchParams.has('checkIn')).toBe(false);

      // Put right, the search goes through.
      await page.getByLabel('Check-in', { exact: true }).fill(inDays(1));
      await page.getByLabel('Guests', { exact: true }).fill('16');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`checkIn=${inDays(1)}&checkOut=${inDays(2)}&adults=16`));
      await expect(page.getByRole('alert').filter({ hasText: /Check-|Guests/ })).toHaveCount(0);
    });

    test('unusable dates in a link are ignored by the page and by the API', async ({ page, request }) => {
      const hotel = await firstBookableHotel(request);
      const bad = 'checkIn=2020-01-05&checkOut=2020-01-01&adults=99';
      const plain = await request.get(`/api/hotels/search?query=${encodeURIComponent(hotel.city)}`);
      const withBad = await request.get(`/api/hotels/search?query=${encodeURIComponent(hotel.city)}&${bad}`);
      const withGood = await request.get(`/api/hotels/search?query=${encodeURIComponent(hotel.city)}&checkIn=${inDays(3)}&checkOut=${inDays(5)}&adults=2`);
      expect([plain.status(), withBad.status(), withGood.status()]).toEqual([200, 200, 200]);
      const total = ((await plain.json()) as { total: number }).total;
      expect(((await withBad.json()) as { total: number }).total).toBe(total);
      expect(((await withGood.json()) as { total: number }).total).toBe(total);

      await page.goto(`/hotels/${hotel.slug}?${bad}`);
      await expect(page.getByTestId('detail-price')).toBeVisible();
      await expect(page.getByTestId('detail-stay-total')).toHaveCount(0);
      await page.getByRole('button', { name: 'Book Now' }).click();
      const link = new URL((await page.getByRole('dialog').getByTestId('booking-url').textContent()) ?? '');
      // Nothing is made up in their place: no dates, no guests.
      expect([link.searchParams.has('checkIn'), link.searchParams.has('checkOut'), link.searchParams.has('adults')]).toEqual([false, false, false]);
    });
  });
}
