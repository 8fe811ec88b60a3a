import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { API, PASSWORD, expect, firstBookableHotel, registerViaApi, signInWithToken, test, uniqueEmail, verificationLink, waitForEmail } from './support';

/**
 * An email address is proved before it speaks for a person: a signed-in account with an unverified
 * address sees the banner (with "Resend verification email") and the limits where they apply (the
 * review form, the booking dialog); the emailed link, opened in the browser, verifies it on /verify-email.
 */
/** axe-core: no serious or critical violations on the page as it is. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
}

const shots = process.env.E2E_SHOTS_DIR ?? 'test-results/email-verification';
const viewports = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
];

for (const viewport of viewports) {
  test(`banner, limits and /verify-email at ${viewport.width} px`, async ({ page, context, request }) => {
    test.slow();
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const hotel = await firstBookableHotel(request);
    const account = await registerViaApi(request, 'Vera', { verified: false });
    await signInWithToken(page, account.token, '/');

    const banner = page.getByTestId('verify-email-banner');
    await expect(banner.getByRole('heading', { name: 'Please verify your email address' })).toBeVisible();
    await expect(banner).toContainText(account.email);
    await expect(banner).toContainText("Until you do, hotels you book with won't receive your name or email, and you can't publish reviews.");
    // The banner fits the screen: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await banner.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(banner.getByRole('status')).toHaveText('Sent! Check your inbox for the new link.');
    await page.screenshot({ path: `${shots}/banner-${viewport.name}.png` });
    await expectAccessible(page);

    // The review form says why it cannot be sent yet.
    await page.goto(`/write-review/${hotel.id}`);
    const reviewNotice = page.getByTestId('review-verify-notice');
    await expect(reviewNotice).toContainText('Reviews are published only from accounts with a verified email address.');
    await expect(page.getByRole('button', { name: 'Submit Review' })).toBeDisabled();
    await reviewNotice.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/review-form-${viewport.name}.png` });

    // The booking dialog says why the traveller cannot share their name and email yet.
    await context.route(/^https:\/\/[^/]*\.example\//, (route) => route.fulfill({ contentType: 'text/html', body: 'ok' }));
    await page.goto(`/hotels/${hotel.slug}`);
    await page.getByRole('button', { name: 'Book Now' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('lead-unverified-notice')).toContainText(`Your email address isn't verified yet, so you can't share your name and email with ${hotel.name}`);
    await expect(dialog.getByRole('checkbox')).toHaveCount(0);
    await expect(dialog.getByTestId('lead-sharing-notice')).toHaveCount(0);
    await page.screenshot({ path: `${shots}/booking-dialog-${viewport.name}.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The link from the email (the newest: the resent one), opened in the browser.
    const link = await verificationLink(request, account.email);
    expect(link).toContain('/verify-email?token=');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Your email is verified' })).toBeVisible();
    await expect(page.getByTestId('verify-email-success')).toContainText(`${account.email} is verified.`);
    // The token leaves the address bar, and the banner goes.
    await expect(page).toHaveURL(/\/verify-email$/);
    await expect(page.getByTestId('verify-email-banner')).toHaveCount(0);
    await page.screenshot({ path: `${shots}/verified-${viewport.name}.png` });
    await expectAccessible(page);

    // The session now speaks for the address: the booking dialog offers to share name and email, unticked.
    await page.goto(`/hotels/${hotel.slug}`);
    await page.getByRole('button', { name: 'Book Now' }).first().click();
    const share = page.getByRole('dialog').getByRole('checkbox', { name: `Share my name and email with ${hotel.name} so they can contact me` });
    await expect(share).not.toBeChecked();
    await share.check();
    await expect(page.getByRole('dialog').getByTestId('lead-shared-details')).toContainText(`NameVera TesterEmail${account.email}`);
    await page.keyboard.press('Escape');

    // The same link again: used.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: "We couldn't verify your email" })).toBeVisible();
    await expect(page.getByTestId('verify-email-failed')).toContainText('This verification link is invalid or has expired.');
    await page.screenshot({ path: `${shots}/used-link-${viewport.name}.png` });
  });
}

test('a link opened in another tab takes the banner away from the first', async ({ page, context, request }) => {
  const account = await registerViaApi(request, 'Tabitha', { verified: false });
  await signInWithToken(page, account.token, '/favourites');
  await expect(page.getByTestId('verify-email-banner')).toBeVisible();
  const other = await context.newPage();
  await other.goto(await verificationLink(request, account.email));
  await expect(other.getByRole('heading', { name: 'Your email is verified' })).toBeVisible();
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page.getByTestId('verify-email-banner')).toHaveCount(0);
});

test('the profile changes the email only once the new address is confirmed', async ({ page, request }) => {
  test.slow();
  const account = await registerViaApi(request, 'Eli');
  const newEmail = uniqueEmail('eli.new');
  await signInWithToken(page, account.token, '/profile');
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  const form = page.getByTestId('email-change-form');
  await form.getByLabel('New email address').fill(newEmail);
  await form.getByLabel('Current password', { exact: true }).fill('Wr0ng!Pass');
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(form.getByText('Your current password is not correct', { exact: true })).toBeVisible();
  await form.getByLabel('Current password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(form.getByTestId('pending-email')).toContainText(`open the link we sent to ${newEmail}. Until then you sign in with ${account.email}.`);
  await page.screenshot({ path: `${shots}/profile-pending.png`, fullPage: true });

  // The current address is told; sign-in keeps it until the new one is confirmed.
  const notice = await waitForEmail(request, account.email, /^Your RepRoute email address is being changed$/);
  expect(notice.text).not.toContain(newEmail);
  expect((await request.post(`${API}/api/auth/login`, { data: { email: newEmail, password: PASSWORD } })).status()).toBe(401);

  await page.goto(await verificationLink(request, newEmail));
  await expect(page.getByTestId('verify-email-success')).toContainText(`${newEmail} is verified.`);
  await page.goto('/profile');
  await expect(page.getByText(newEmail, { exact: true })).toBeVisible();
  await expect(page.getByTestId('pending-email')).toHaveCount(0);
  expect((await request.post(`${API}/api/auth/login`, { data: { email: newEmail, password: PASSWORD } })).status()).toBe(200);
  expect((await request.post(`${API}/api/auth/login`, { data: { email: account.email, password: PASSWORD } })).status()).toBe(401);
});
