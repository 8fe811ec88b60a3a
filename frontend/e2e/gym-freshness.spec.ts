import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { adminToken, API, approveApi, createListingApi, deleteListingApi, expect, newProvider, newTraveller, signInWithToken, test } from './doc2-support';

/**
 * Gym facts that say how old they are, in the browser at 375 and 1280 px: the hotel page says who confirmed the facts
 * and when, a traveller confirms them or reports a change (the report is then shown, dated), the gym score shows its
 * confidence; the provider's edit page confirms in one step and answers the report (disputes it with a note); the admin
 * queue shows the dispute and closes it. Screenshots in SHOTS_DIR.
 */
const shots = process.env.SHOTS_DIR ?? '/tmp/shots-gym-freshness';
const widths = [375, 1280] as const;

const shot = (page: Page, name: string) => page.screenshot({ path: `${shots}/${name}.png`, fullPage: false });

/** axe finds nothing serious or critical in the part of the page under test. */
async function expectAccessible(page: Page, include: string) {
  const results = await new AxeBuilder({ page }).include(include).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
}

for (const width of widths) {
  test(`travellers confirm and report, the provider answers, the admin closes (${width} px)`, async ({ page, request }) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    const provider = await newProvider(request);
    const admin = await adminToken(request);
    const listing = await createListingApi(request, provider.token, { rawEquipment: ['Power rack', 'Cable station', 'Dumbbells 2-40kg', 'Treadmill'] });
    await approveApi(request, admin, listing.id);
    try {
      // A traveller on the hotel page: who confirmed and when, then confirm once and report a change.
      const traveller = await newTraveller(request);
      await signInWithToken(page, traveller.token, `/hotels/${listing.slug}`);
      const freshness = page.getByTestId('gym-facts-freshness');
      await expect(freshness.getByTestId('gym-facts-confirmed')).toHaveText('Confirmed by the hotel today');
      await expect(page.getByTestId('gym-score-confidence')).toHaveText('High confidence: the gym facts are recent and no change is reported');
      await freshness.getByRole('button', { name: 'These facts are still right' }).click();
      await expect(freshness.getByRole('button', { name: 'You confirmed these facts this month' })).toBeDisabled();
      const month = new Date().toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
      await expect(freshness.getByTestId('gym-facts-confirmed')).toHaveText(`Confirmed by the hotel today·1 traveller confirmed in ${month}`);

      await freshness.getByRole('button', { name: 'Report a change' }).click();
      const dialog = page.getByRole('dialog', { name: 'Report a change' });
      // Nothing chosen, nothing written: the form says what is missing and sends nothing.
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await expect(dialog.getByText('Choose what has changed')).toBeVisible();
      await expect(dialog.getByText(/Please say what has changed/)).toBeVisible();
      await dialog.getByLabel('An item is missing or broken').check();
      await dialog.getByLabel('What is different?').fill('Cable station out of order');
      await shot(page, `report-dialog-${width}`);
      await expectAccessible(page, '[role="dialog"]');
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await expect(dialog).toBeHidden();
      const today = new Date();
      const dated = `${today.getUTCDate()} ${today.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' })}`;
      await expect(freshness.getByTestId('gym-report')).toHaveText(`A traveller reported on ${dated}: Cable station out of order`);
      await expect(page.getByTestId('gym-score-confidence')).toContainText('Medium confidence: the score counts its facts at 85 % (1 open report of a change)');
      await freshness.scrollIntoViewIfNeeded();
      await shot(page, `hotel-page-report-${width}`);
      await expectAccessible(page, '[data-testid="gym-facts-freshness"]');
      await expectAccessible(page, '[data-testid="gym-score-panel"]');

      // A visitor reads the same and is offered a sign-in.
      const visitor = await page.context().browser()!.newPage({ viewport: { width, height: 900 } });
      await visitor.goto(`/hotels/${listing.slug}`);
      await expect(visitor.getByTestId('gym-report')).toHaveText(`A traveller reported on ${dated}: Cable station out of order`);
      await expect(visitor.getByTestId('gym-facts-freshness')).toContainText('Sign in to confirm these facts or report a change.');
      await visitor.close();

      // The provider's dashboard says a report waits; its link (the reminder email's) opens the edit page's panel:
      // confirm in one step, then dispute the report with a note.
      await signInWithToken(page, provider.token, '/provider/dashboard');
      const card = page.getByTestId('listing-card').filter({ hasText: listing.name });
      await expect(card.getByTestId('listing-gym-facts-notice')).toHaveText('1 traveller report to answer. Answer or confirm the gym facts');
      await card.getByTestId('listing-gym-facts-notice').scrollIntoViewIfNeeded();
      await shot(page, `dashboard-card-${width}`);
      await card.getByRole('link', { name: 'Answer or confirm the gym facts' }).click();
      await expect(page).toHaveURL(new RegExp(`/edit-hotel/${listing.id}\\?confirm=gym-facts#gym-facts$`));
      const panel = page.getByTestId('gym-facts-panel');
      await expect(panel).toBeInViewport();
      await expect(panel.getByTestId('provider-gym-report')).toContainText('Cable station out of order');
      await panel.getByRole('button', { name: 'Confirm these facts are current' }).click();
      await expect(panel.getByTestId('gym-facts-panel-status')).toContainText('Confirmed by the hotel today');
      await panel.getByRole('button', { name: 'Dispute' }).click();
      await panel.getByRole('button', { name: 'Send dispute' }).click();
      await expect(panel.getByText('Please add a note saying why the facts are right (the traveller and our team read it)')).toBeVisible();
      await panel.getByLabel('Why the facts are right').fill('The cable station was repaired on Monday');
      await shot(page, `provider-panel-${width}`);
      await expectAccessible(page, '[data-testid="gym-facts-panel"]');
      await panel.getByRole('button', { name: 'Send dispute' }).click();
      await expect(panel.getByTestId('provider-gym-report')).toContainText('You disputed it: The cable station was repaired on Monday');

      // The hotel page shows the hotel's answer beside the report.
      await page.goto(`/hotels/${listing.slug}`);
      await expect(page.getByTestId('gym-report')).toContainText('The hotel says the facts are right');
      await expect(page.getByTestId('gym-report')).toContainText('The cable station was repaired on Monday');

      // The admin queue: the disputed report, closed by "Hotel is right".
      await signInWithToken(page, admin, '/admin');
      await page.getByRole('tab', { name: /Gym Reports/ }).click();
      const item = page.getByTestId('gym-reports-queue-item').filter({ hasText: listing.name });
      await expect(item).toContainText('Disputed by the hotel');
      await expect(item).toContainText('The hotel says: The cable station was repaired on Monday');
      await item.scrollIntoViewIfNeeded();
      await shot(page, `admin-queue-${width}`);
      await expectAccessible(page, '[data-testid="gym-reports-queue"]');
      await item.getByLabel(/^Note/).fill('Checked with the hotel');
      await item.getByRole('button', { name: 'Hotel is right: dismiss' }).click();
      await expect(page.getByTestId('gym-reports-queue-item').filter({ hasText: listing.name })).toHaveCount(0);
      const after = await (await request.get(`${API}/api/hotels/${listing.id}/gym-facts`)).json();
      expect(after.reports).toEqual([]);
    } finally {
      await deleteListingApi(request, provider.token, listing.id);
    }
  });
}
