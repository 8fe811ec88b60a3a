import { lazy, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Cookie } from 'lucide-react';
import { Button } from './ui/Button';
import { WhenOpened } from './ui/WhenOpened';
import { allAccepted, CONSENT_EVENT, essentialOnly, readConsent, saveConsent, type ConsentPreferences } from '@/lib/consent';

// The preferences dialog (Radix dialog and switches) loads when Customize is first pressed.
const ConsentDialog = lazy(() => import('./ConsentDialog'));

/** The bottom banner (Accept All, Essential Only, Customize) and its preferences dialog. */
export function ConsentBanner() {
  const [visible, setVisible] = useState(() => readConsent() === null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [draft, setDraft] = useState<ConsentPreferences>(() => readConsent()?.preferences ?? essentialOnly);

  useEffect(() => {
    // A choice saved elsewhere (the cookie preferences page) hides the banner too.
    const hide = () => setVisible(false);
    window.addEventListener(CONSENT_EVENT, hide);
    return () => window.removeEventListener(CONSENT_EVENT, hide);
  }, []);

  // While shown, a control the keyboard moves to is never left behind it (WCAG 2.4.11): the page scrolls it into the
  // part of the screen above the banner (scroll-padding for the browser's own scrolling, and a nudge on focus, since
  // focus does not scroll a control that is already on the screen).
  const banner = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = banner.current;
    if (!visible || !element) return;
    const root = document.documentElement;
    const body = document.body;
    const keepClear = () => {
      root.style.setProperty('scroll-padding-bottom', `${element.offsetHeight + 8}px`);
      // The page can scroll its last controls (the footer's links) above the banner.
      body.style.setProperty('padding-bottom', `${element.offsetHeight}px`);
    };
    keepClear();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(keepClear);
    observer?.observe(element);
    const onFocus = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLElement) || element.contains(target)) return;
      const top = element.getBoundingClientRect().top;
      const bottom = target.getBoundingClientRect().bottom;
      if (bottom > top) window.scrollBy({ top: bottom - top + 8, behavior: 'instant' });
    };
    document.addEventListener('focusin', onFocus);
    // The banner is the page's first stop for the keyboard: the first Tab from the page itself goes into it.
    // It is last in the markup, so from its last control the next Tab goes to the page's start (its skip link).
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || event.shiftKey) return;
      const active = document.activeElement;
      const controls = [...element.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];
      if (!active || active === document.body || active === document.documentElement) {
        if (!controls[0]) return;
        event.preventDefault();
        controls[0].focus();
      } else if (active === controls[controls.length - 1]) {
        const start = document.querySelector<HTMLElement>('a[href="#main"]');
        if (!start) return;
        event.preventDefault();
        start.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      observer?.disconnect();
      document.removeEventListener('focusin', onFocus);
      document.removeEventListener('keydown', onKey);
      root.style.removeProperty('scroll-padding-bottom');
      body.style.removeProperty('padding-bottom');
    };
  }, [visible]);

  if (!visible) return null;

  const choose = (preferences: ConsentPreferences) => {
    saveConsent(preferences);
    setDialogOpen(false);
    setVisible(false);
  };

  return (
    <>
      <section
        ref={banner}
        aria-label="Cookie consent"
        className="fixed inset-x-0 bottom-0 z-50 border-t border-slate-200 bg-white/98 shadow-[0_-8px_30px_rgba(15,23,42,0.12)] backdrop-blur"
      >
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-4 sm:px-6 lg:flex-row lg:items-center lg:px-8">
          <div className="flex flex-1 items-start gap-3">
            <Cookie aria-hidden className="mt-0.5 h-6 w-6 shrink-0 text-brand-500" />
            <p className="text-sm leading-relaxed text-slate-700">
              <strong className="font-semibold text-slate-900">We use cookies.</strong> Necessary cookies keep you signed in. With your consent we also
              use analytics and marketing cookies to improve RepRoute. Read our{' '}
              <Link to="/privacy-policy" className="font-medium text-ocean-700 underline">
                privacy policy
              </Link>
              .
            </p>
          </div>
          <div className="grid grid-cols-2 gap-2 sm:flex sm:shrink-0">
            <Button variant="ghost" size="sm" className="col-span-2 sm:col-span-1" onClick={() => setDialogOpen(true)}>
              Customize
            </Button>
            <Button variant="outline" size="sm" onClick={() => choose(essentialOnly)}>
              Essential Only
            </Button>
            <Button size="sm" onClick={() => choose(allAccepted)}>
              Accept All
            </Button>
          </div>
        </div>
      </section>

      <WhenOpened open={dialogOpen}>
        <ConsentDialog open={dialogOpen} onOpenChange={setDialogOpen} draft={draft} onDraftChange={setDraft} onSave={() => choose(draft)} />
      </WhenOpened>
    </>
  );
}
