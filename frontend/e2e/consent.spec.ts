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

for (const viewport of [
  { name: '375', width: 375, height: 812 },
  { name: '1280', width: 1280, height: 900 },
]) {
  test.describe(`the cookie banner by keyboard at ${viewport.name} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('is reached first, and while it is shown no focused control is hidden behind it (WCAG 2.4.11)', async ({ page }) => {
      await page.goto('/search?q=London');
      const banner = page.getByRole('region', { name: 'Cookie consent' });
      await expect(banner).toBeVisible();
      await expect(page.getByTestId('hotel-card').first()).toBeVisible();
      await page.keyboard.press('Tab');
      expect(await banner.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      const hidden: string[] = [];
      for (let i = 0; i < 70; i += 1) {
        await page.keyboard.press('Tab');
        const overlap = await page.evaluate(() => {
          const focused = document.activeElement as HTMLElement | null;
          const region = document.querySelector('section[aria-label="Cookie consent"]');
          if (!focused || !region || region.contains(focused) || focused === document.body) return null;
          const a = focused.getBoundingClientRect();
          const b = region.getBoundingClientRect();
          if (a.width === 0 && a.height === 0) return null;
          // Entirely behind the banner is what 2.4.11 forbids.
          const covered = a.top >= b.top && a.bottom <= b.bottom + 1;
          return covered ? `${focused.tagName} ${focused.textContent?.trim().slice(0, 40) ?? ''}` : null;
        });
        if (overlap) hidden.push(overlap);
      }
      await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR ?? 'test-results/consent'}/keyboard-${viewport.name}.png` });
      expect(hidden).toEqual([]);
    });
  });
}
