import { expect, test, toastWith, unique, waitForEmail } from './doc2-support';

test.describe('static and marketing pages', () => {
  test('terms and privacy: last updated February 2, 2025, with every section', async ({ page }) => {
    await page.goto('/terms-of-service');
    await expect(page).toHaveTitle(/Terms of Service/);
    await expect(page.getByTestId('last-updated')).toHaveText('Last updated: February 2, 2025');
    for (const section of ['Acceptance of Terms', 'Service Description', 'User Accounts', 'Hotel Provider Terms', 'Disclaimers', 'Intellectual Property', 'Termination', 'Governing Law', 'Changes to Terms', 'Contact Information']) {
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(section) })).toBeVisible();
    }
    await expect(page.getByText(/laws of the State of New York/)).toBeVisible();

    await page.goto('/privacy-policy');
    await expect(page.getByTestId('last-updated')).toHaveText('Last updated: February 2, 2025');
    for (const section of ['Information We Collect', 'How We Use Your Information', 'Information Sharing', 'Data Security', 'Your Rights', 'Cookies']) {
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(section) })).toBeVisible();
    }
  });

  test('help centre: search over questions and answers, No results found, Clear Search', async ({ page }) => {
    await page.goto('/help-center');
    for (const category of ['Getting Started', 'Booking & Reservations', 'Fitness Facilities', 'For Hotel Providers']) {
      await expect(page.getByRole('heading', { level: 3, name: category })).toBeVisible();
    }
    const search = page.getByLabel('Search the help center');
    await search.fill('squat racks');
    await expect(page.getByTestId('faq-entry')).toHaveCount(1);
    await expect(page.getByText('Can I filter hotels by equipment like squat racks or saunas?')).toBeVisible();
    // Answer text matches too, and the answer is shown.
    await search.fill('cancellation policy');
    await expect(page.getByTestId('faq-entry')).toHaveCount(1);
    await expect(page.getByText(/hold your reservation and its cancellation policy/)).toBeVisible();
    await search.fill('zebra crossing');
    await expect(page.getByText('No results found')).toBeVisible();
    await page.getByRole('button', { name: 'Clear Search', exact: true }).click();
    await expect(search).toHaveValue('');
    await expect(page.getByTestId('faq-entry')).toHaveCount(16);
    await page.getByRole('link', { name: 'Contact Support' }).click();
    await expect(page).toHaveURL(/\/contact-us$/);
  });

  test('contact us: blank fields are refused, a message is sent and reaches support by email', async ({ page, request }) => {
    await page.goto('/contact-us');
    await expect(page.getByLabel('Inquiry type')).toHaveValue('general');
    await page.getByLabel('Name').fill('   ');
    await page.getByLabel('Email').fill('ann@example.com');
    await page.getByLabel('Message').fill('  ');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(toastWith(page, 'Missing Information', 'Please fill in all required fields.')).toBeVisible();

    const subject = unique('E2E contact');
    await page.getByLabel('Name').fill('Ann Contact');
    await page.getByLabel('Inquiry type').selectOption('partnership');
    await page.getByLabel('Subject (optional)').fill(subject);
    await page.getByLabel('Message').fill('We run three hotels with large gyms and would like to partner.');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.fallback();
    });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    await expect(toastWith(page, 'Message Sent', "Thank you for contacting us! We'll get back to you within 24 hours.")).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('');
    await expect(page.getByLabel('Subject (optional)')).toHaveValue('');
    await expect(page.getByLabel('Inquiry type')).toHaveValue('general');

    const email = await waitForEmail(request, 'support@reproute.example', new RegExp(subject), 60_000);
    expect(email.subject).toContain('partnership');
    expect(email.text ?? email.html ?? '').toContain('We run three hotels');
  });

  test('contact us: a server failure shows the "Error" toast with its message', async ({ page }) => {
    await page.route('**/api/contact', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Support inbox is offline' }) }));
    await page.goto('/contact-us');
    await page.getByLabel('Name').fill('Ann');
    await page.getByLabel('Email').fill('ann@example.com');
    await page.getByLabel('Message').fill('Hello');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(toastWith(page, 'Error', 'Support inbox is offline')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('Ann');
  });

  test.describe('cookie preferences', () => {
    test.use({ consented: false });
    test('Save is enabled only with unsaved changes; the choice survives a reload and is shared with the banner', async ({ page }) => {
      await page.goto('/cookie-preferences');
      const main = page.locator('#main');
      const save = page.getByRole('button', { name: 'Save Preferences' });
      const essential = page.getByRole('switch', { name: /Essential Cookies/ });
      const analytics = page.getByRole('switch', { name: /Analytics Cookies/ });
      const marketing = page.getByRole('switch', { name: /Marketing Cookies/ });
      await expect(essential).toBeChecked();
      await expect(essential).toBeDisabled();
      await expect(save).toBeDisabled();
      await expect(page.getByTestId('consent-updated')).toHaveCount(0);

      await main.getByRole('button', { name: 'Accept All Cookies' }).click();
      await expect(analytics).toBeChecked();
      await expect(save).toBeEnabled();
      await main.getByRole('button', { name: 'Essential Only' }).click();
      await expect(analytics).not.toBeChecked();
      // Neither button saves by itself.
      expect(await page.evaluate(() => localStorage.getItem('rr_cookie_consent'))).toBeNull();

      await marketing.click();
      await save.click();
      await expect(save).toBeDisabled();
      await expect(page.getByTestId('consent-updated')).toContainText('Last updated:');
      await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
      const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('rr_cookie_consent'))) ?? '{}');
      expect(stored).toMatchObject({ version: '1.0', preferences: { necessary: true, analytics: false, marketing: true, functional: false } });

      await page.reload();
      await expect(marketing).toBeChecked();
      await expect(analytics).not.toBeChecked();
      await expect(save).toBeDisabled();
      await expect(page.getByTestId('consent-updated')).toBeVisible();
      await page.getByRole('link', { name: 'Back to Home' }).last().click();
      await expect(page).toHaveURL(/\/$/);
    });
  });

  test('business travel: tabs, stats, sample hotels, metadata and WebSite SearchAction structured data', async ({ page }) => {
    await page.goto('/business-travel');
    await expect(page).toHaveTitle('Business Travel Hotels with Great Gyms | RepRoute');
    const meta = (selector: string) => page.locator(selector).getAttribute('content');
    expect(await meta('meta[name="description"]')).toContain('business travellers');
    expect(await meta('meta[name="keywords"]')).toContain('business travel');
    expect(await meta('meta[name="robots"]')).toBe('index, follow');
    expect(await meta('meta[property="og:title"]')).toBe('Business Travel Hotels with Great Gyms | RepRoute');
    expect(await meta('meta[property="og:url"]')).toMatch(/\/business-travel$/);
    expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/business-travel$/);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ld['@type']).toBe('WebSite');
    expect(ld.potentialAction['@type']).toBe('SearchAction');
    expect(ld.potentialAction.target.urlTemplate).toMatch(/\/search\?q=\{search_term_string\}$/);
    expect(ld.potentialAction['query-input']).toBe('required name=search_term_string');

    const stats = page.getByTestId('business-stats');
    await expect(stats).toContainText('500+');
    await expect(stats).toContainText('95%');
    await expect(stats).toContainText('24/7');
    await page.getByRole('tab', { name: 'Services' }).click();
    for (const service of ['Group Bookings', 'Corporate Accounts', 'Travel Management', 'Wellness Programs']) await expect(page.getByRole('heading', { name: service })).toBeVisible();
    await page.getByRole('tab', { name: 'Featured Hotels' }).click();
    await expect(page.getByTestId('business-hotel')).toHaveCount(3);
    await page.getByRole('link', { name: 'View Central Park Grand Regency' }).click();
    await expect(page).toHaveURL(/\/hotels\/2$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Central Park Grand Regency' })).toBeVisible();

    // Leaving the page cleans its tags up.
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);

    // The structured data's search URL works.
    await page.goto('/search?q=London');
    await expect(page.getByRole('heading', { name: /Results for "London"/ })).toBeVisible();
  });

  test('partner hotels: tiers, commission, approval timing and requirements', async ({ page }) => {
    await page.goto('/partner-hotels');
    const tiers = page.getByTestId('partner-tier');
    await expect(tiers).toHaveCount(3);
    await expect(tiers.filter({ hasText: 'Elite' })).toContainText('8-10%');
    await expect(tiers.filter({ hasText: 'Premier' })).toContainText('10-12%');
    await expect(tiers.filter({ hasText: 'Certified' })).toContainText('12-15%');
    for (const text of ['2-3 business days', '5-7 business days', '1-2 business days', '7-10 business days', 'at least 50 sqm', '6am to 10pm', 'at least 3 stars', '4.0 or higher']) {
      await expect(page.getByText(text).first()).toBeVisible();
    }
    await page.getByRole('link', { name: 'Become a Partner' }).click();
    await expect(page).toHaveURL(/\/contact-us$/);
  });
});
