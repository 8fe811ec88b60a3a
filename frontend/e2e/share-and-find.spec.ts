import type { APIRequestContext } from '@playwright/test';
import { API, expect, registerViaApi, signInWithToken, test } from './support';

/** A public hotel from the API (the pages below are served for it). */
async function publicHotel(request: APIRequestContext): Promise<{ id: number; slug: string; name: string }> {
  const response = await request.get(`${API}/api/hotels?limit=1`);
  expect(response.status()).toBe(200);
  const [hotel] = (await response.json()) as { id: number; slug: string; name: string }[];
  return hotel!;
}

const shots = process.env.SHARE_SHOTS;

for (const { width, name } of [
  { width: 1280, name: 'desktop' },
  { width: 375, name: 'phone' },
]) {
  test.describe(`pages that can be shared and found at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 800 ? 900 : 812 } });

    test('Share copies the hotel link with "Link copied" when the browser has no share sheet', async ({ page, context, request, baseURL }) => {
      const hotel = await publicHotel(request);
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      // Desktop Chromium on Linux has no share sheet; make sure of it whatever the build.
      await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }));
      const response = await page.goto(`/hotel/${hotel.id}`);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`${hotel.name} | RepRoute`);
      const share = page.getByRole('button', { name: 'Share', exact: true });
      await expect(share).toBeVisible();
      await expect(page.getByText('Link copied')).toHaveCount(0);
      await share.click();
      await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/hotels/${hotel.slug}`);
      if (shots) await page.screenshot({ path: `${shots}/share-copied-${name}.png` });
      // The button is reachable within the page width (no sideways scrolling on phones).
      const box = await share.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    });

    test('Share opens the system share sheet with the hotel and its link when the browser has one', async ({ page, request, baseURL }) => {
      const hotel = await publicHotel(request);
      await page.addInitScript(() => {
        const calls: ShareData[] = [];
        (window as unknown as { shareCalls: ShareData[] }).shareCalls = calls;
        Object.defineProperty(Navigator.prototype, 'share', {
          configurable: true,
          value: async (data: ShareData) => {
            calls.push(data);
          },
        });
      });
      await page.goto(`/hotels/${hotel.slug}?adults=2`);
      await page.getByRole('button', { name: 'Share', exact: true }).click();
      await expect.poll(() => page.evaluate(() => (window as unknown as { shareCalls: ShareData[] }).shareCalls.length)).toBe(1);
      const [shared] = await page.evaluate(() => (window as unknown as { shareCalls: ShareData[] }).shareCalls);
      expect(shared).toMatchObject({ title: hotel.name, url: `${baseURL}/hotels/${hotel.slug}?adults=2` });
      expect(shared!.text).toContain(hotel.name);
      await expect(page.getByText('Link copied')).toHaveCount(0);
    });

    test('an unknown path and an unknown hotel answer 404 and show the not-found pages', async ({ page }) => {
      const missing = await page.goto('/no/such/place');
      expect(missing?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
      await expect(page).toHaveTitle('Page Not Found | RepRoute');
      if (shots) await page.screenshot({ path: `${shots}/not-found-${name}.png` });

      const hotel = await page.goto('/hotels/no-such-hotel-anywhere');
      expect(hotel?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Hotel Not Found' })).toBeVisible();
      await expect(page).toHaveTitle('Hotel Not Found | RepRoute');
    });
  });
}

test('the HTML of a hotel page carries its title and share tags before any script runs', async ({ request }) => {
  const hotel = await publicHotel(request);
  const response = await request.get(`/hotel/${hotel.id}`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  const escaped = hotel.name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  expect(html).toContain(`<title>${escaped} | RepRoute</title>`);
  expect(html).toContain(`<meta property="og:title" content="${escaped} | RepRoute" data-server-head />`);
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]+/hotels/${hotel.slug}" data-server-head />`));
  expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+" data-server-head \/>/);
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image" data-server-head />');
});

test('the head the gateway wrote for the first page goes once the SPA shows another page', async ({ page, request }) => {
  const hotel = await publicHotel(request);
  await page.goto(`/hotels/${hotel.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: hotel.name })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/hotels/${hotel.slug}$`));
  await page.getByRole('link', { name: 'Search Hotels' }).first().click();
  await expect(page).toHaveURL(/\/search/);
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  await expect(page.locator('meta[property="og:title"]')).toHaveCount(0);
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
});

