import { expect, test } from './support';

test('the Connection Issue banner appears when health answers unhealthy, and Retry clears it', async ({ page }) => {
  let healthy = false;
  await page.route('**/api/health', (route) =>
    healthy
      ? route.fulfill({ json: { status: 'healthy' } })
      : route.fulfill({ status: 503, json: { status: 'unhealthy', services: { catalog: 'down' } } }),
  );
  await page.goto('/');
  const banner = page.getByTestId('connection-banner');
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await expect(banner).toContainText('Connection Issue');
  await expect(banner).toContainText('Server responded with 503');

  await banner.getByRole('button', { name: 'Retry' }).click();
  await expect(banner).toContainText('Server responded with status: 503');

  healthy = true;
  await banner.getByRole('button', { name: 'Retry' }).click();
  await expect(banner).toBeHidden();
});

test('a 503 from the API (load shed) shows the Connection Issue banner; Retry loads what failed', async ({ page }) => {
  let shedding = true;
  await page.route('**/api/hotels/search**', (route) =>
    shedding
      ? route.fulfill({ status: 503, headers: { 'retry-after': '2' }, json: { statusCode: 503, error: 'Service Unavailable', message: 'The system is busy. Please try again shortly.', retryAfterSeconds: 2 } })
      : route.fallback(),
  );
  // With a sort in the address the gateway writes no first results into the page, so the search goes to the API (shed here).
  await page.goto('/search?q=London&sort=rating');
  const banner = page.getByTestId('connection-banner');
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await expect(banner).toContainText('Connection Issue');
  await expect(banner).toContainText('Server responded with 503');

  shedding = false;
  const reloaded = page.waitForResponse((r) => r.url().includes('/api/hotels/search') && r.status() === 200);
  await banner.getByRole('button', { name: 'Retry' }).click();
  await expect(banner).toBeHidden();
  await reloaded;
  await expect(page.getByRole('link', { name: /London|Shoreditch|Thames/i }).first()).toBeVisible({ timeout: 15_000 });
});

// Ruling 16: the connection texts speak to travellers (what cannot be reached, and what to do), never of a development environment.
for (const viewport of [
  { name: '375', width: 375, height: 812 },
  { name: '1280', width: 1280, height: 900 },
]) {
  test.describe(`connection texts at ${viewport.name} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    const shots = process.env.E2E_SHOTS_DIR ?? 'test-results/connection-texts';

    test('the offline banner says RepRoute cannot be reached and what to do; Refresh reloads', async ({ page }) => {
      await page.goto('/');
      // The browser reports being offline (the page itself stays reachable, so Refresh can load it again).
      await page.evaluate(() => {
        Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
        window.dispatchEvent(new Event('offline'));
      });
      const banner = page.getByRole('status').filter({ hasText: 'Connection Issue' });
      await expect(banner).toHaveText(/^Connection Issue - We can't reach RepRoute right now\. Check your internet connection, then refresh\.Refresh$/);
      await expect(banner).not.toContainText(/development|environment|idle/i);
      await page.screenshot({ path: `${shots}/offline-banner-${viewport.name}.png` });
      const reloaded = page.waitForEvent('load');
      await banner.getByRole('button', { name: 'Refresh' }).click();
      await reloaded;
      await expect(page.getByRole('status').filter({ hasText: 'Connection Issue' })).toHaveCount(0);
    });

    test('the connection-error page: traveller copy, a 10-second countdown that Cancel stops, Refresh Now and Go to Homepage', async ({ page }) => {
      await page.goto('/connection-error');
      await expect(page.getByRole('heading', { level: 1, name: "We can't reach RepRoute right now" })).toBeVisible();
      await expect(page.getByText(/RepRoute is temporarily unavailable\. Check your internet connection/)).toBeVisible();
      await expect(page).toHaveTitle("Can't reach RepRoute | RepRoute");
      await expect(page.locator('main')).not.toContainText(/development|environment|idle/i);
      await expect(page.getByText(/^Refreshing automatically in \d+ seconds\.\.\.$/)).toBeVisible();
      await page.screenshot({ path: `${shots}/connection-error-${viewport.name}.png` });
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByText('Automatic refresh cancelled.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
      // Refresh Now reloads the page (its countdown starts again).
      await page.getByRole('button', { name: 'Refresh Now' }).click();
      await expect(page.getByText(/^Refreshing automatically in \d+ seconds\.\.\.$/)).toBeVisible();
      await page.getByRole('link', { name: 'Go to Homepage' }).click();
      await expect(page).toHaveURL(/\/$/);
    });

    test('the connection-error page reloads by itself after 10 seconds', async ({ page }) => {
      await page.goto('/network-error');
      await expect(page.getByRole('heading', { level: 1, name: "We can't reach RepRoute right now" })).toBeVisible();
      const reloaded = page.waitForEvent('load', { timeout: 15_000 });
      await reloaded;
      await expect(page.getByText(/^Refreshing automatically in (9|10) seconds\.\.\.$/)).toBeVisible();
    });
  });
}
