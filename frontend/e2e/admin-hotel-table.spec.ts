import type { Page } from '@playwright/test';
import { adminToken, API, deleteHotelApi, expect, signInWithToken, test, unique } from './doc2-support';

// 26 approved hotels and 1 pending one share a tag, so the table's text filter shows only them: two pages of 25.
const tag = unique('Tbl').split(' ')[1]!;
const createdIds: number[] = [];

test.beforeAll(async ({ request }) => {
  const token = await adminToken(request);
  for (let n = 1; n <= 27; n += 1) {
    const pending = n === 27;
    const response = await request.post(`${API}/api/hotels`, {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        name: `E2E Table ${tag} ${String(n).padStart(2, '0')}`,
        address: `${n} Table Street`,
        cityId: 1,
        pricePerNight: '120.00',
        currency: 'USD',
        gymAccessType: 'on-site',
        bookingUrl: 'https://book.e2e.example/table',
        isApproved: !pending,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    createdIds.push(((await response.json()) as { id: number }).id);
  }
});

test.afterAll(async ({ request }) => {
  const token = await adminToken(request);
  for (const id of createdIds) await deleteHotelApi(request, token, id);
});

const rows = (page: Page) => page.getByTestId('admin-hotel-row');

for (const width of [375, 1280]) {
  test(`admin hotel table at ${width}px: filter, page, sort and status filter on the server, kept in the URL across a reload`, async ({ page, request }, testInfo) => {
    // Two reloads, a back and eight server round trips of the admin table: 45 s in CI runs, once past it.
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    await signInWithToken(page, await adminToken(request), '/admin');
    await expect(page.getByTestId('hotels-table')).toBeVisible({ timeout: 30_000 });
    for (const column of ['Owner', 'Created']) await expect(page.getByTestId('hotels-table').getByRole('columnheader', { name: column, exact: true })).toBeVisible();

    // Typing filters on the server; the text lands in the URL.
    await page.getByLabel('Filter hotels').fill(tag);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
    await expect(page.getByTestId('hotel-count')).toHaveText('Showing 1–25 of 27 hotels');
    await expect(rows(page)).toHaveCount(25);
    // Newest first by default: the pending hotel (created last) leads.
    await expect(rows(page).first()).toContainText(`${tag} 27`);
    await expect(page.getByRole('columnheader', { name: 'Created', exact: true })).toHaveAttribute('aria-sort', 'descending');

    // Page 2, and a reload keeps it.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(rows(page)).toHaveCount(2);
    await page.reload();
    await expect(page.getByTestId('hotel-page')).toHaveText('Page 2 of 2');
    await expect(rows(page)).toHaveCount(2);
    await expect(page.getByLabel('Filter hotels')).toHaveValue(tag);

    // Sorting by a header goes back to page 1, ascending, then flips.
    const nameHeader = page.getByRole('columnheader', { name: 'Name', exact: true });
    await nameHeader.getByRole('button').click();
    await expect(page).toHaveURL(/[?&]sort=name(&|$)/);
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(rows(page).first()).toContainText(`${tag} 01`);
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(rows(page).first()).toContainText(`${tag} 27`);
    await expect(rows(page).nth(1)).toContainText(`${tag} 26`);

    // The status filter, also kept across a reload.
    await page.getByLabel('Status').selectOption('pending');
    await expect(page).toHaveURL(/[?&]status=pending/);
    await expect(page.getByTestId('hotel-count')).toHaveText('Showing 1–1 of 1 hotel');
    await expect(rows(page).first().getByTestId('hotel-status')).toHaveText('Pending Review');
    await page.reload();
    await expect(page.getByLabel('Status')).toHaveValue('pending');
    await expect(rows(page)).toHaveCount(1);
    await expect(page.getByRole('columnheader', { name: 'Name', exact: true })).toHaveAttribute('aria-sort', 'descending');
    await page.screenshot({ path: testInfo.outputPath(`admin-table-${width}.png`), fullPage: true });

    // On a phone the table scrolls inside its region; the page itself does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).not.toHaveURL(/[?&](q|status)=/);
    await expect(page.getByLabel('Filter hotels')).toHaveValue('');
    // Back restores the filtered view, text box included.
    await page.goBack();
    await expect(page.getByLabel('Filter hotels')).toHaveValue(tag);
    await expect(page.getByLabel('Status')).toHaveValue('pending');
  });
}

test('the Audit Log tab shows an admin rejection with its reason, newest first', async ({ page, request }) => {
  const token = await adminToken(request);
  const hotelId = createdIds[0]!;
  const reason = unique('Audit reason');
  const rejected = await request.put(`${API}/api/hotels/${hotelId}/approval`, { headers: { Authorization: `Bearer ${token}` }, data: { isApproved: false, reason } });
  expect(rejected.ok(), await rejected.text()).toBe(true);
  await signInWithToken(page, token, '/admin');
  await page.getByRole('tab', { name: /Audit Log/ }).click();
  const entry = page.getByTestId('audit-entry').filter({ hasText: reason });
  await expect(entry).toBeVisible({ timeout: 15_000 });
  await expect(entry).toContainText('Rejected');
  await expect(entry).toContainText(`E2E Table ${tag} 01`);
  await expect(entry).toContainText('by admin@reproute.example');
});
