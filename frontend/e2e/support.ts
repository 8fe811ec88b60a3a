import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { formatPrice, PRERENDERED_ATTRIBUTE } from '@reproute/contracts';

export { expect, formatPrice };

// The stack under test (infra/env.sh: a named STACK moves the ports; the test command runs these on STACK=browser).
export const API = process.env.E2E_API_URL ?? `http://127.0.0.1:${process.env.GATEWAY_PORT ?? 8080}`;
export const MAILDEV = process.env.MAILDEV_URL ?? `http://127.0.0.1:${process.env.MAILDEV_WEB_PORT ?? 1080}`;
export const PASSWORD = 'Str0ng!Pass';

export interface HotelSummary {
  id: number;
  slug: string;
  name: string;
  city: string;
  country: string;
  pricePerNight: number | null;
  price: number | null;
  currency: string;
  bookingUrl: string | null;
}

/** Tests start with the cookie choice made, so the banner stays out of the way (consent.spec.ts opts out). */
export const test = base.extend<{ consented: boolean }>({
  consented: [true, { option: true }],
  page: async ({ page, consented }, use) => {
    if (consented) {
      await page.addInitScript(() => {
        if (!localStorage.getItem('rr_cookie_consent')) {
          localStorage.setItem(
            'rr_cookie_consent',
            JSON.stringify({ preferences: { necessary: true, analytics: true, marketing: false, functional: false }, timestamp: new Date().toISOString(), version: '1.0' }),
          );
        }
      });
    }
    // A page the server wrote is shown before the SPA has taken it over; what a user does meanwhile is held and
    // done afterwards (share-and-find.spec.ts tests that). The other tests act on the taken-over page, as a user
    // does once it answers: a navigation that waits for the page's load also waits for that.
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    const takenOver = async (waitUntil: string | undefined) => {
      if (waitUntil === 'commit' || waitUntil === 'domcontentloaded') return;
      await page.waitForFunction((attribute) => !document.getElementById('root')?.hasAttribute(attribute), PRERENDERED_ATTRIBUTE);
    };
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await takenOver(options?.waitUntil);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await takenOver(options?.waitUntil);
      return response;
    };
    await use(page);
  },
});

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * A new traveller through the API. By default the account then verifies its address through the real
 * flow (the verification email in MailDev, its link opened as the account), and the token answered is
 * the fresh one that claims the verified address; `{ verified: false }` keeps the new, unverified account.
 */
export async function registerViaApi(request: APIRequestContext, firstName = 'Casey', options: { verified?: boolean } = {}) {
  const email = uniqueEmail(firstName.toLowerCase());
  const response = await request.post(`${API}/api/auth/register`, { data: { email, password: PASSWORD, firstName, lastName: 'Tester' } });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { token: string; user: { id: string; email: string } };
  const account = { email, password: PASSWORD, firstName, token: body.token, user: body.user };
  if (options.verified === false) return account;
  const link = await verificationLink(request, email);
  const verified = await request.post(`${API}/api/auth/verify-email`, { data: { token: new URL(link).searchParams.get('token') }, headers: { authorization: `Bearer ${body.token}` } });
  expect(verified.status(), await verified.text()).toBe(200);
  const answer = (await verified.json()) as { token: string; user: { id: string; email: string } };
  return { ...account, token: answer.token, user: answer.user };
}

/** The verification link emailed to `address` (the newest), as its recipient would click it. */
export async function verificationLink(request: APIRequestContext, address: string): Promise<string> {
  const email = await waitForEmail(request, address, /^Confirm your (new )?email address for RepRoute$/);
  const link = /https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]+/.exec(email.text ?? '')?.[0];
  if (!link) throw new Error(`no verification link in the email to ${address}`);
  return link;
}

/** Puts the token where the app looks for it, then loads `path` so the session bootstraps from it. */
export async function signInWithToken(page: Page, token: string, path = '/') {
  await page.goto('/favicon.svg');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto(path);
}

export async function searchApi(request: APIRequestContext, params: Record<string, string>) {
  const qs = new URLSearchParams({ pageSize: '100', ...params }).toString();
  const response = await request.get(`${API}/api/hotels/search?${qs}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as { items: HotelSummary[]; total: number; facets: Record<string, number> };
}

/**
 * A hotel of the catalog's seed (ruling 1) with a booking URL. Seeded hotels are known to every
 * service (favourites, referrals), unlike rows a benchmark may have bulk-loaded into the catalog.
 */
export async function firstBookableHotel(request: APIRequestContext): Promise<HotelSummary> {
  const response = await request.get(`${API}/api/hotels/the-hudson-ironworks-hotel`);
  expect(response.ok(), 'seed hotel the-hudson-ironworks-hotel').toBe(true);
  const hotel = (await response.json()) as HotelSummary;
  expect(hotel.bookingUrl).toBeTruthy();
  return hotel;
}

interface MaildevEmail {
  id: string;
  subject: string;
  text?: string;
  html?: string;
  to: Array<{ address: string }>;
}

/** Waits for an email to `address` in MailDev and answers it. */
export async function waitForEmail(request: APIRequestContext, address: string, subject: RegExp, timeoutMs = 30_000): Promise<MaildevEmail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const path of ['/email', '/api/email']) {
      const response = await request.get(`${MAILDEV}${path}`).catch(() => null);
      if (!response?.ok()) continue;
      const emails = (await response.json()) as MaildevEmail[];
      const match = emails.reverse().find((e) => e.to.some((t) => t.address.toLowerCase() === address.toLowerCase()) && subject.test(e.subject));
      if (match) return match;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no email "${subject}" for ${address} within ${timeoutMs} ms`);
}

/**
 * The toast on screen showing `title` (and, when given, `description`). Not `getByRole('status')`:
 * that is Radix's screen-reader announcement, a hidden copy removed one second after it is made.
 */
export function toastWith(page: Page, title: string, description?: string) {
  const toast = page.locator('.toast-root').filter({ has: page.getByText(title, { exact: true }) });
  return description ? toast.filter({ hasText: description }) : toast;
}
