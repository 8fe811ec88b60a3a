import { API, approveApi, adminToken, createListingApi, deleteListingApi, expect, newProvider, newTraveller, signInWithToken, test, toastWith, unique } from './doc2-support';

test.describe('provider area', () => {
  test('a provider adds a listing: Pending Review on the dashboard and absent from search until an admin approves it', async ({ page, request }) => {
    // The longest journey of the file (two accounts, eight page loads, a search that waits for the approval): 13-16 s
    // on a quiet machine; past the 45 s default in both tries of a CI run whose browser stage alone took 1,606 s.
    test.slow();
    const provider = await newProvider(request);
    const name = unique('E2E Barbell Inn');
    await signInWithToken(page, provider.token, '/provider/dashboard');
    await expect(page.getByRole('heading', { name: 'Provider Dashboard' })).toBeVisible();
    await expect(page.getByText('No listings yet')).toBeVisible();

    await page.goto('/provider/listings/new');
    await expect(page.getByRole('heading', { name: 'Add a New Listing' })).toBeVisible();
    await expect(page.getByText('Review takes 2-3 business days')).toBeVisible();
    await page.getByLabel('Price per night').fill('');
    await page.getByRole('button', { name: 'Submit for Review' }).click();
    await expect(page.getByText('Hotel name is required')).toBeVisible();
    await expect(page.getByText('Address is required')).toBeVisible();
    await expect(page.getByText('Booking URL is required')).toBeVisible();

    await page.getByLabel('Hotel name').fill(name);
    await page.getByLabel('Description').fill('A quiet hotel with a proper lifting platform and a rower.');
    await page.getByLabel('Gym access').selectOption('on-site');
    for (const item of ['Squat rack', 'Rower', 'Sauna']) await page.getByRole('checkbox', { name: item, exact: true }).check();
    await page.getByLabel('Address').fill('12 Deadlift Lane');
    await page.getByLabel('City').selectOption({ label: 'London, United Kingdom' });
    await page.getByLabel('Price per night').fill('185.50');
    await page.getByLabel('Currency').selectOption('GBP');
    await page.getByLabel('Booking URL').fill('ftp://not-a-web-address');
    await page.getByRole('button', { name: 'Submit for Review' }).click();
    await expect(page.getByText('Booking URL must be a valid http(s) URL')).toBeVisible();
    await page.getByLabel('Booking URL').fill('https://book.e2e.example/barbell');
    await page.getByRole('button', { name: 'Submit for Review' }).click();

    await expect(page).toHaveURL(/\/provider\/dashboard$/);
    const card = page.getByTestId('listing-card').filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card.getByText('Pending Review')).toBeVisible();
    await expect(card.getByText('£186')).toBeVisible();
    await expect(page.getByTestId('stat-listings-value')).toHaveText('1');

    // Not public while pending: neither the search API nor the search page shows it.
    const before = await request.get(`${API}/api/hotels/search?query=${encodeURIComponent(name)}`);
    expect(((await before.json()) as { total: number }).total).toBe(0);
    await page.goto(`/search?query=${encodeURIComponent(name)}`);
    await expect(page.getByText(`No hotels found in '${name}'`)).toBeVisible();

    // An admin approves it from the Pending Listings tab.
    await signInWithToken(page, await adminToken(request), '/admin');
    await page.getByRole('tab', { name: /Pending Listings/ }).click();
    await page.getByLabel('Filter pending listings').fill(name);
    const pending = page.getByTestId('pending-listing').filter({ hasText: name });
    await expect(pending).toBeVisible({ timeout: 30_000 });
    await pending.getByRole('button', { name: `Approve ${name}` }).click();
    await expect(toastWith(page, 'Listing Approved')).toBeVisible();
    await expect(pending).toHaveCount(0);

    await expect
      .poll(async () => ((await (await request.get(`${API}/api/hotels/search?query=${encodeURIComponent(name)}`)).json()) as { total: number }).total)
      .toBe(1);
    await page.goto(`/search?query=${encodeURIComponent(name)}`);
    await expect(page.getByTestId('hotel-card').filter({ hasText: name })).toBeVisible();

    await signInWithToken(page, provider.token, '/provider/dashboard');
    const approved = page.getByTestId('listing-card').filter({ hasText: name });
    await expect(approved.getByText('Approved')).toBeVisible();
    const id = Number((await approved.getByRole('link', { name: `View ${name}` }).getAttribute('href'))?.split('/').pop());
    await deleteListingApi(request, provider.token, id);
  });

  test('a provider edits a listing, then deletes it after confirming', async ({ page, request }) => {
    const provider = await newProvider(request);
    const listing = await createListingApi(request, provider.token);
    const renamed = unique('E2E Renamed Lofts');
    await signInWithToken(page, provider.token, '/provider/dashboard');
    const card = page.getByTestId('listing-card').filter({ hasText: listing.name });
    await card.getByRole('link', { name: `Edit ${listing.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/edit-hotel/${listing.id}$`));
    await expect(page.getByLabel('Hotel name')).toHaveValue(listing.name);
    await expect(page.getByLabel('Price per night')).toHaveValue('210');
    await page.getByLabel('Hotel name').fill(renamed);
    await page.getByLabel('Description').fill('Now with a second squat rack.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toastWith(page, 'Listing Updated')).toBeVisible();
    await expect(page).toHaveURL(/\/provider\/dashboard$/);
    const renamedCard = page.getByTestId('listing-card').filter({ hasText: renamed });
    await expect(renamedCard.getByText('Now with a second squat rack.')).toBeVisible();

    // The view button opens the listing's page, even while it is pending.
    await renamedCard.getByRole('link', { name: `View ${renamed}` }).click();
    await expect(page).toHaveURL(new RegExp(`/hotels/${listing.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await page.goBack();

    await renamedCard.getByRole('button', { name: `Delete ${renamed}` }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByText('Delete this listing?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(renamedCard).toBeVisible();
    await renamedCard.getByRole('button', { name: `Delete ${renamed}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Listing' }).click();
    await expect(toastWith(page, 'Hotel Deleted', 'Hotel listing has been removed successfully.')).toBeVisible();
    await expect(renamedCard).toHaveCount(0);
    await expect(page.getByText('No listings yet')).toBeVisible();
  });

  test('a failed delete shows the "Error" toast and keeps the listing', async ({ page, request }) => {
    const provider = await newProvider(request);
    const listing = await createListingApi(request, provider.token);
    await signInWithToken(page, provider.token, '/provider/dashboard');
    await page.route(`**/api/provider/hotels/${listing.id}`, (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Database unavailable' }) }) : route.fallback(),
    );
    const card = page.getByTestId('listing-card').filter({ hasText: listing.name });
    await card.getByRole('button', { name: `Delete ${listing.name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Listing' }).click();
    await expect(toastWith(page, 'Error')).toBeVisible();
    await expect(card).toBeVisible();
    await deleteListingApi(request, provider.token, listing.id);
  });

  test('a failed submission shows "Failed to Add Hotel"', async ({ page, request }) => {
    const provider = await newProvider(request);
    await signInWithToken(page, provider.token, '/add-hotel');
    await page.route('**/api/provider/hotels', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Catalog is busy' }) }) : route.fallback(),
    );
    await page.getByLabel('Hotel name').fill(unique('E2E Never Saved'));
    await page.getByLabel('Address').fill('1 Nowhere Road');
    await page.getByLabel('City', { exact: true }).selectOption({ label: 'London, United Kingdom' });
    await page.getByLabel('Booking URL').fill('https://book.e2e.example/never');
    await page.getByRole('button', { name: 'Submit for Review' }).click();
    await expect(toastWith(page, 'Failed to Add Hotel', 'Catalog is busy')).toBeVisible();
    await expect(page).toHaveURL(/\/add-hotel$/);
  });

  test('non-providers: /add-hotel explains, /provider/listings/new and the dashboard redirect to setup', async ({ page, request }) => {
    const traveller = await newTraveller(request);
    await signInWithToken(page, traveller.token, '/add-hotel');
    await expect(page.getByRole('heading', { name: 'Provider Access Required' })).toBeVisible();
    await page.getByRole('link', { name: 'Become a Provider' }).click();
    await expect(page).toHaveURL(/\/provider\/setup$/);

    await page.goto('/provider/listings/new');
    await expect(page).toHaveURL(/\/provider\/setup$/);
    await page.goto('/provider-dashboard');
    await expect(page).toHaveURL(/\/provider\/setup$/);
  });

  test('a traveller books through a hotel and the provider sees the lead in Lead Analytics', async ({ page, context, request }) => {
    const provider = await newProvider(request);
    const listing = await createListingApi(request, provider.token);
    await approveApi(request, await adminToken(request), listing.id);
    const traveller = await newTraveller(request, 'Lena');

    await context.route(/book\.e2e\.example/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Booked</title>ok' }));
    await signInWithToken(page, traveller.token, `/hotels/${listing.id}`);
    await page.getByRole('button', { name: 'Book Now' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Check-in').fill('2031-05-10');
    await dialog.getByLabel('Check-out').fill('2031-05-12');
    await dialog.getByLabel('Adults').fill('2');
    await dialog.getByRole('checkbox', { name: `Share my name and email with ${listing.name} so they can contact me` }).check();
    const popup = context.waitForEvent('page');
    await dialog.getByRole('button', { name: /Book Now/ }).click();
    await (await popup).close();

    await signInWithToken(page, provider.token, '/provider/dashboard');
    await page.getByRole('tab', { name: 'Lead Analytics' }).click();
    const row = page.getByTestId('lead-table').getByRole('row').filter({ hasText: traveller.email });
    await expect(row).toBeVisible({ timeout: 20_000 });
    await expect(row).toContainText(listing.name);
    await expect(row).toContainText('Lena Tester');
    await expect(row).toContainText('May 10, 2031');
    await expect(row.getByRole('cell').nth(6)).toHaveText('2');
    await expect(row.getByTestId('lead-referral-id')).toHaveText(new RegExp(`^RR_${listing.id}_\\d{13}$`));
    await expect(page.getByTestId('stat-leads-value')).toHaveText('1');
    await expect(page.getByTestId('stat-month-value')).toHaveText('1');
    await deleteListingApi(request, provider.token, listing.id);
  });

  test("editing a live listing's booking URL keeps the approved one public and tells the provider it awaits review", async ({ page, request }) => {
    const provider = await newProvider(request);
    const listing = await createListingApi(request, provider.token);
    await approveApi(request, await adminToken(request), listing.id);
    try {
      await signInWithToken(page, provider.token, `/edit-hotel/${listing.id}`);
      await expect(page.getByRole('heading', { name: 'Edit Listing' })).toBeVisible();
      await expect(page.getByTestId('pending-changes-notice')).toHaveCount(0);
      await page.getByLabel('Booking URL').fill('https://new-site.e2e.example/book');
      await page.getByLabel('Description').fill('Fresh description, live at once.');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(toastWith(page, 'Changes Submitted for Review')).toBeVisible();
      await expect(page).toHaveURL(/\/provider\/dashboard$/);
      await expect(page.getByTestId('changes-awaiting-review')).toContainText(listing.name);

      const live = (await (await request.get(`${API}/api/hotels/${listing.id}`)).json()) as { bookingUrl: string; description: string };
      expect(live).toMatchObject({ bookingUrl: 'https://book.e2e.example/stay', description: 'Fresh description, live at once.' });

      await page.goto(`/edit-hotel/${listing.id}`);
      const notice = page.getByTestId('pending-changes-notice');
      await expect(notice).toContainText('Your changes are awaiting review');
      await expect(notice).toContainText('Booking URL: https://book.e2e.example/stay → https://new-site.e2e.example/book');
      await expect(page.getByLabel('Booking URL')).toHaveValue('https://new-site.e2e.example/book');
    } finally {
      await deleteListingApi(request, provider.token, listing.id);
    }
  });
});
