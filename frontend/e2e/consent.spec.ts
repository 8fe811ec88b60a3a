import { expect, test } from './support';

test.use({ consented: false });

test.describe('cookie consent', () => {
  test('Essential Only hides the banner and persists across reloads', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Essential Only' }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toBeHidden();
    const record = await page.evaluate(() => JSON.parse(localStorage.getItem('rr_cookie_consent') ?? 'null'));
    expect(record).toMatchObject({ version: '1.0', preferences: { necessary: true, analytics: false, marketing: false, functional: false } });
  });

  test('Customize saves the chosen categories; Cancel keeps the banner', async ({ page }) => {
    await page.goto('/search');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.getByRole('button', { name: 'Customize' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
    await expect(dialog.getByRole('switch', { name: 'Necessary' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(banner).toBeVisible();

    await banner.getByRole('button', { name: 'Customize' }).click();
    await dialog.getByRole('switch', { name: 'Analytics' }).click();
    await dialog.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(banner).toBeHidden();
    const record = await page.evaluate(() => JSON.parse(localStorage.getItem('rr_cookie_consent') ?? 'null'));
    expect(record.preferences).toEqual({ necessary: true, analytics: true, marketing: false, functional: false });
  });

  test('Accept All stores every category', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Accept All' }).click();
    const record = await page.evaluate(() => JSON.parse(localStorage.getItem('rr_cookie_consent') ?? 'null'));
    expect(record.preferences).toEqual({ necessary: true, analytics: true, marketing: true, functional: true });
  });
});
