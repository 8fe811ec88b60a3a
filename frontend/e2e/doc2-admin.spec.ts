import { adminToken, API, approveApi, createListingApi, deleteListingApi, expect, newProvider, newTraveller, signInWithToken, test, toastWith, unique } from './doc2-support';

test.describe('admin dashboard', () => {
  test('a non-admin on /admin sees Access Denied', async ({ page, request }) => {
    const traveller = await newTraveller(request);
    await signInWithToken(page, traveller.token, '/admin');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
    await expect(page.getByText('Manage hotels, reviews, and platform content.')).toHaveCount(0);
  });

  test('the admin sees the summary cards and tabs, and creates a hotel with the dialog', async ({ page, request }) => {
    const token = await adminToken(request);
    await signInWithToken(page, token, '/admin');
    await expect(page.getByText('Manage hotels, reviews, and platform content.')).toBeVisible();
    for (const card of ['Total Hotels', 'Total Reviews', 'Premium Hotels', 'Total Clicks']) await expect(page.getByText(card, { exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: /Hotels Management/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('hotels-table')).toBeVisible({ timeout: 30_000 });
    for (const column of ['Name', 'Location', 'Gym Access', 'Price', 'Status', 'Clicks', 'Actions']) {
      await expect(page.getByTestId('hotels-table').getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }

    const name = unique('E2E Admin Palace');
    await page.getByRole('button', { name: 'Add Hotel' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Add New Hotel' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Create Hotel' }).click();
    await expect(dialog.getByText('Hotel name is required')).toBeVisible();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('City').selectOption({ label: 'Tokyo, Japan' });
    await dialog.getByLabel('Address').fill('1-1 Test, Shibuya');
    await dialog.getByLabel('Description').fill('An admin-created hotel.');
    await dialog.getByLabel('Price per night').fill('45000');
    await dialog.getByLabel('Currency').selectOption('JPY');
    await dialog.getByLabel('Gym access type').selectOption('nearby');
    await dialog.getByLabel('Booking URL').fill('https://book.e2e.example/admin');
    await dialog.getByLabel('Premium hotel').check();

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/hotels', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await held;
      return route.fallback();
    });
    const posted = page.waitForRequest((r) => r.url().endsWith('/api/hotels') && r.method() === 'POST');
    await dialog.getByRole('button', { name: 'Create Hotel' }).click();
    const body = (await posted).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ name, pricePerNight: '45000.00', currency: 'JPY', gymAccessType: 'nearby', isPremium: true });
    expect(body).not.toHaveProperty('latitude');
    await expect(dialog.getByRole('button', { name: 'Create Hotel' })).toBeDisabled();
    release();
    await expect(toastWith(page, 'Success', 'Hotel created!')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // The form is reset for the next hotel.
    await page.getByRole('button', { name: 'Add Hotel' }).click();
    await expect(page.getByRole('dialog').getByLabel('Name')).toHaveValue('');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    const found = await request.get(`${API}/api/hotels/search?query=${encodeURIComponent(name)}`);
    const created = ((await found.json()) as { items: Array<{ id: number; isPremium: boolean; currency: string }> }).items[0];
    expect(created).toMatchObject({ isPremium: true, currency: 'JPY' });
    await request.delete(`${API}/api/hotels/${created?.id}`, { headers: { Authorization: `Bearer ${token}` } });
  });

  test('a failed create shows the spec error toast and keeps the dialog open', async ({ page, request }) => {
    await signInWithToken(page, await adminToken(request), '/admin');
    await page.route('**/api/hotels', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '{}' }) : route.fallback()));
    await page.getByRole('button', { name: 'Add Hotel' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Will Fail');
    await dialog.getByLabel('City').selectOption({ label: 'Tokyo, Japan' });
    await dialog.getByLabel('Address').fill('Nowhere');
    await dialog.getByRole('button', { name: 'Create Hotel' }).click();
    await expect(toastWith(page, 'Error', 'Failed to create hotel. Please try again.')).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test('Reviews Moderation shows its empty state when nothing is pending', async ({ page, request }) => {
    await page.route(/\/api\/reviews\?status=pending/, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
    await page.route(/\/api\/admin\/reviews\?status=pending/, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ items: [], total: 0, page: 1, pageSize: 25 }) }));
    await signInWithToken(page, await adminToken(request), '/admin');
    await page.getByRole('tab', { name: /Reviews Moderation/ }).click();
    await expect(page.getByText('No pending reviews')).toBeVisible();
    await expect(page.getByText('All reviews have been moderated.')).toBeVisible();
  });

  test('editing a hotel priced in AED and saving without touching anything changes nothing', async ({ page, request }) => {
    const token = await adminToken(request);
    const name = unique('E2E Dirham Tower');
    const createdAnswer = await request.post(`${API}/api/hotels`, {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        name, cityId: 5, address: '1 Marina Walk', description: 'Priced in dirhams.', pricePerNight: 2600, currency: 'AED', gymAccessType: 'partnered',
        images: ['/images/hotels/h19/hero.jpg'], bookingUrl: 'https://book.e2e.example/dirham', isPremium: true, latitude: 25.08, longitude: 55.14,
      },
    });
    expect(createdAnswer.status(), await createdAnswer.text()).toBe(201);
    const before = (await createdAnswer.json()) as Record<string, unknown> & { id: number };
    try {
      await signInWithToken(page, token, '/admin');
      await page.getByLabel('Filter hotels').fill(name);
      await page.getByRole('button', { name: `Edit ${name}` }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { name: 'Edit Hotel' })).toBeVisible();
      await expect(dialog.getByLabel('Currency')).toHaveValue('AED');
      await expect(dialog.getByLabel('City')).toHaveValue('5');
      const put = page.waitForRequest((r) => r.url().endsWith(`/api/hotels/${before.id}`) && r.method() === 'PUT');
      await dialog.getByRole('button', { name: 'Update Hotel' }).click();
      expect((await put).postDataJSON()).toEqual({});
      await expect(toastWith(page, 'Success', 'Hotel updated!')).toBeVisible();
      const after = (await (await request.get(`${API}/api/hotels/${before.id}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as Record<string, unknown>;
      const { updatedAt: _before, ...stable } = before;
      expect(after).toMatchObject({ ...stable, currency: 'AED', pricePerNight: 2600, imageUrl: '/images/hotels/h19/hero.jpg' });
    } finally {
      await request.delete(`${API}/api/hotels/${before.id}`, { headers: { Authorization: `Bearer ${token}` } });
    }
  });

  test("a provider's new booking URL for a live listing waits in Pending Listings (old → new) until the admin approves it", async ({ page, request }) => {
    const admin = await adminToken(request);
    const provider = await newProvider(request);
    const listing = await createListingApi(request, provider.token);
    await approveApi(request, admin, listing.id);
    const edited = await request.put(`${API}/api/provider/hotels/${listing.id}`, {
      headers: { Authorization: `Bearer ${provider.token}` },
      data: { bookingUrl: 'https://unreviewed.e2e.example/book' },
    });
    expect(edited.status()).toBe(200);
    try {
      const live = async () => ((await (await request.get(`${API}/api/hotels/${listing.id}`)).json()) as { bookingUrl: string }).bookingUrl;
      expect(await live()).toBe('https://book.e2e.example/stay');

      await signInWithToken(page, admin, '/admin');
      await page.getByRole('tab', { name: /Pending Listings/ }).click();
      const card = page.getByTestId('pending-revision').filter({ hasText: listing.name });
      await expect(card).toBeVisible();
      const change = card.getByTestId('revision-change');
      await expect(change).toContainText('Booking URL');
      await expect(change).toContainText('https://book.e2e.example/stay');
      await expect(change).toContainText('https://unreviewed.e2e.example/book');
      await card.getByRole('button', { name: `Approve changes to ${listing.name}` }).click();
      await expect(toastWith(page, 'Changes Approved')).toBeVisible();
      await expect(card).toHaveCount(0);
      expect(await live()).toBe('https://unreviewed.e2e.example/book');
    } finally {
      await deleteListingApi(request, provider.token, listing.id);
    }
  });

  test('Pending Listings reads the queue a page at a time: the filter asks the catalog, "Show more listings" the next page', async ({ page, request }) => {
    test.slow();
    const provider = await newProvider(request);
    const tag = unique('E2E Queue');
    const listings = [];
    // Oldest first: created one after another, so the page order is the creation order.
    for (let i = 1; i <= 22; i += 1) listings.push(await createListingApi(request, provider.token, { name: `${tag} ${String(i).padStart(2, '0')}` }));
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/admin/hotels')) asked.push(new URL(r.url()).pathname + new URL(r.url()).search);
    });
    try {
      await signInWithToken(page, await adminToken(request), '/admin');
      await page.getByRole('tab', { name: /Pending Listings/ }).click();
      await page.getByLabel('Filter pending listings').fill(tag);
      const cards = page.getByTestId('pending-listing');
      await expect(page.getByText('22 listings match, oldest first.')).toBeVisible();
      await expect(cards).toHaveCount(20);
      await expect(cards.first().getByRole('heading')).toHaveText(`${tag} 01`);
      await page.getByRole('button', { name: 'Show more listings' }).click();
      await expect(cards).toHaveCount(22);
      await expect(cards.last().getByRole('heading')).toHaveText(`${tag} 22`);
      await expect(page.getByRole('button', { name: 'Show more listings' })).toHaveCount(0);

      const first = listings[0]!;
      await cards.filter({ hasText: first.name }).getByRole('button', { name: `Approve ${first.name}` }).click();
      await expect(toastWith(page, 'Listing Approved')).toBeVisible();
      await expect(page.getByText('21 listings match, oldest first.')).toBeVisible();
      await expect(cards.filter({ hasText: first.name })).toHaveCount(0);

      // The provider's email finds the provider's listings (and only theirs: this provider is new).
      await page.getByLabel('Filter pending listings').fill(provider.email.toUpperCase());
      await expect(page.getByText('21 listings match, oldest first.')).toBeVisible();
      await expect(cards.first().getByRole('heading')).toHaveText(`${tag} 02`);

      // The queue came from the paged table endpoint, never the whole queue at once.
      expect(asked.some((url) => url.includes('status=pending') && url.includes('page=2'))).toBe(true);
      expect(asked.filter((url) => url.startsWith('/api/admin/hotels/pending'))).toEqual([]);
    } finally {
      for (const listing of listings) await deleteListingApi(request, provider.token, listing.id);
    }
  });
});
