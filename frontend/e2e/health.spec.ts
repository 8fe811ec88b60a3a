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
