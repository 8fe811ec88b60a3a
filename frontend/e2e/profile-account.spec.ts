import fs from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { API, PASSWORD, adminToken, approveApi, createAdminHotelApi, createListingApi, deleteHotelApi, expect, newProvider, registerViaApi, signInWithToken, test, toastWith, unique } from './doc2-support';

/**
 * An account's data is its owner's, on the profile: the owner's reviews with where each stands, "Download my data"
 * (one JSON file of every service's part), a new password with the current one, signing out on every device, and
 * "Delete my account" behind a dialog that says what happens (a provider's listings named) and asks for the password.
 */
const shots = process.env.E2E_SHOTS_DIR ?? 'test-results/profile-account';
const viewports = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
];
const NEW_PASSWORD = 'N3w!Password';

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
}

/** Follows one of the profile's section links and waits until the smooth scroll there has come to rest. */
async function goToSection(page: Page, name: string, id: string) {
  await page.getByRole('navigation', { name: 'Profile sections' }).getByRole('link', { name }).click();
  await expect(page.locator(`#${id}`)).toBeInViewport();
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const first = window.scrollY;
        setTimeout(() => resolve(window.scrollY === first), 150);
      }),
  );
}

const noSidewaysScroll = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

async function apiAs(request: APIRequestContext, method: 'get' | 'post' | 'put', path: string, token: string, data?: unknown) {
  return request[method](`${API}${path}`, { headers: { Authorization: `Bearer ${token}` }, data });
}

