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
