import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { VerifyEmailBanner } from './VerifyEmailNotice';
import VerifyEmailPage from '@/pages/account/VerifyEmailPage';
import { renderWithApp } from '@/test/render';
import { sessionStore, signedIn, signedOut } from '@/store/session';
import { readToken, storeToken, tokenClaimsVerifiedEmail } from '@/lib/tokenStorage';
import { currentWithFreshToken } from '@/lib/session';
import type { User } from '@/api/types';

const unverified = { id: '11111111-1111-4111-8111-111111111111', email: 'tess@example.com', firstName: 'Tess', lastName: 'Walker', emailVerified: false, pendingEmail: null } as User;
/** An unsigned token with these claims (the browser only reads them; the server checks them). */
const tokenWith = (claims: Record<string, unknown>) => `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`;

afterEach(() => {
  vi.unstubAllGlobals();
  signedOut();
});

describe('tokenClaimsVerifiedEmail', () => {
  it('reads email_verified from the payload, and says no to anything else', () => {
    expect(tokenClaimsVerifiedEmail(tokenWith({ email_verified: true, firstName: 'Zoë' }))).toBe(true);
    expect(tokenClaimsVerifiedEmail(tokenWith({ email_verified: false }))).toBe(false);
    expect(tokenClaimsVerifiedEmail(tokenWith({}))).toBe(false);
    expect(tokenClaimsVerifiedEmail('not a token')).toBe(false);
    expect(tokenClaimsVerifiedEmail(null)).toBe(false);
  });
});

describe('currentWithFreshToken', () => {
  it('swaps a token from before the verification for a fresh one, and leaves a current one alone', async () => {
    const refresh = vi.fn(async () => ({ ...unverified, emailVerified: true }));
    storeToken(tokenWith({ email_verified: false }));
    await expect(currentWithFreshToken({ ...unverified, emailVerified: true }, refresh)).resolves.toMatchObject({ emailVerified: true });
    expect(refresh).toHaveBeenCalledTimes(1);
    storeToken(tokenWith({ email_verified: true }));
    await currentWithFreshToken({ ...unverified, emailVerified: true }, refresh);
    await currentWithFreshToken(unverified, refresh);
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});

describe('VerifyEmailBanner', () => {
  it('shows an unverified account what waits on its address, and resends the link', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ message: 'sent' }), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    storeToken(tokenWith({ email_verified: false }));
    signedIn(unverified);
    renderWithApp(<VerifyEmailBanner />);
    const banner = screen.getByTestId('verify-email-banner');
    expect(banner.textContent).toContain('Please verify your email address');
    expect(banner.textContent).toContain('tess@example.com');
    expect(banner.textContent).toContain("hotels you book with won't receive your name or email, and you can't publish reviews");
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    });
    expect(fetch).toHaveBeenCalledWith('/api/auth/verify-email/resend', expect.objectContaining({ method: 'POST' }));
    expect(await screen.findByText('Sent! Check your inbox for the new link.')).toBeTruthy();
  });

  it('says when to try again once the limit is reached', async () => {
    const message = 'Too many verification emails have been sent to this account recently. Please try again in 58 minutes.';
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ statusCode: 429, error: 'Too Many Requests', message, retryAfterSeconds: 3480 }), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '3480' } })));
    signedIn(unverified);
    renderWithApp(<VerifyEmailBanner />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    });
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('is not shown to visitors or verified accounts', () => {
    renderWithApp(<VerifyEmailBanner />);
    expect(screen.queryByTestId('verify-email-banner')).toBeNull();
    signedIn({ ...unverified, emailVerified: true });
    renderWithApp(<VerifyEmailBanner />);
    expect(screen.queryByTestId('verify-email-banner')).toBeNull();
  });
});

describe('/verify-email', () => {
  const page = (route: string) =>
    renderWithApp(
      <Routes>
        <Route path="/verify-email" element={<VerifyEmailPage />} />
      </Routes>,
      { route },
    );

  it('opens the link once and takes the fresh session a signed-in owner is given', async () => {
    const fresh = tokenWith({ email_verified: true });
    const fetch = vi.fn(async () =>
      new Response(JSON.stringify({ message: 'Your email address is verified.', email: 'tess@example.com', token: fresh, user: { ...unverified, emailVerified: true } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    storeToken(tokenWith({ email_verified: false }));
    signedIn(unverified);
    page('/verify-email?token=abc123');
    expect(await screen.findByTestId('verify-email-success')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({ token: 'abc123' });
    expect(readToken()).toBe(fresh);
    expect(sessionStore.get().user?.emailVerified).toBe(true);
  });

  it('explains a used or expired link and offers a new one', async () => {
    const message = 'This verification link is invalid or has expired. Sign in and send a new one.';
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ statusCode: 400, error: 'Bad Request', message }), { status: 400, headers: { 'content-type': 'application/json' } })));
    signedIn(unverified);
    page('/verify-email?token=used');
    await waitFor(() => expect(screen.getByTestId('verify-email-failed').textContent).toContain(message));
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeTruthy();
  });

  it('says a link without its token is incomplete, without calling the server', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    page('/verify-email');
    expect(screen.getByTestId('verify-email-failed').textContent).toContain('This verification link is incomplete');
    expect(fetch).not.toHaveBeenCalled();
  });
});
