import { describe, expect, it, vi } from 'vitest';
import { allAccepted, CONSENT_KEY, consentSignals, currentConsentSignals, essentialOnly, readConsent, saveConsent } from './consent';

describe('cookie consent storage', () => {
  it('has no choice until one is saved', () => {
    expect(readConsent()).toBeNull();
  });

  it('stores preferences, timestamp and version 1.0 under rr_cookie_consent', () => {
    const record = saveConsent({ analytics: true, marketing: false, functional: true }, new Date('2026-01-01T00:00:00Z'));
    const stored = JSON.parse(localStorage.getItem(CONSENT_KEY) ?? '{}');
    expect(stored).toEqual({ preferences: { necessary: true, analytics: true, marketing: false, functional: true }, timestamp: '2026-01-01T00:00:00.000Z', version: '1.0' });
    expect(readConsent()).toEqual(record);
  });

  it('keeps necessary on whatever was stored, and ignores other versions', () => {
    localStorage.setItem(CONSENT_KEY, JSON.stringify({ preferences: { necessary: false, analytics: true }, timestamp: 'x', version: '1.0' }));
    expect(readConsent()?.preferences.necessary).toBe(true);
    localStorage.setItem(CONSENT_KEY, JSON.stringify({ preferences: allAccepted, timestamp: 'x', version: '0.9' }));
    expect(readConsent()).toBeNull();
  });

  it('passes analytics and marketing consent on as granted or denied', () => {
    expect(consentSignals(allAccepted)).toEqual({ analytics_storage: 'granted', ad_storage: 'granted' });
    expect(consentSignals(essentialOnly)).toEqual({ analytics_storage: 'denied', ad_storage: 'denied' });
    expect(consentSignals(null)).toEqual({ analytics_storage: 'denied', ad_storage: 'denied' });
    saveConsent(allAccepted);
    expect(currentConsentSignals().analytics_storage).toBe('granted');
  });

  it('announces a saved choice to the page', () => {
    const listener = vi.fn();
    window.addEventListener('rr:consent-changed', listener);
    saveConsent(essentialOnly);
    expect(listener).toHaveBeenCalledTimes(1);
    window.removeEventListener('rr:consent-changed', listener);
  });
});
