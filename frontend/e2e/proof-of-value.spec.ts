import { API, adminToken, approveApi, createListingApi, deleteListingApi, expect, newProvider, newTraveller, signInWithToken, test } from './doc2-support';

/** The current UTC month and a day in it. */
const month = new Date().toISOString().slice(0, 7);
const day = (d: number) => `${month}-${String(d).padStart(2, '0')}`;

test.describe('proof of value: the funnel, reporting a booking and the monthly statement', () => {
  for (const width of [375, 1280]) {
    test(`a referred booking reported in the Performance tab shows in the funnel and the statement at ${width} px`, async ({ page, request }) => {
      test.slow();
      const provider = await newProvider(request);
      const hotel = await createListingApi(request, provider.token, { cityId: 6 });
      try {
        await approveApi(request, await adminToken(request), hotel.id);
        const traveller = await newTraveller(request);
        // The lead, once referral's copy of the hotel is live (the approval travels as an event).
        let referralId = '';
        await expect
          .poll(async () => {
            const res = await request.post(`${API}/api/leads`, { headers: { Authorization: `Bearer ${traveller.token}` }, data: { hotelId: hotel.id, shareContact: true, guests: 2 } });
            if (res.status() === 201) referralId = ((await res.json()) as { referralId: string }).referralId;
            return res.status();
          }, { timeout: 30_000 })
          .toBe(201);

        await page.setViewportSize({ width, height: 900 });
        await signInWithToken(page, provider.token, '/provider/dashboard?tab=performance');
        const funnel = page.getByTestId('funnel-table');
        await expect(funnel.getByRole('row').filter({ hasText: hotel.name })).toContainText(new RegExp(`${month}.*${hotel.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*0.*1.*0`));

        // A bad CSV is refused with its row, nothing stored.
        await page.locator('input[type=file]').setInputFiles({ name: 'bookings.csv', mimeType: 'text/csv', buffer: Buffer.from(`referral_id,value,currency,check_in,check_out\n${referralId},lots,GBP,${day(1)},${day(3)}\n`) });
        await expect(page.getByRole('alert').filter({ hasText: 'Row 2: The booking value must be a number from 0 to 10000000' })).toBeVisible();

        const form = page.getByRole('form', { name: 'Report a booking' });
        await form.getByLabel('Referral ID').fill(referralId);
        await form.getByLabel('Booking value').fill('480');
        await form.getByLabel('Currency').selectOption('GBP');
        await form.getByLabel('Check-in').fill(day(1));
        await form.getByLabel('Check-out').fill(day(3));
        await form.getByRole('button', { name: 'Report Booking' }).click();
        await expect(page.getByTestId('statement-total')).toHaveText('Total GBP: 1 booking, GBP 480.00, commission GBP 57.60');
        await expect(funnel.getByRole('row').filter({ hasText: hotel.name })).toContainText(/0\s*1\s*1$/);
        const overflowing = await page.evaluate((w) => [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > w + 1 && !el.closest('[class*=overflow-x-auto], .sr-only, .toast-root')).slice(0, 5).map((el) => `${el.tagName}.${el.className}`), width);
        expect(overflowing).toEqual([]);
        await page.getByTestId('statement').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `test-results/proof-of-value-${width}.png`, fullPage: true });
        // Printed, the statement is all the paper shows.
        await page.emulateMedia({ media: 'print' });
        await page.evaluate(() => document.body.classList.add('printing-statement'));
        await page.screenshot({ path: `test-results/proof-of-value-print-${width}.png` });
      } finally {
        await deleteListingApi(request, provider.token, hotel.id);
      }
    });
  }
});
