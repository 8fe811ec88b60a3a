/** The cookie consent record (spec section 3): stored under rr_cookie_consent, version "1.0". */
export const CONSENT_KEY = 'rr_cookie_consent';
export const CONSENT_VERSION = '1.0';
export const CONSENT_EVENT = 'rr:consent-changed';

export interface ConsentPreferences {
  necessary: true;
  analytics: boolean;
  marketing: boolean;
  functional: boolean;
}

export interface ConsentRecord {
  preferences: ConsentPreferences;
  timestamp: string;
  version: string;
}

export type ConsentSignal = 'granted' | 'denied';

export const allAccepted: ConsentPreferences = { necessary: true, analytics: true, marketing: true, functional: true };
export const essentialOnly: ConsentPreferences = { necessary: true, analytics: false, marketing: false, functional: false };

/** The saved choice, or null when none exists or it was saved under another version. */
export function readConsent(): ConsentRecord | null {
  try {
    const raw = localStorage.getItem(CONSENT_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<ConsentRecord>;
    if (parsed.version !== CONSENT_VERSION || !parsed.preferences) return null;
    const p = parsed.preferences;
    return {
      version: CONSENT_VERSION,
      timestamp: String(parsed.timestamp ?? ''),
      // Necessary cookies cannot be switched off, whatever was stored.
      preferences: { necessary: true, analytics: p.analytics === true, marketing: p.marketing === true, functional: p.functional === true },
    };
  } catch {
    return null;
  }
}

export function saveConsent(preferences: Omit<ConsentPreferences, 'necessary'> & { necessary?: boolean }, now = new Date()): ConsentRecord {
  const record: ConsentRecord = {
    preferences: { ...preferences, necessary: true },
    timestamp: now.toISOString(),
    version: CONSENT_VERSION,
  };
  try {
    localStorage.setItem(CONSENT_KEY, JSON.stringify(record));
  } catch {
    // Without storage the banner simply asks again next visit.
  }
  applyConsent(record.preferences);
  window.dispatchEvent(new CustomEvent<ConsentRecord>(CONSENT_EVENT, { detail: record }));
  return record;
}

/** Analytics and marketing consent as the analytics service reads them. */
export function consentSignals(preferences: ConsentPreferences | null): { analytics_storage: ConsentSignal; ad_storage: ConsentSignal } {
  return {
    analytics_storage: preferences?.analytics ? 'granted' : 'denied',
    ad_storage: preferences?.marketing ? 'granted' : 'denied',
  };
}

type ConsentListener = (signals: ReturnType<typeof consentSignals>) => void;
const listeners = new Set<ConsentListener>();
let current = consentSignals(null);

/** Passes analytics and marketing consent on as granted or denied. */
export function applyConsent(preferences: ConsentPreferences | null): void {
  current = consentSignals(preferences);
  for (const listener of listeners) listener(current);
}

export function currentConsentSignals() {
  return current;
}

export function onConsentSignals(listener: ConsentListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
