import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import CookiePreferencesPage from './CookiePreferencesPage';
import { renderWithApp } from '@/test/render';
import { CONSENT_KEY } from '@/lib/consent';

describe('CookiePreferencesPage', () => {
  it('locks essential on, enables Save only after a change, and saves under the banner key', () => {
    renderWithApp(<CookiePreferencesPage />);
    const save = screen.getByRole('button', { name: 'Save Preferences' }) as HTMLButtonElement;
    const essential = screen.getByRole('switch', { name: /Essential Cookies/ });
    expect(essential.getAttribute('aria-checked')).toBe('true');
    expect((essential as HTMLButtonElement).disabled).toBe(true);
    expect(save.disabled).toBe(true);
    expect(screen.queryByTestId('consent-updated')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Accept All Cookies' }));
    expect(screen.getByRole('switch', { name: /Marketing Cookies/ }).getAttribute('aria-checked')).toBe('true');
    expect(save.disabled).toBe(false);
    expect(localStorage.getItem(CONSENT_KEY)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Essential Only' }));
    expect(screen.getByRole('switch', { name: /Marketing Cookies/ }).getAttribute('aria-checked')).toBe('false');
    fireEvent.click(screen.getByRole('switch', { name: /Analytics Cookies/ }));
    fireEvent.click(save);

    expect(save.disabled).toBe(true);
    expect(screen.getByTestId('consent-updated').textContent).toMatch(/^Last updated: /);
    const stored = JSON.parse(localStorage.getItem(CONSENT_KEY) ?? '{}');
    expect(stored).toMatchObject({ version: '1.0', preferences: { necessary: true, analytics: true, marketing: false, functional: false } });
  });
});