test.describe('pages written by the server', () => {
  test('a visitor sees the hotel, the search results and the home page before any script runs', async ({ browser, request }) => {
    const hotel = await publicHotel(request);
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await page.goto(`/hotels/${hotel.slug}`);
    await expect(page.locator('#root h1')).toHaveText(hotel.name);
    await expect(page.locator('#root button', { hasText: 'Book Now' })).toBeVisible();
    await expect(page.locator('#root img').first()).toBeVisible();
    const city = (await (await request.get(`${API}/api/hotels/${hotel.id}`)).json()) as { city: string };
    await page.goto(`/search?query=${encodeURIComponent(city.city)}`);
    await expect(page.locator('#root [data-testid="hotel-card"]').first()).toBeVisible();
    await page.goto('/');
    await expect(page.locator('#root h1')).toBeVisible();
    await expect(page.locator('#root [data-testid="hotel-card"]').first()).toBeVisible();
    await context.close();
  });

  test('a hotel’s reviews are in its page before any script runs, and the SPA shows the same ones without asking again', async ({ browser, page, request }) => {
    // A public hotel with approved reviews (the seed gives several of them some).
    const hotels = (await (await request.get(`${API}/api/hotels`)).json()) as { id: number; slug: string; totalReviews: number }[];
    const hotel = hotels.find((h) => h.totalReviews > 0)!;
    expect(hotel).toBeDefined();
    const reviews = (await (await request.get(`${API}/api/hotels/${hotel.id}/reviews`)).json()) as { content: string }[];
    expect(reviews.length).toBeGreaterThan(0);
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
    const written = await context.newPage();
    await written.goto(`/hotels/${hotel.slug}`);
    const section = written.locator('#root [data-testid="hotel-reviews"]');
    await expect(section.locator(':scope > ul > li')).toHaveCount(reviews.length);
    await expect(section).toContainText(reviews[0]!.content.slice(0, 60));
    await expect(section).not.toContainText('Loading reviews...');
    await context.close();
    // With its script, the page keeps the written reviews and does not ask engagement for them.
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === `/api/hotels/${hotel.id}/reviews`) asked.push(r.url());
    });
    await page.goto(`/hotels/${hotel.slug}`);
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
    await page.getByTestId('hotel-reviews').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('hotel-reviews').locator(':scope > ul > li')).toHaveCount(reviews.length);
    expect(asked).toEqual([]);
  });

  test('the SPA takes the written page over: one page, not two, and it answers clicks', async ({ page, request }) => {
    const hotel = await publicHotel(request);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`/hotels/${hotel.slug}`);
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.locator('header')).toHaveCount(1);
    await page.getByRole('link', { name: 'Search Hotels' }).first().click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByTestId('hotel-card').first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('what lies below the first view is taken over after the rest, from the very markup the server wrote, and works', async ({ page, request }) => {
    const hotel = await publicHotel(request);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.setViewportSize({ width: 375, height: 812 });
    // The server's nodes, kept as the HTML is parsed (before the SPA's modules are even asked for).
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const written = window as unknown as { written: Element[] };
        written.written = [...document.querySelectorAll('footer, [data-testid="hotel-card"], [data-testid="hotel-reviews"], section[aria-labelledby="equipment-heading"]')];
      });
    });
    const sameNodes = () =>
      page.evaluate(() => {
        const { written } = window as unknown as { written: Element[] };
        return { written: written.length, stillThere: written.filter((node) => node.isConnected).length };
      });
    const sameDocument = async (mark: string) => page.evaluate((m) => (window as unknown as { mark?: string }).mark === m, mark);

    await page.goto('/');
    const home = await sameNodes();
    expect(home.written).toBeGreaterThan(4); // the footer and the featured hotels' cards
    expect(home.stillThere).toBe(home.written);
    await page.evaluate(() => ((window as unknown as { mark: string }).mark = 'home'));
    // A card after the first view's: its link is the SPA's (no new document).
    const laterCard = page.getByTestId('hotel-card').nth(4);
    const name = (await laterCard.getByRole('heading').textContent())!.trim();
    await laterCard.getByRole('heading').getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    expect(await sameDocument('home')).toBe(true);

    await page.goto(`/hotels/${hotel.slug}`);
    const detail = await sameNodes();
    expect(detail.written).toBe(3); // equipment, reviews, footer
    expect(detail.stillThere).toBe(3);
    await page.evaluate(() => ((window as unknown as { mark: string }).mark = 'hotel'));
    await page.getByTestId('hotel-reviews').getByRole('link', { name: /Write a review/ }).click();
    await expect(page).toHaveURL(/\/(write-review|login)/);
    expect(await sameDocument('hotel')).toBe(true);
    await page.goBack();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    expect(await sameDocument('hotel')).toBe(true);
    expect(errors).toEqual([]);
  });

  test('what answers nothing is kept as the server wrote it: the same nodes and text after the takeover, and rendered afresh when the SPA shows the page itself', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.setViewportSize({ width: 375, height: 812 });
    const kept = 'blockquote, [data-testid="gym-glance"] li, [data-testid="hotel-card"] p.mt-1';
    await page.addInitScript((selector) => {
      document.addEventListener('DOMContentLoaded', () => {
        const nodes = [...document.querySelectorAll(selector)];
        Object.assign(window, { kept: nodes, keptText: nodes.map((node) => node.textContent) });
      });
    }, kept);
    await page.goto('/');
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
    const written = await page.evaluate((selector) => {
      const { kept: nodes, keptText } = window as unknown as { kept: Element[]; keptText: string[] };
      return {
        count: nodes.length,
        connected: nodes.filter((node) => node.isConnected).length,
        sameText: nodes.every((node, i) => node.textContent === keptText[i] && node.textContent!.trim() !== ''),
        now: document.querySelectorAll(selector).length,
      };
    }, kept);
    // Six testimonials, and each featured card's place and gym highlights.
    expect(written.count).toBeGreaterThan(12);
    expect(written).toEqual({ count: written.count, connected: written.count, sameText: true, now: written.count });
    // The cards still answer: the heart asks a visitor to sign in.
    await page.getByTestId('hotel-card').first().getByRole('button', { name: /to favorites/ }).click();
    await expect(page.getByText('Sign in Required').first()).toBeVisible();

    // The SPA renders the home page itself after a move within it: the same content, written by the SPA.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Loved by travellers who train' })).toBeVisible();
    const rendered = await page.evaluate((selector) => [...document.querySelectorAll(selector)].map((node) => node.textContent), kept);
    expect(rendered).toEqual(await page.evaluate(() => (window as unknown as { keptText: string[] }).keptText));

    // A kept link (the hero's popular cities, as written) is followed within the SPA: no new document.
    await page.reload();
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
    await page.evaluate(() => Object.assign(window, { mark: 'kept links' }));
    await page.getByRole('link', { name: 'London', exact: true }).first().click();
    await expect(page).toHaveURL(/\/search\?.*query=London/);
    await expect(page.getByTestId('hotel-card').first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { mark?: string }).mark)).toBe('kept links');
    expect(errors).toEqual([]);
  });

  test('a search typed and sent before the SPA has taken the page over is carried out once it has', async ({ page }) => {
    // The SPA's entry is held back, so the page stays as the server wrote it while the visitor types and sends.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered');
    const box = page.getByRole('combobox', { name: 'Search by city, hotel name or country' }).first();
    await box.fill('London');
    await box.press('Enter');
    // Held, not sent as a plain form (which would reload the page) nor lost.
    await expect(page).toHaveURL(/\/$/);
    release();
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
    await expect(page).toHaveURL(/\/search\?.*query=London/);
    await expect(page.getByTestId('hotel-card').first()).toBeVisible();
  });

  test('a signed-in traveller gets the SPA’s own page, not a visitor’s', async ({ page, request }) => {
    const hotel = await publicHotel(request);
    const visitorHtml = await (await request.get(`/hotels/${hotel.slug}`)).text();
    expect(visitorHtml).toContain('<div id="root" data-prerendered>');
    const account = await registerViaApi(request, 'Sasha');
    await signInWithToken(page, account.token, `/hotels/${hotel.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: hotel.name })).toBeVisible();
    // That heading is the visitor's render (no cookie yet), visible before any script runs: the SPA has taken
    // over, and set the cookie, once the written root's mark is gone.
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
    // The browser now says it holds a session (never the token), and its next page comes without the visitor's render.
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'rr_signed_in')?.value).toBe('1');
    expect(JSON.stringify(cookies)).not.toContain(account.token);
    const html = await (await page.request.get(`/hotels/${hotel.slug}`)).text();
    expect(html).toContain('<div id="root"></div>');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: hotel.name })).toBeVisible();
    await expect(page.getByRole('button', { name: /favou?rite|save/i }).first()).toBeVisible();
  });
});
