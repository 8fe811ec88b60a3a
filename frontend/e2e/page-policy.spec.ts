import type { Page } from '@playwright/test';
import { API, adminToken, expect, newProvider, registerViaApi, signInWithToken, test } from './doc2-support';

/**
 * The page policy is enforced as served (no inline script but the pages' one fixed script, allowed by its
 * hash): every main screen loads, the server-written pages are taken over by the SPA, and the browser
 * reports no violation of the policy.
 */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    (window as unknown as { __violations: string[] }).__violations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __violations: string[] }).__violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  return async () => [...console, ...(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations))];
}

const visitorScreens = ['/', '/search', '/search?query=London', '/hotels/the-hudson-ironworks-hotel', '/login', '/register', '/provider-register', '/forgot-password', '/privacy-policy', '/contact-us', '/cookie-preferences', '/no/such/page'];

test.describe('the page policy, enforced', () => {
  test('is served without unsafe-inline for scripts, with object-src none, base-uri self and frame-ancestors none', async ({ request }) => {
    const response = await request.get(`${API}/`);
    const policy = response.headers()['content-security-policy'] ?? '';
    const scriptSrc = policy.split(';').find((directive) => directive.trim().startsWith('script-src ')) ?? '';
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  for (const path of visitorScreens) {
    test(`${path}: no violation, and the page is taken over`, async ({ page }) => {
      const violations = await recordViolations(page);
      // goto waits until the SPA has taken a server-written page over (support.ts): the inline loader ran.
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      expect(await violations()).toEqual([]);
    });
  }

  test('signed-in screens (traveller, provider, admin): no violation', async ({ page, request }) => {
    test.slow();
    const violations = await recordViolations(page);
    const traveller = await registerViaApi(request, 'Policy');
    await signInWithToken(page, traveller.token, '/favourites');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const provider = await newProvider(request);
    await signInWithToken(page, provider.token, '/provider/dashboard');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await signInWithToken(page, await adminToken(request), '/admin');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test('an injected inline script does not run', async ({ page }) => {
    const violations = await recordViolations(page);
    await page.goto('/');
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.appendChild(script);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    expect((await violations()).some((line) => line.startsWith('script-src'))).toBe(true);
  });
});
