import { useEffect } from 'react';
import { defaultDisplayPreferences, isDisplayCurrency, isWeightUnit, type DisplayPreferences, type SupportedCurrency, type WeightUnit } from '@reproute/contracts';
import { createExternalStore, useStore } from '@/store/externalStore';

/**
 * The weight unit and currency figures are shown in (docs/decisions.md, "Units and currencies shown"), chosen once:
 * kept in this browser for everyone (localStorage `rr_display`, the visitor's own, not a person's: it stays after
 * sign-out) and, signed in, in the profile (identity's display preferences), which wins once it has been set; a
 * browser's choice made before signing in is written to a profile that has none. Pages are written by the server
 * in kilograms and each hotel's own currency; the choice applies once the page runs.
 */
export const DISPLAY_KEY = 'rr_display';


interface DisplayState extends DisplayPreferences {
  /** The traveller chose in this browser (else these are the defaults). */
  chosen: boolean;
}

export const displayStore = createExternalStore<DisplayState>({ ...defaultDisplayPreferences, chosen: false });

/** The stored choice, or null when none (or storage is unavailable or holds something else). */
export function readStoredDisplay(): DisplayPreferences | null {
  try {
    const raw = localStorage.getItem(DISPLAY_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<DisplayPreferences>;
    return {
      units: isWeightUnit(parsed.units) ? parsed.units : defaultDisplayPreferences.units,
      currency: isDisplayCurrency(parsed.currency) ? parsed.currency : null,
    };
  } catch {
    return null;
  }
}

export function keep(prefs: DisplayPreferences): void {
  displayStore.set({ ...prefs, chosen: true });
  try {
    localStorage.setItem(DISPLAY_KEY, JSON.stringify({ units: prefs.units, currency: prefs.currency }));
  } catch {
    // Without storage the choice holds for this page only.
  }
}


/**
 * Mounted once (App): reads the browser's choice after the first render (the server wrote the defaults), follows
 * other tabs, and for a signed-in traveller takes the profile's choice, or gives the profile the browser's.
 */
export function useDisplaySync(userId: string | null, loading: boolean): void {
  useEffect(() => {
    const stored = readStoredDisplay();
    if (stored) displayStore.set({ ...stored, chosen: true });
    const onStorage = (event: StorageEvent) => {
      if (event.key !== DISPLAY_KEY) return;
      const next = readStoredDisplay();
      displayStore.set(next ? { ...next, chosen: true } : { ...defaultDisplayPreferences, chosen: false });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  useEffect(() => {
    if (loading || !userId) return;
    let cancelled = false;
    // Only signed-in pages need the profile's copy: its code loads then.
    void import('./displayProfile').then(({ syncWithProfile }) => syncWithProfile(() => cancelled));
    return () => {
      cancelled = true;
    };
  }, [userId, loading]);
}

export function useWeightUnit(): WeightUnit {
  return useStore(displayStore, (s) => s.units);
}

export function useDisplayCurrency(): SupportedCurrency | null {
  return useStore(displayStore, (s) => s.currency);
}
