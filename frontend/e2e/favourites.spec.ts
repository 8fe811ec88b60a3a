import { expect, firstBookableHotel, registerViaApi, signInWithToken, test, toastWith } from './support';

test.describe('favourites', () => {
  test('a visitor gets the destructive "Sign in Required" toast, and the page offers sign-in', async ({ page }) => {
    await page.goto('/search');
    await page.getByTestId('hotel-card').first().getByRole('button', { name: /to favorites$/ }).click();
    const toast = toastWith(page, 'Sign in Required', 'Please sign in to save favorites');
    await expect(toast).toBeVisible();
    await expect(toast).toHaveAttribute('data-variant', 'destructive');
    // It offers the way to sign in, and comes back to the search afterwards.
    await toast.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fsearch$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await page.goto('/favorites');
    await expect(page.getByTestId('favorites-empty')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Discover Hotels' })).toHaveAttribute('href', '/search');
    await expect(page.getByRole('link', { name: 'Sign In' }).last()).toBeVisible();
  });

  test('a signed-in user saves a hotel, keeps it across a reload, and removes it', async ({ page, request }) => {
    const account = await registerViaApi(request, 'Avery');
    const { name, slug } = await firstBookableHotel(request);
    await signInWithToken(page, account.token, `/hotels/${slug}`);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/favorites') && r.request().method() === 'POST');
    await page.getByRole('button', { name: `Save ${name} to favorites` }).click();
    await expect(page.getByRole('button', { name: `Remove ${name} from favorites` })).toHaveAttribute('aria-pressed', 'true');
    expect((await saved).status()).toBe(201);
    await expect(page.getByText('Added to favorites', { exact: true })).toBeVisible();

    await page.reload();
    await page.goto('/favourites');
    await expect(page.getByTestId('favorites-count')).toHaveText('1 hotel saved');
    await expect(page.getByRole('heading', { name, level: 3 })).toBeVisible();

    await page.getByRole('button', { name: `Remove ${name} from favorites` }).click();
    await expect(page.getByText('Removed from favorites', { exact: true })).toBeVisible();
    await expect(page.getByTestId('favorites-empty')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('favorites-empty')).toBeVisible();
  });

  test('a failed save is rolled back with the error toast', async ({ page, request }) => {
    const account = await registerViaApi(request, 'Riley');
    const { name, slug } = await firstBookableHotel(request);
    await signInWithToken(page, account.token, `/hotels/${slug}`);
    await page.route('**/api/favorites', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, body: 'boom' }) : route.continue()));
    const heart = page.getByRole('button', { name: new RegExp(`${name} (to|from) favorites$`) });
    await heart.click();
    await expect(page.getByText('Failed to update favorites. Please try again.', { exact: true })).toBeVisible();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
  });

  test('another tab sees the change', async ({ page, context, request }) => {
    const account = await registerViaApi(request, 'Quinn');
    const { name, slug } = await firstBookableHotel(request);
    await signInWithToken(page, account.token, '/favourites');
    await expect(page.getByTestId('favorites-empty')).toBeVisible();
    const other = await context.newPage();
    await other.goto(`/hotels/${slug}`);
    await other.getByRole('button', { name: `Save ${name} to favorites` }).click();
    await expect(other.getByText('Added to favorites', { exact: true })).toBeVisible();
    await expect(page.getByTestId('favorites-count')).toHaveText('1 hotel saved');
  });
});
