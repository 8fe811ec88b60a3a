import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { MAILDEV, expect, firstBookableHotel, registerViaApi, signInWithToken, test, type HotelSummary } from './support';

/**
 * Sharing contact details is the traveller's choice (ruling 14): a visitor sees no offer to share, an
 * unverified account is told why it cannot, and a verified traveller gets an unticked box. Only ticking it
 * sends a lead (emailed to the hotel, with exactly what the dialog listed); otherwise only the referral click.
 */
const shots = process.env.E2E_SHOTS_DIR ?? 'test-results/booking-sharing';
const shareLabel = (hotel: HotelSummary) => `Share my name and email with ${hotel.name} so they can contact me`;

/** Every email MailDev holds that mentions `needle`. */
async function emailsMentioning(request: APIRequestContext, needle: string) {
  const emails = (await (await request.get(`${MAILDEV}/api/email`)).json()) as { subject: string; text?: string; to: { address: string }[] }[];
  return emails.filter((e) => (e.text ?? '').includes(needle));
}

/** Opens the hotel's booking dialog (the partner's site answered locally) and answers it with the link's referral id. */
async function openDialog(page: Page, context: BrowserContext, hotel: HotelSummary) {
  await context.route(/^https:\/\/[^/]*\.example\//, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Partner</title>ok' }));
  await page.getByRole('button', { name: 'Book Now' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: `Book ${hotel.name}` })).toBeVisible();
  const ref = new URL((await dialog.getByTestId('booking-url').textContent()) ?? '').searchParams.get('ref')!;
  expect(ref).toMatch(new RegExp(`^RR_${hotel.id}_\\d{13}$`));
  return { dialog, ref };
}

/** Presses Book Now and records which of the two calls the page made before the partner's page opened. */
async function bookNow(page: Page, context: BrowserContext) {
  const posted: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/(leads|referral-clicks)$/.test(r.url())) posted.push(new URL(r.url()).pathname);
  });
  const click = page.waitForResponse((r) => r.url().endsWith('/api/referral-clicks') && r.request().method() === 'POST');
  const popup = context.waitForEvent('page');
  await page.getByRole('dialog').getByRole('button', { name: 'Book Now' }).click();
  expect((await click).status()).toBe(201);
  await popup;
  return posted;
}

for (const viewport of [
  { name: '375', width: 375, height: 812 },
  { name: '1280', width: 1280, height: 900 },
]) {
  test.describe(`booking dialog: sharing contact details at ${viewport.name} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a visitor sees no offer to share; Book Now records the click only, and the hotel gets no email', async ({ page, context, request }) => {
      const hotel = await firstBookableHotel(request);
      await page.goto(`/hotels/${hotel.slug}`);
      const { dialog, ref } = await openDialog(page, context, hotel);
      await expect(dialog.getByRole('checkbox')).toHaveCount(0);
      await expect(dialog.getByTestId('lead-sharing-notice')).toHaveCount(0);
      // Nothing chosen, nothing made up: the link carries its reference only.
      const link = new URL((await dialog.getByTestId('booking-url').textContent()) ?? '');
      expect([...link.searchParams.keys()].filter((key) => ['checkIn', 'checkOut', 'adults'].includes(key))).toEqual([]);
      await dialog.screenshot({ path: `${shots}/visitor-${viewport.name}.png` });
      expect(await bookNow(page, context)).toEqual(['/api/referral-clicks']);
      await page.waitForTimeout(3_000);
      expect(await emailsMentioning(request, ref)).toEqual([]);
    });

    test('an unverified traveller is told why they cannot share, and no lead is sent', async ({ page, context, request }) => {
      const hotel = await firstBookableHotel(request);
      const account = await registerViaApi(request, 'Una', { verified: false });
      await signInWithToken(page, account.token, `/hotels/${hotel.slug}`);
      const { dialog } = await openDialog(page, context, hotel);
      await expect(dialog.getByTestId('lead-unverified-notice')).toContainText(`Your email address isn't verified yet, so you can't share your name and email with ${hotel.name}.`);
      await expect(dialog.getByRole('checkbox')).toHaveCount(0);
      await dialog.getByTestId('lead-unverified-notice').scrollIntoViewIfNeeded();
      await dialog.screenshot({ path: `${shots}/unverified-${viewport.name}.png` });
      expect(await bookNow(page, context)).toEqual(['/api/referral-clicks']);
    });

    test('a verified traveller who leaves the box unticked sends no lead, and the hotel gets no email', async ({ page, context, request }) => {
      const hotel = await firstBookableHotel(request);
      const account = await registerViaApi(request, 'Nina');
      await signInWithToken(page, account.token, `/hotels/${hotel.slug}`);
      const { dialog, ref } = await openDialog(page, context, hotel);
      const share = dialog.getByRole('checkbox', { name: shareLabel(hotel) });
      await expect(share).toBeVisible();
      await expect(share).not.toBeChecked();
      await expect(dialog.getByTestId('lead-sharing-notice')).toContainText(`Left unticked, RepRoute sends ${hotel.name} nothing about you`);
      await dialog.getByTestId('lead-sharing-notice').scrollIntoViewIfNeeded();
      await dialog.screenshot({ path: `${shots}/unticked-${viewport.name}.png` });
      expect(await bookNow(page, context)).toEqual(['/api/referral-clicks']);
      await page.waitForTimeout(3_000);
      expect(await emailsMentioning(request, ref)).toEqual([]);
    });

    test('a verified traveller who ticks it sees exactly what is sent; the hotel is emailed that, with the link\'s reference', async ({ page, context, request }) => {
      const hotel = await firstBookableHotel(request);
      const account = await registerViaApi(request, 'Sharon');
      await signInWithToken(page, account.token, `/hotels/${hotel.slug}`);
      const { dialog, ref } = await openDialog(page, context, hotel);
      await dialog.getByRole('checkbox', { name: shareLabel(hotel) }).check();
      await dialog.getByLabel('Adults').fill('2');
      const details = dialog.getByTestId('lead-shared-details');
      await expect(details.locator('dt')).toHaveText(['Name', 'Email', 'Guests', 'Booking reference']);
      await expect(details.locator('dd')).toHaveText(['Sharon Tester', account.email, '2', ref]);
      await details.scrollIntoViewIfNeeded();
      await dialog.screenshot({ path: `${shots}/ticked-${viewport.name}.png` });

      const lead = page.waitForResponse((r) => r.url().endsWith('/api/leads') && r.request().method() === 'POST');
      expect(await bookNow(page, context)).toEqual(expect.arrayContaining(['/api/referral-clicks', '/api/leads']));
      const answer = await lead;
      expect(answer.status()).toBe(201);
      expect(answer.request().postDataJSON()).toMatchObject({ shareContact: true, hotelId: hotel.id, referralId: ref, checkInDate: null, checkOutDate: null, guests: 2 });

      // The hotel's email names the traveller from the account and carries what the dialog listed, and no dates.
      await expect
        .poll(async () => (await emailsMentioning(request, `Referral ID: ${ref}`)).map((e) => e.subject), { timeout: 30_000 })
        .toEqual([`New lead for ${hotel.name}: Sharon Tester`]);
      const [email] = await emailsMentioning(request, `Referral ID: ${ref}`);
      expect(email!.text).toContain(account.email);
      expect(email!.text).toContain('Guests: 2');
      expect(email!.text).not.toMatch(/Check-in|Check-out/);
    });
  });
}
