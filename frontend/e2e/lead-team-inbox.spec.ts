import type { APIRequestContext, Page } from '@playwright/test';
import { API, adminToken, approveApi, createListingApi, expect, newProvider, newTraveller, signInWithToken, test, toastWith } from './doc2-support';

/** A lead from a signed-in traveller, once the approved listing has reached the referral service. */
async function sendLead(request: APIRequestContext, token: string, hotelId: number, message: string) {
  let id = '';
  await expect
    .poll(
      async () => {
        const response = await request.post(`${API}/api/leads`, { headers: { Authorization: `Bearer ${token}` }, data: { shareContact: true, hotelId, message, guests: 2 } });
        if (response.status() === 201) id = ((await response.json()) as { id: string }).id;
        return response.status();
      },
      { timeout: 20_000, intervals: [250, 500, 1000] },
    )
    .toBe(201);
  return id;
}

const noSidewaysScroll = async (page: Page, width: number) => {
  const overflowing = await page.evaluate(
    (w) => [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > w + 1 && !el.closest('[class*=overflow-x-auto], .sr-only, .toast-root')).slice(0, 5).map((el) => `${el.tagName}.${el.className}`),
    width,
  );
  expect(overflowing).toEqual([]);
};

test.describe('a team\'s lead inbox', () => {
  for (const width of [375, 1280]) {
    test(`each lead shows its message and a mailto link, takes a note and an owner, and the property's lead emails are chosen at ${width} px`, async ({ page, request }) => {
      test.slow();
      const provider = await newProvider(request);
      const listing = await createListingApi(request, provider.token);
      await approveApi(request, await adminToken(request), listing.id);
      const rhea = await newTraveller(request, 'Rhea');
      await sendLead(request, rhea.token, listing.id, 'Is the squat rack free at 6am?\nWe train early.');
      await page.setViewportSize({ width, height: 900 });
      await signInWithToken(page, provider.token, `/provider/dashboard?tab=leads&hotel=${listing.id}`);

      const lead = page.getByTestId(width < 768 ? 'lead-card' : 'lead-row').filter({ hasText: rhea.email });
      await expect(lead.getByTestId('lead-message')).toContainText('Is the squat rack free at 6am?');
      await expect(lead.getByTestId('lead-email')).toHaveAttribute('href', `mailto:${rhea.email}`);
      if (width < 768) {
        // The card fits the phone: no wider than the screen.
        const box = await lead.boundingBox();
        expect(box!.width).toBeLessThanOrEqual(width);
        await noSidewaysScroll(page, width);
      }

      await lead.getByRole('button', { name: 'Take lead' }).click();
      await expect(lead.getByTestId('lead-assignee')).toHaveText('Taken by you');
      await lead.getByLabel(/Note on the lead from Rhea/).fill('Called back: wants a room near the gym');
      await lead.getByRole('button', { name: 'Save note' }).click();
      await expect(toastWith(page, 'Note saved')).toBeVisible();

      // Who is emailed for this property's leads: a bad address is refused with the server's message; good ones saved.
      const routing = page.getByTestId('lead-routing');
      await routing.getByLabel('Addresses').fill('front-desk@hotel.example\nnot an address');
      await routing.getByRole('button', { name: 'Save lead emails' }).click();
      await expect(routing.getByRole('alert')).toContainText('Each recipient must be one valid email address');
      await routing.getByLabel('Addresses').fill('front-desk@hotel.example\nsales@hotel.example');
      await expect(routing.getByRole('radio', { name: 'Each lead at once' })).toBeChecked();
      await routing.getByRole('radio', { name: 'One digest a day (08:00 UTC)' }).check();
      await routing.getByRole('button', { name: 'Save lead emails' }).click();
      await expect(toastWith(page, 'Lead emails saved')).toContainText('in one digest a day at 08:00 UTC');
      if (width < 768) await noSidewaysScroll(page, width);
      await page.screenshot({ path: `test-results/lead-team-inbox-${width}.png`, fullPage: true });

      // All of it is kept.
      await page.reload();
      const again = page.getByTestId(width < 768 ? 'lead-card' : 'lead-row').filter({ hasText: rhea.email });
      await expect(again.getByTestId('lead-assignee')).toHaveText('Taken by you');
      await expect(again.getByLabel(/Note on the lead from Rhea/)).toHaveValue('Called back: wants a room near the gym');
      await expect(page.getByTestId('lead-routing').getByLabel('Addresses')).toHaveValue('front-desk@hotel.example\nsales@hotel.example');
      await expect(page.getByTestId('lead-routing').getByRole('radio', { name: 'One digest a day (08:00 UTC)' })).toBeChecked();
    });
  }
});
