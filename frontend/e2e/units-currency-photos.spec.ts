import type { Page } from '@playwright/test';
import { currencyRates, formatPrice, formatWeight, parseWeight } from '@reproute/contracts';
import { API, expect, registerViaApi, searchApi, signInWithToken, test } from './support';
import { createListingApi, deleteListingApi, newProvider } from './doc2-support';

// Units, currencies and photos (docs/decisions.md, "Units and currencies shown", "Photos in a lightbox"). The seeded
// London hotels are priced in GBP; the Mayfair Sporting Club states dumbbells to 60 kg and has five photos.
const shots = process.env.SHOTS_DIR ?? '/tmp/shots-units';
const mayfair = '/hotels/the-mayfair-sporting-club-hotel';
const shoreditch = '/hotels/shoreditch-foundry-hotel';

const isoIn = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** The header's picker (desktop) or the one in the mobile menu. */
async function choose(page: Page, label: 'Weights in' | 'Prices in', value: string) {
  await page.getByRole('banner').getByLabel(label).selectOption(value);
}

test.describe('units and currency at desktop width', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('pounds, chosen once, apply to the hotel page, the filters and their chips, and stay after a reload', async ({ page }) => {
    await page.goto(mayfair);
    const facts = page.getByTestId('gym-facts');
    await expect(facts).toContainText('60 kg');
    await choose(page, 'Weights in', 'lb');
    await expect(facts).toContainText(formatWeight(60, 'lb'));
    await expect(facts).not.toContainText(' kg');
    // The equipment chip reads the same figure as the specs.
    await expect(page.getByRole('listitem').filter({ hasText: new RegExp(`^Dumbbells .*${formatWeight(60, 'lb')}$`) }).first()).toBeVisible();
    await page.screenshot({ path: `${shots}/hotel-lb-1280.png`, fullPage: false });
    await facts.screenshot({ path: `${shots}/hotel-facts-lb-1280.png` });
    await page.reload();
    await expect(page.getByRole('banner').getByLabel('Weights in')).toHaveValue('lb');
    await expect(facts).toContainText(formatWeight(60, 'lb'));

    await page.goto('/search?query=London');
    const filters = page.getByRole('complementary', { name: 'Filters' });
    const dumbbells = filters.getByRole('group', { name: 'Heaviest dumbbell' });
    await dumbbells.getByRole('radio', { name: new RegExp(`^${formatWeight(30, 'lb')} or heavier`) }).check();
    // The API stays in kilograms: the URL says 30 kg, the chip and the label say pounds.
    await expect(page).toHaveURL(/minDumbbellKg=30(&|$)/);
    await expect(page.getByText(`Dumbbells ${formatWeight(30, 'lb')}+`, { exact: true })).toBeVisible();
    await expect(page.getByTestId('gym-highlight').filter({ hasText: /Dumbbells to/ }).first()).toContainText(' lb');
    await filters.screenshot({ path: `${shots}/search-filters-lb-1280.png` });
  });

  test('a pound value in the URL is converted to the kilograms the API takes', async ({ page, request }) => {
    const kg = parseWeight('100lb')!;
    const answer = await searchApi(request, { query: 'London', minDumbbellKg: String(kg) });
    await page.goto('/search?query=London&minDumbbell=100lb');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for "London" (${answer.total})`);
    await expect(page.getByText(`Dumbbells ${formatWeight(kg, 'kg')}+`, { exact: true })).toBeVisible();
    await page.goto('/search?query=London&minDumbbell=50&units=lb');
    const fifty = await searchApi(request, { query: 'London', minDumbbellKg: String(parseWeight('50lb')) });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for "London" (${fifty.total})`);
  });

  test('the London price filter speaks pounds sterling; a chosen currency converts prices and says at which date’s rates', async ({ page, request }) => {
    await page.goto('/search?query=London');
    const filters = page.getByRole('complementary', { name: 'Filters' });
    await expect(filters.getByRole('group', { name: 'Price per night (GBP)' })).toBeVisible();
    await expect(filters).toContainText(/From £\d[\d,]* to £\d[\d,]* a night here/);
    await filters.getByRole('textbox', { name: 'Max' }).fill('300');
    await filters.getByRole('textbox', { name: 'Max' }).press('Enter');
    await expect(page).toHaveURL(/maxPrice=300/);
    await expect(page).toHaveURL(/currency=GBP/);
    const cheap = await searchApi(request, { query: 'London', maxPrice: '300', currency: 'GBP' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for "London" (${cheap.total})`);
    expect(cheap.items.every((h) => (h.pricePerNight ?? 0) <= 300)).toBe(true);
    await filters.screenshot({ path: `${shots}/search-price-gbp-1280.png` });

    await page.goto('/search?query=London');
    await choose(page, 'Prices in', 'USD');
    await expect(filters.getByRole('group', { name: 'Price per night (USD)' })).toBeVisible();
    const card = page.getByTestId('hotel-card').filter({ hasText: 'Shoreditch Foundry' });
    const usd = Math.round((285 * currencyRates.usdPerUnit.GBP) / currencyRates.usdPerUnit.USD);
    await expect(card.getByTestId('hotel-price')).toHaveText(`≈ ${formatPrice(usd, 'USD')}`);
    await expect(card.getByTestId('price-converted-note')).toHaveText('Converted from £285 at the rates of 2 Dec 2026');
    await card.screenshot({ path: `${shots}/card-usd-1280.png` });
    await choose(page, 'Prices in', 'hotel');
    await expect(card.getByTestId('hotel-price')).toHaveText('£285');
    await expect(card.getByTestId('price-converted-note')).toHaveCount(0);
  });

  test('with dates the booking dialog gives the stay’s total; without dates it invents none', async ({ page }) => {
    const checkIn = isoIn(30);
    const checkOut = isoIn(33);
    await page.goto(`${shoreditch}?checkIn=${checkIn}&checkOut=${checkOut}&adults=2`);
    await page.getByRole('button', { name: 'Book Now' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('booking-stay-total')).toContainText('£855 for 3 nights (3 × £285 a night)');
    await expect(dialog).not.toContainText('From £285 per night');
    await page.screenshot({ path: `${shots}/booking-total-1280.png` });
    await page.keyboard.press('Escape');

    await page.goto(shoreditch);
    await page.getByRole('button', { name: 'Book Now' }).click();
    await expect(dialog).toContainText('From £285 per night; choose your dates to see the total for your stay.');
    await expect(dialog.getByTestId('booking-stay-total')).toHaveCount(0);
    await expect(dialog.getByLabel('Check-in')).toHaveValue('');
  });

  test('signed in, the choice is kept in the profile: another browser signing in gets it, and it is in the export', async ({ page, browser, request }) => {
    const account = await registerViaApi(request, 'Unit', { verified: false });
    await signInWithToken(page, account.token, mayfair);
    await choose(page, 'Weights in', 'lb');
    await choose(page, 'Prices in', 'EUR');
    await expect
      .poll(async () => (await (await request.get(`${API}/api/auth/me/display-preferences`, { headers: { authorization: `Bearer ${account.token}` } })).json()) as unknown)
      .toMatchObject({ units: 'lb', currency: 'EUR' });
    const exported = await (await request.get(`${API}/api/auth/me/export`, { headers: { authorization: `Bearer ${account.token}` } })).json();
    expect(exported.displayPreferences).toMatchObject({ units: 'lb', currency: 'EUR' });

    const other = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const second = await other.newPage();
    await signInWithToken(second, account.token, mayfair);
    await expect(second.getByRole('banner').getByLabel('Weights in')).toHaveValue('lb');
    await expect(second.getByRole('banner').getByLabel('Prices in')).toHaveValue('EUR');
    await expect(second.getByTestId('detail-price')).toHaveText(/^≈ €/);
    await expect(second.getByTestId('gym-facts')).toContainText(formatWeight(60, 'lb'));
    await second.screenshot({ path: `${shots}/profile-prefs-second-browser-1280.png` });
    await other.close();
  });

  test('photos open in a lightbox: arrows, Escape, focus kept inside and given back, captions and alt text from the data', async ({ page, request }) => {
    await page.goto(mayfair);
    const photos = page.getByTestId('gallery-photo');
    const count = await photos.count();
    expect(count).toBeGreaterThan(2);
    const alts = await page.getByTestId('photo-gallery').locator('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt') ?? ''));
    for (const alt of alts) expect(alt).not.toMatch(/photo \d+$/);
    // The seeded captions say what each photo shows; the gallery shows them and uses them as alt text.
    const captions = (await (await request.get(`${API}/api/hotels/the-mayfair-sporting-club-hotel`)).json()).photoCaptions as Record<string, string>;
    expect(Object.keys(captions).length).toBeGreaterThan(2);
    expect(alts[0]).toBe('The cardio row at The Curzon Club: treadmills by the window');
    await expect(page.getByTestId('photo-gallery').locator('figcaption').first()).toHaveText(alts[0]!);
    await photos.nth(1).scrollIntoViewIfNeeded();
    await photos.nth(1).focus();
    await page.keyboard.press('Enter');
    const box = page.getByRole('dialog');
    await expect(box.getByTestId('lightbox-position')).toHaveText(`2 of ${count}`);
    await expect(box.getByTestId('lightbox-caption')).toHaveText(alts[1]!);
    await page.keyboard.press('ArrowRight');
    await expect(box.getByTestId('lightbox-position')).toHaveText(`3 of ${count}`);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(box.getByTestId('lightbox-position')).toHaveText(`1 of ${count}`);
    await page.keyboard.press('ArrowLeft');
    await expect(box.getByTestId('lightbox-position')).toHaveText(`${count} of ${count}`);
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      expect(await box.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.screenshot({ path: `${shots}/lightbox-1280.png` });
    await page.keyboard.press('Escape');
    await expect(box).toHaveCount(0);
    await expect(photos.nth(1)).toBeFocused();
  });
});

test.describe('units, currency and photos on phones', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the picker in the menu; pounds and a converted price on the hotel page', async ({ page }) => {
    await page.goto(mayfair);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.getByLabel('Weights in').selectOption('lb');
    await menu.getByLabel('Prices in').selectOption('USD');
    await page.screenshot({ path: `${shots}/menu-picker-375.png` });
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(page.getByTestId('detail-price')).toHaveText(/^≈ \$/);
    await expect(page.getByTestId('price-converted-note').first()).toContainText('Converted from £720 at the rates of 2 Dec 2026');
    await page.screenshot({ path: `${shots}/hotel-usd-375.png` });
    await expect(page.getByTestId('gym-facts')).toContainText(formatWeight(60, 'lb'));
    await page.getByTestId('gym-facts').screenshot({ path: `${shots}/hotel-facts-lb-375.png` });
  });

  test('a swipe goes to the next and previous photo', async ({ page }) => {
    await page.goto(mayfair);
    const photos = page.getByTestId('gallery-photo');
    const count = await photos.count();
    await photos.first().scrollIntoViewIfNeeded();
    await photos.first().click();
    const stage = page.getByTestId('lightbox-stage');
    await expect(page.getByTestId('lightbox-position')).toHaveText(`1 of ${count}`);
    const area = (await stage.boundingBox())!;
    const y = area.y + area.height / 2;
    const swipe = async (fromX: number, toX: number) => {
      await stage.dispatchEvent('pointerdown', { clientX: fromX, clientY: y, pointerId: 7, pointerType: 'touch', isPrimary: true });
      await stage.dispatchEvent('pointerup', { clientX: toX, clientY: y + 5, pointerId: 7, pointerType: 'touch', isPrimary: true });
    };
    await swipe(area.x + 300, area.x + 80);
    await expect(page.getByTestId('lightbox-position')).toHaveText(`2 of ${count}`);
    await swipe(area.x + 80, area.x + 300);
    await expect(page.getByTestId('lightbox-position')).toHaveText(`1 of ${count}`);
    await page.screenshot({ path: `${shots}/lightbox-375.png` });
    await page.getByRole('button', { name: 'Close photos' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the price filter in the sheet speaks the result’s currency, and the booking dialog gives the total', async ({ page }) => {
    await page.goto('/search?query=London');
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet.getByRole('group', { name: 'Price per night (GBP)' })).toBeVisible();
    await sheet.screenshot({ path: `${shots}/sheet-price-375.png` });
    await page.goto(`${shoreditch}?checkIn=${isoIn(20)}&checkOut=${isoIn(22)}`);
    await page.getByRole('button', { name: 'Book Now' }).click();
    await expect(page.getByRole('dialog').getByTestId('booking-stay-total')).toContainText('£570 for 2 nights (2 × £285 a night)');
    await page.screenshot({ path: `${shots}/booking-total-375.png` });
  });
});

for (const width of [375, 1280]) {
  test.describe(`photo captions in the provider's photo manager at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a caption typed under a photo is saved, checked and shown in the gallery', async ({ page, request }) => {
      const provider = await newProvider(request);
      const listing = await createListingApi(request, provider.token, { images: ['https://cdn.example.com/e2e-front.jpg'], imageUrl: 'https://cdn.example.com/e2e-front.jpg' });
      try {
        await signInWithToken(page, provider.token, `/edit-hotel/${listing.id}`);
        const box = page.getByLabel('Caption of photo 1');
        await box.fill('x'.repeat(170));
        await expect(page.getByText('A photo caption must be at most 160 characters')).toBeVisible();
        await box.fill('The lobby and its reading corner');
        await box.press('Enter');
        await expect(page.getByText('Caption of photo 1 saved.')).toBeAttached();
        const photos = await (await request.get(`${API}/api/provider/hotels/${listing.id}/photos`, { headers: { authorization: `Bearer ${provider.token}` } })).json();
        expect(photos.photos[0].caption).toBe('The lobby and its reading corner');
        await page.getByTestId('photo-hotel').first().screenshot({ path: `${shots}/provider-caption-${width}.png` });
        const hotel = await (await request.get(`${API}/api/hotels/${listing.id}`, { headers: { authorization: `Bearer ${provider.token}` } })).json();
        expect(hotel.photoCaptions).toEqual({ 'https://cdn.example.com/e2e-front.jpg': 'The lobby and its reading corner' });
      } finally {
        await deleteListingApi(request, provider.token, listing.id);
      }
    });
  });
}
