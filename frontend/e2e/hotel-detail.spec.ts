import { expect, firstBookableHotel, formatPrice, registerViaApi, signInWithToken, test } from './support';

test.describe('hotel detail and booking', () => {
  test('shows every element, prices by ruling 12, and the equipment groups', async ({ page, request }) => {
    const hotel = await firstBookableHotel(request);
    await page.goto(`/search?query=${encodeURIComponent(hotel.name)}`);
    const card = page.getByTestId('hotel-card').filter({ hasText: hotel.name }).first();
    await expect(card.getByTestId('hotel-price')).toHaveText(formatPrice(hotel.pricePerNight ?? hotel.price, hotel.currency));
    await card.getByRole('link', { name: 'View Gym Details' }).click();
    await expect(page).toHaveURL(new RegExp(`/hotels/${hotel.slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(hotel.name);
    await expect(page.getByTestId('detail-price')).toHaveText(formatPrice(hotel.pricePerNight ?? hotel.price, hotel.currency));
    await expect(page.getByRole('heading', { name: 'About' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Gym Equipment & Facilities' })).toBeVisible();
    for (const group of ['Strength Training', 'Cardio Equipment', 'Specialty Equipment', 'Recovery & Wellness']) {
      await expect(page.getByRole('heading', { name: group, level: 3 })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Gallery' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Book Now' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Check Rates' })).toBeVisible();
    // The heart on the detail page is for signed-in users only.
    await expect(page.getByRole('button', { name: /to favorites$/ })).toHaveCount(0);
  });

  for (const viewport of [
    { name: '375', width: 375, height: 812 },
    { name: '1280', width: 1280, height: 900 },
  ]) {
    test(`a hotel read that fails (503) says the hotel cannot be shown right now and Try Again shows it, at ${viewport.name} px`, async ({ page, request }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const hotel = await firstBookableHotel(request);
      const account = await registerViaApi(request, 'Una');
      // Signed in, the page is the SPA's own render, so it reads the hotel itself.
      let failing = true;
      await page.route(`**/api/hotels/${hotel.slug}`, (route) =>
        failing ? route.fulfill({ status: 503, contentType: 'application/json', headers: { 'retry-after': '2' }, body: JSON.stringify({ message: 'Catalog is unavailable' }) }) : route.fallback(),
      );
      await signInWithToken(page, account.token, `/hotels/${hotel.slug}`);
      await expect(page.getByRole('heading', { level: 1, name: 'This hotel cannot be shown right now' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Hotel Not Found' })).toHaveCount(0);
      await expect(page).toHaveTitle('Hotel unavailable | RepRoute');
      await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR ?? 'test-results/hotel-detail'}/unavailable-${viewport.name}.png` });
      failing = false;
      await page.getByRole('button', { name: 'Try Again' }).click();
      await expect(page.getByRole('heading', { level: 1, name: hotel.name })).toBeVisible();
    });
  }

  test('the booking buttons say what each does: Check Rates starts at the dates, Book Now does not, and a card\'s Check Availability starts at the dates', async ({ page }) => {
    const hotel = await firstBookableHotel(page.request);
    await page.goto(`/hotels/${hotel.slug}`);
    const help = page.getByTestId('booking-buttons-help');
    await expect(help).toHaveText("Book Now takes you to the hotel's own booking site. Check Rates starts with your dates, so that site can show the price of your stay.");
    await expect(page.getByRole('button', { name: 'Check Rates' })).toHaveAttribute('aria-describedby', 'booking-buttons-help');
    await page.getByRole('button', { name: 'Check Rates' }).click();
    await expect(page.getByRole('dialog').getByLabel('Check-in')).toBeFocused();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Book Now' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('dialog').getByLabel('Check-in')).not.toBeFocused();
    await page.keyboard.press('Escape');

    await page.goto('/search');
    await page.getByTestId('hotel-card').first().getByRole('button', { name: 'Check Availability' }).click();
    await expect(page.getByRole('dialog').getByLabel('Check-in')).toBeFocused();
  });

  test('an unknown slug shows Hotel Not Found', async ({ page }) => {
    await page.goto('/search');
    await page.goto('/hotels/no-such-hotel-anywhere');
    await expect(page.getByRole('heading', { name: 'Hotel Not Found' })).toBeVisible();
    await expect(page.getByText("The hotel you're looking for doesn't exist or couldn't be loaded.", { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/search$/);
  });

  test('booking dialog: outgoing URL, Copy URL, referral click and lead recorded before the link opens', async ({ page, context, request }) => {
    const hotel = await firstBookableHotel(request);
    const account = await registerViaApi(request, 'Jordan');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // The partner's site is outside this machine; answer the popup locally.
    await context.route(/^https:\/\/[^/]*\.example\//, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Partner</title>ok' }));
    await signInWithToken(page, account.token, `/hotels/${hotel.slug}`);
    await page.getByRole('button', { name: 'Book Now' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: `Book ${hotel.name}` })).toBeVisible();

    const shown = new URL((await dialog.getByTestId('booking-url').textContent()) ?? '');
    expect(`${shown.origin}${shown.pathname}`).toBe(new URL(hotel.bookingUrl!).origin + new URL(hotel.bookingUrl!).pathname);
    // No dates or guests were chosen, so none are made up (ruling 14).
    expect([...shown.searchParams.keys()].filter((key) => ['checkIn', 'checkOut', 'adults'].includes(key))).toEqual([]);
    expect(shown.searchParams.get('ref')).toMatch(new RegExp(`^RR_${hotel.id}_\\d{13}$`));
    expect(shown.searchParams.get('source')).toBe('member');

    await dialog.getByRole('button', { name: 'Copy URL' }).click();
    await expect(dialog.getByRole('button', { name: 'Copied!' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown.toString());
    await expect(dialog.getByRole('button', { name: 'Copy URL' })).toBeVisible({ timeout: 4000 });

    const clickResponse = page.waitForResponse((r) => r.url().endsWith('/api/referral-clicks') && r.request().method() === 'POST');
    const leadResponse = page.waitForResponse((r) => r.url().endsWith('/api/leads') && r.request().method() === 'POST');
    const popup = context.waitForEvent('page');
    // The traveller chooses to share their details (unticked until they do).
    await dialog.getByRole('checkbox', { name: `Share my name and email with ${hotel.name} so they can contact me` }).check();
    await dialog.getByRole('button', { name: 'Book Now' }).click();
    await expect(dialog.getByRole('button', { name: 'Book Now' })).toBeDisabled();
    const click = await clickResponse;
    expect(click.status()).toBe(201);
    const payload = click.request().postDataJSON() as { hotelName: string; bookingUrl: string; searchParams: { guests: number | null } };
    expect(payload.hotelName).toBe(hotel.name);
    expect(payload.bookingUrl).toBe(shown.toString());
    expect(payload.searchParams).toEqual({ checkIn: null, checkOut: null, guests: null });
    expect((await leadResponse).status()).toBe(201);
    const partner = await popup;
    expect(partner.url()).toBe(shown.toString());
    await expect(dialog).toBeHidden({ timeout: 4000 });
  });

  test('the link still opens when recording the click fails', async ({ page, context, request }) => {
    const hotel = await firstBookableHotel(request);
    await context.route(/^https:\/\/[^/]*\.example\//, (route) => route.fulfill({ contentType: 'text/html', body: 'ok' }));
    await page.route('**/api/referral-clicks', (route) => route.abort('connectionrefused'));
    await page.route('**/api/leads', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page.goto(`/hotels/${hotel.slug}`);
    await page.getByRole('button', { name: 'Check Rates' }).click();
    const popup = context.waitForEvent('page');
    await page.getByRole('dialog').getByRole('button', { name: 'Book Now' }).click();
    const partner = await popup;
    expect(partner.url()).toContain(`ref=RR_${hotel.id}_`);
    expect(partner.url()).not.toContain('source=member');
  });
});
