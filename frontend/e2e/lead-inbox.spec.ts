import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { API, approveApi, adminToken, createListingApi, deleteListingApi, expect, newProvider, newTraveller, signInWithToken, test } from './doc2-support';

/** No serious or critical axe-core violations on the page as it is now. */
async function expectAccessible(page: Page) {
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
}

/** A lead from a signed-in traveller, once the approved listing has reached the referral service. */
async function sendLead(request: APIRequestContext, token: string, hotelId: number, stay: { checkInDate: string; checkOutDate: string; guests: number }) {
  let answer = { status: 0, body: {} as { id?: string; referralId?: string } };
  await expect
    .poll(
      async () => {
        const response = await request.post(`${API}/api/leads`, { headers: { Authorization: `Bearer ${token}` }, data: { shareContact: true, hotelId, ...stay } });
        answer = { status: response.status(), body: (await response.json()) as typeof answer.body };
        return answer.status;
      },
      { timeout: 20_000, intervals: [250, 500, 1000] },
    )
    .toBe(201);
  return answer.body as { id: string; referralId: string };
}

test.describe('lead inbox', () => {
  test('a provider sets a lead\'s status, filters by it (kept in the URL) and exports the filtered leads as CSV', async ({ page, request }) => {
    const provider = await newProvider(request);
    const listing = await createListingApi(request, provider.token);
    await approveApi(request, await adminToken(request), listing.id);
    const [rhea, omar] = await Promise.all([newTraveller(request, 'Rhea'), newTraveller(request, 'Omar')]);
    const rheasLead = await sendLead(request, rhea.token, listing.id, { checkInDate: '2031-06-01', checkOutDate: '2031-06-04', guests: 2 });
    const omarsLead = await sendLead(request, omar.token, listing.id, { checkInDate: '2031-07-10', checkOutDate: '2031-07-12', guests: 3 });

    // The lead email's link opens the inbox tab directly.
    await signInWithToken(page, provider.token, '/provider/dashboard?tab=leads');
    const table = page.getByTestId('lead-table');
    await expect(table.getByTestId('lead-row')).toHaveCount(2);
    await expect(page.getByTestId('lead-count')).toHaveText('Showing 1–2 of 2 leads');
    const rheasRow = table.getByTestId('lead-row').filter({ hasText: rhea.email });
    await expect(rheasRow).toContainText('Jun 1, 2031');
    await expect(rheasRow).toContainText('Jun 4, 2031');
    await expect(rheasRow.getByTestId('lead-referral-id')).toHaveText(rheasLead.referralId);

    // The status changes at once and is saved.
    const patched = page.waitForResponse((r) => r.url().endsWith(`/api/provider/leads/${rheasLead.id}`) && r.request().method() === 'PATCH');
    await rheasRow.getByRole('combobox', { name: /Status of the lead from Rhea Tester/ }).selectOption('booked');
    expect((await patched).status()).toBe(200);
    await page.reload();
    await expect(table.getByTestId('lead-row').filter({ hasText: rhea.email }).getByRole('combobox')).toHaveValue('booked');

    // Filtering by status keeps the filter in the URL, and a reload keeps it.
    await page.getByLabel('Status', { exact: true }).selectOption('booked');
    await expect(page).toHaveURL(/[?&]status=booked/);
    await expect(table.getByTestId('lead-row')).toHaveCount(1);
    await expect(table).not.toContainText(omar.email);
    await page.getByLabel('Hotel', { exact: true }).selectOption(String(listing.id));
    await expect(page).toHaveURL(new RegExp(`[?&]hotel=${listing.id}`));
    await page.reload();
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('booked');
    await expect(table.getByTestId('lead-row')).toHaveCount(1);

    // Export CSV downloads what the filters show, with the file name the server gives.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^reproute-leads-hotel-${listing.id}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const csv = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Referral ID,Date,Hotel,Customer,Email,Check-in,Check-out,Guests,Status,Message');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(rheasLead.referralId);
    expect(lines[1]).toContain(',2031-06-01,2031-06-04,2,booked,');
    expect(csv).not.toContain(omarsLead.referralId);

    // Dates outside every lead: the filtered empty state, and Clear filters brings both back.
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-01-31');
    await expect(page.getByText('No leads match these filters')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(table.getByTestId('lead-row')).toHaveCount(2);
    await expect(page).toHaveURL(/\/provider\/dashboard\?tab=leads$/);
    await page.screenshot({ path: test.info().outputPath('lead-inbox-desktop.png'), fullPage: true });
    await expectAccessible(page);

    // On a phone the leads are cards with their own status control, and nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    const cards = page.getByTestId('lead-cards');
    await expect(cards.getByTestId('lead-card')).toHaveCount(2);
    await expect(cards.getByTestId('lead-card').filter({ hasText: rhea.email }).getByRole('combobox')).toHaveValue('booked');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: test.info().outputPath('lead-inbox-phone.png'), fullPage: true });
    await expectAccessible(page);

    await deleteListingApi(request, provider.token, listing.id);
  });
});