async function review(request: APIRequestContext, token: string, hotelId: number, title: string): Promise<string> {
  const response = await apiAs(request, 'post', '/api/reviews', token, {
    hotelId,
    title,
    content: 'Two racks, a platform and dumbbells to 50 kg, open all night.',
    rating: 4,
    gymRating: 5,
    travelType: 'fitness',
    stayDate: '2026-09',
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

for (const viewport of viewports) {
  test(`profile: my reviews, download my data, change password, sign out everywhere at ${viewport.width} px`, async ({ page, request }) => {
    test.slow();
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const admin = await adminToken(request);
    const hotels = await Promise.all([1, 2, 3].map(() => createAdminHotelApi(request, admin, unique('E2E Profile Lodge'))));
    try {
      const account = await registerViaApi(request, 'Priya');
      const [approved, pending, rejected] = await Promise.all(hotels.map((hotel, i) => review(request, account.token, hotel.id, ['Approved racks', 'Pending racks', 'Rejected racks'][i]!)));
      expect((await apiAs(request, 'put', `/api/reviews/${approved}/approve`, admin, { isApproved: true })).ok()).toBe(true);
      expect((await apiAs(request, 'put', `/api/reviews/${rejected}/approve`, admin, { isApproved: false, reason: 'The review is not about the hotel or its gym.' })).ok()).toBe(true);
      await signInWithToken(page, account.token, '/profile');

      // My reviews, each with its state (and a rejection's reason).
      const reviews = page.locator('#your-reviews');
      await expect(reviews.getByTestId('my-review')).toHaveCount(3);
      const row = (title: string) => reviews.getByTestId('my-review').filter({ hasText: title });
      await expect(row('Approved racks')).toContainText('Approved');
      await expect(row('Pending racks')).toContainText('Pending');
      await expect(row('Pending racks')).toContainText('Waiting for a moderator');
      await expect(row('Rejected racks')).toContainText('Rejected');
      await expect(row('Rejected racks')).toContainText('Reason: The review is not about the hotel or its gym.');
      expect(pending).toBeTruthy();
      await noSidewaysScroll(page, viewport.width);
      await goToSection(page, 'Your reviews', 'your-reviews');
      await page.screenshot({ path: `${shots}/my-reviews-${viewport.name}.png` });
      await expectAccessible(page);

      // The email change is reachable from the security section.
      await goToSection(page, 'Password and sign-in', 'security');
      await page.locator('#security').getByRole('link', { name: 'Personal information' }).click();
      await expect(page.getByTestId('email-change-form')).toBeInViewport();

      // Download my data: one JSON file of every part.
      await goToSection(page, 'Your data', 'your-data');
      await page.screenshot({ path: `${shots}/your-data-${viewport.name}.png` });
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download my data' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^reproute-data-\d{4}-\d{2}-\d{2}\.json$/);
      const file = JSON.parse(await fs.readFile((await download.path())!, 'utf8'));
      expect(file).toMatchObject({ format: 'reproute.account-export', version: 1, accountId: account.user.id, identity: { profile: { email: account.email, firstName: 'Priya' } } });
      expect(file.engagement.reviews.map((r: { status: string }) => r.status).sort()).toEqual(['approved', 'pending', 'rejected']);
      for (const part of ['identity', 'catalog', 'engagement', 'referral', 'analytics']) expect(file, part).toHaveProperty(part);
      await expect(toastWith(page, 'Your data is downloading')).toBeVisible();

      // A new password needs the current one; other devices are signed out, this one stays.
      const otherDevice = ((await (await request.post(`${API}/api/auth/login`, { data: { email: account.email, password: PASSWORD } })).json()) as { token: string }).token;
      await goToSection(page, 'Password and sign-in', 'security');
      const form = page.getByTestId('change-password-form');
      await form.getByLabel('Current password').fill('Wr0ng!Pass');
      await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await form.getByLabel('Confirm new password').fill('N3w!Passwor');
      await form.getByRole('button', { name: 'Change password' }).click();
      await expect(form.getByText("Passwords don't match")).toBeVisible();
      await form.getByLabel('Confirm new password').fill(NEW_PASSWORD);
      await form.getByRole('button', { name: 'Change password' }).click();
      await expect(form.getByText('Your current password is not correct')).toBeVisible();
      await form.evaluate((element) => window.scrollTo({ top: element.getBoundingClientRect().top + window.scrollY - 96, behavior: 'instant' }));
      await page.screenshot({ path: `${shots}/change-password-error-${viewport.name}.png` });
      await form.getByLabel('Current password').fill(PASSWORD);
      await form.getByRole('button', { name: 'Change password' }).click();
      await expect(toastWith(page, 'Password changed')).toBeVisible();
      await page.screenshot({ path: `${shots}/change-password-done-${viewport.name}.png` });
      expect((await apiAs(request, 'get', '/api/auth/me', otherDevice)).status()).toBe(401);
      expect((await apiAs(request, 'get', '/api/auth/me', account.token)).status()).toBe(401);
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Priya Tester' })).toBeVisible();

      // Sign out everywhere: this browser too, and any other device.
      const laptop = ((await (await request.post(`${API}/api/auth/login`, { data: { email: account.email, password: NEW_PASSWORD } })).json()) as { token: string }).token;
      await expect.poll(async () => (await apiAs(request, 'get', '/api/auth/me', laptop)).status()).toBe(200);
      await page.getByRole('button', { name: 'Sign out everywhere' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(toastWith(page, 'Signed out everywhere')).toBeVisible();
      await page.screenshot({ path: `${shots}/signed-out-everywhere-${viewport.name}.png` });
      expect((await apiAs(request, 'get', '/api/auth/me', laptop)).status()).toBe(401);
      // Nothing this browser keeps names the account any more (a page view of /login since is anonymous).
      const stored = await page.evaluate(() => ({ token: localStorage.getItem('token'), all: JSON.stringify({ ...localStorage }) }));
      expect(stored.token).toBeNull();
      expect(stored.all).not.toContain(account.user.id);
    } finally {
      for (const hotel of hotels) await deleteHotelApi(request, admin, hotel.id);
    }
  });

  test(`delete my account, with the confirmation naming a provider's listings, at ${viewport.width} px`, async ({ page, request }) => {
    test.slow();
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const provider = await newProvider(request);
    const live = await createListingApi(request, provider.token, { name: unique('E2E Farewell House') });
    await approveApi(request, await adminToken(request), live.id);
    const waiting = await createListingApi(request, provider.token, { name: unique('E2E Waiting House') });
    await signInWithToken(page, provider.token, '/profile');

    await goToSection(page, 'Your data', 'your-data');
    await page.screenshot({ path: `${shots}/delete-section-${viewport.name}.png` });
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByTestId('delete-account-dialog');
    await expect(dialog.getByRole('heading', { name: 'Delete your account?' })).toBeVisible();
    await expect(dialog).toContainText('reviews already published stay on the hotels\' pages as "Former member"');
    await expect(dialog).toContainText('leads you sent were emailed to the hotels and stay with them');
    const notice = dialog.getByTestId('delete-listings-notice');
    await expect(notice).toContainText('Your 2 listings are unpublished and deleted (1 live now)');
    await expect(notice).toContainText(live.name);
    await expect(notice).toContainText(`${waiting.name} (not live)`);
    await page.screenshot({ path: `${shots}/delete-dialog-${viewport.name}.png` });
    await expectAccessible(page);

    // The wrong password deletes nothing; "Keep my account" leaves it as it was.
    await dialog.getByLabel('Current password').fill('Wr0ng!Pass');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByText('Your current password is not correct')).toBeVisible();
    await page.screenshot({ path: `${shots}/delete-wrong-password-${viewport.name}.png` });
    await dialog.getByRole('button', { name: 'Keep my account' }).click();
    await expect(dialog).toHaveCount(0);
    expect((await apiAs(request, 'get', '/api/auth/me', provider.token)).status()).toBe(200);

    await page.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByLabel('Current password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(toastWith(page, 'Account deletion started', 'Your account is being deleted.')).toBeVisible();
    await page.screenshot({ path: `${shots}/deleted-${viewport.name}.png` });
    // Signed out here, its token refused at once, and its listings gone with it.
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect((await apiAs(request, 'get', '/api/auth/me', provider.token)).status()).toBe(401);
    await expect.poll(async () => (await request.get(`${API}/api/hotels/${live.id}`)).status(), { timeout: 30_000 }).toBe(404);

    // Signing in again: "being deleted" while the services erase, then no such account.
    await page.goto('/login');
    await page.getByLabel('Email').fill(provider.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText(/This account is being deleted|Invalid email or password/).first()).toBeVisible();
    await page.screenshot({ path: `${shots}/sign-in-after-delete-${viewport.name}.png` });
    await expect.poll(async () => (await request.post(`${API}/api/auth/login`, { data: { email: provider.email, password: PASSWORD } })).status(), { timeout: 60_000 }).toBe(401);
  });
}
