import { API, expect, PASSWORD, test, uniqueEmail } from './support';

test.describe('accounts', () => {
  test('register, skip profile setup, log out, log in, wrong password', async ({ page }) => {
    const email = uniqueEmail('morgan');
    await page.goto('/register');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('First name is required', { exact: true })).toBeVisible();
    await expect(page.getByText('Please enter a valid email address', { exact: true })).toBeVisible();

    await page.getByLabel('First name').fill('Morgan');
    await page.getByLabel('Last name').fill('Lifts');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('weakpass');
    await expect(page.getByRole('list', { name: 'Password requirements' }).getByRole('listitem').filter({ hasText: 'At least 8 characters' })).toHaveClass(/emerald/);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character', { exact: true })).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page).toHaveURL(/\/profile-setup$/);
    await page.getByRole('button', { name: 'Skip for Now' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Profile Setup Skipped', { exact: true })).toBeVisible();
    await expect(page.getByTestId('greeting')).toHaveText('Welcome Morgan');

    await page.getByRole('button', { name: /Account/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page.getByText('You have been logged out successfully.', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();

    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Wr0ng!Password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password. Please check your credentials and try again.' })).toBeVisible();
    await expect(page.getByText('Login Failed', { exact: true })).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('greeting')).toHaveText('Welcome Morgan');
  });

  test('login brings a visitor back to the page asked for', async ({ page, request }) => {
    const email = uniqueEmail('taylor');
    await request.post(`${API}/api/auth/register`, { data: { email, password: PASSWORD, firstName: 'Taylor', lastName: 'T' } });
    await page.goto('/login?redirect=%2Ffavourites');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/favourites$/);
    await expect(page.getByRole('heading', { name: 'Your Favourite Hotels' })).toBeVisible();
  });

  test('registering an email twice says it already exists', async ({ page, request }) => {
    const email = uniqueEmail('twice');
    await request.post(`${API}/api/auth/register`, { data: { email, password: PASSWORD, firstName: 'Twice', lastName: 'T' } });
    await page.goto('/register');
    await page.getByLabel('First name').fill('Twice');
    await page.getByLabel('Last name').fill('T');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'An account with this email already exists. Please use a different email or try logging in.' }),
    ).toBeVisible();
  });
});
