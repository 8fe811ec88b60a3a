import { MAILDEV, expect, firstBookableHotel, registerViaApi, signInWithToken, test } from './support';

test.describe('booking dialog: what is shared with the hotel', () => {
  test('a signed-in traveller is told, before Book Now, that their name and email go to the hotel; the lead carries the link\'s referral id', async ({ page, context, request }) => {
    const hotel = await firstBookableHotel(request);
    const account = await registerViaApi(request, 'Sharon');
    await context.route(/^https:\/\/[^/]*\.example\//, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Partner</title>ok' }));
    await signInWithToken(page, account.token, `/hotels/${hotel.slug}`);
    await page.getByRole('button', { name: 'Book Now' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: `Book ${hotel.name}` })).toBeVisible();

    const notice = dialog.getByTestId('lead-sharing-notice');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(`your name and email (Sharon Tester, ${account.email}) will be shared with ${hotel.name}`);
    await expect(dialog.getByRole('button', { name: 'Book Now' })).toBeEnabled();

    const ref = new URL((await dialog.getByTestId('booking-url').textContent()) ?? '').searchParams.get('ref');
    expect(ref).toMatch(new RegExp(`^RR_${hotel.id}_\\d{13}$`));
    const leadResponse = page.waitForResponse((r) => r.url().endsWith('/api/leads') && r.request().method() === 'POST');
    const popup = context.waitForEvent('page');
    await dialog.getByRole('button', { name: 'Book Now' }).click();
    const lead = await leadResponse;
    expect(lead.status()).toBe(201);
    expect(lead.request().postDataJSON()).toMatchObject({ hotelId: hotel.id, referralId: ref });
    expect(await lead.json()).toMatchObject({ referralId: ref });
    await popup;

    // The hotel's email names the traveller from the account and carries the same referral id.
    await expect
      .poll(async () => {
        const emails = (await (await request.get(`${MAILDEV}/api/email`)).json()) as { subject: string; text?: string }[];
        return emails.find((e) => (e.text ?? '').includes(`Referral ID: ${ref}`))?.subject ?? null;
      }, { timeout: 30_000 })
      .toBe(`New lead for ${hotel.name}: Sharon Tester`);
  });

  test('a visitor sees no sharing notice, and their lead is anonymous', async ({ page, context, request }) => {
    const hotel = await firstBookableHotel(request);
    await context.route(/^https:\/\/[^/]*\.example\//, (route) => route.fulfill({ contentType: 'text/html', body: 'ok' }));
    await page.goto(`/hotels/${hotel.slug}`);
    await page.getByRole('button', { name: 'Book Now' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: `Book ${hotel.name}` })).toBeVisible();
    await expect(dialog.getByTestId('booking-url')).toContainText(`ref=RR_${hotel.id}_`);
    await expect(dialog.getByTestId('lead-sharing-notice')).toHaveCount(0);
    await expect(dialog.getByText('will be shared with')).toHaveCount(0);

    const leadResponse = page.waitForResponse((r) => r.url().endsWith('/api/leads') && r.request().method() === 'POST');
    const popup = context.waitForEvent('page');
    await dialog.getByRole('button', { name: 'Book Now' }).click();
    const lead = await leadResponse;
    expect(lead.status()).toBe(201);
    expect(lead.request().postDataJSON()).toMatchObject({ userId: null, name: null, email: null });
    await popup;
  });
});
