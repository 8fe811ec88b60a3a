import { expect, registerViaApi, signInWithToken, test } from './support';

const heading = (name: string | RegExp) => ({ name, level: 1 as const });

test.describe('route table (document 1, section 2.1)', () => {
  const publicRoutes: Array<[string, string | RegExp]> = [
    ['/', 'Stay somewhere with a gym worth training in.'],
    ['/home', 'Stay somewhere with a gym worth training in.'],
    ['/?business=true', 'Stay somewhere with a gym worth training in.'],
    ['/search', /^All Hotels \(\d+\)$/],
    ['/search?query=London', /^Results for "London" \(\d+\)$/],
    ['/hotels/the-hudson-ironworks-hotel', 'The Hudson Ironworks Hotel'],
    ['/hotel/1', 'The Hudson Ironworks Hotel'],
    ['/hotels/1', 'The Hudson Ironworks Hotel'],
    ['/login', 'Sign in'],
    ['/register', 'Create your account'],
    ['/provider-register', 'List your hotel on RepRoute'],
    ['/forgot-password', 'Forgot your password?'],
    ['/reset-password', 'Invalid Reset Link'],
    ['/favourites', 'Your Favourite Hotels'],
    ['/favorites', 'Your Favourite Hotels'],
    ['/connection-error', "We can't reach RepRoute right now"],
    ['/network-error', "We can't reach RepRoute right now"],
    ['/maintenance', 'Maintenance Mode'],
    ['/server-error', 'Server Error'],
    ['/no/such/page', 'Page Not Found'],
  ];
  for (const [path, name] of publicRoutes) {
    test(`${path} shows its screen`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', heading(name))).toBeVisible();
    });
  }

  const staticPages = ['/business-travel', '/help-center', '/privacy-policy', '/terms-of-service', '/partner-hotels', '/contact-us', '/cookie-preferences'];
  for (const path of staticPages) {
    test(`${path} is a page, not the 404`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('Page Not Found', { exact: true })).toHaveCount(0);
    });
  }

  const protectedRoutes = ['/profile', '/provider/dashboard', '/provider/listings/new', '/add-hotel', '/admin', '/write-review', '/write-review/1', '/edit-hotel/1'];
  for (const path of protectedRoutes) {
    test(`${path} shows the login screen to a visitor`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', heading('Sign in'))).toBeVisible();
      // Review writing (document 2) redirects to /login?redirect=...; the others show the login screen in place.
      if (!path.startsWith('/write-review')) await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
    });
  }

  test('redirects: /provider-dashboard, /sign-out, provider setup and profile setup for visitors', async ({ page }) => {
    await page.goto('/provider-dashboard');
    await expect(page).toHaveURL(/\/provider\/dashboard$/);
    await page.goto('/sign-out');
    await expect(page).toHaveURL(/\/$/);
    for (const path of ['/provider/setup', '/provider-setup']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login\?redirect=\/provider\/setup$/);
    }
    await page.goto('/profile-setup');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText('Authentication Required', { exact: true })).toBeVisible();
  });

  test('signed-in traveller: provider routes lead to provider setup, /admin says Access Denied', async ({ page, request }) => {
    const account = await registerViaApi(request, 'Robin');
    await signInWithToken(page, account.token, '/provider/dashboard');
    await expect(page).toHaveURL(/\/provider\/setup$/);
    await expect(page.getByRole('heading', heading('Set up your provider account'))).toBeVisible();
    await page.goto('/admin');
    await expect(page.getByRole('heading', heading('Access Denied'))).toBeVisible();
    await expect(page.getByText("You don't have permission to access this page.", { exact: true })).toBeVisible();
    await page.goto('/profile');
    await expect(page.getByText('Active Member', { exact: true })).toBeVisible();
    await expect(page.getByText('Your profile setup is incomplete', { exact: true })).toBeVisible();
  });

  test('a spinner shows while the session loads', async ({ page, request }) => {
    const account = await registerViaApi(request, 'Sam');
    await page.goto('/favicon.svg');
    await page.evaluate((t) => localStorage.setItem('token', t), account.token);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/me', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/profile');
    await expect(page.getByTestId('page-spinner')).toBeVisible();
    release();
    await expect(page.getByText('Active Member', { exact: true })).toBeVisible();
  });

  test('the not-found page offers Back to Home, Go Back and contact', async ({ page }) => {
    await page.goto('/search');
    await page.goto('/definitely/not/here');
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact-us');
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/search$/);
    await page.goto('/definitely/not/here');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
