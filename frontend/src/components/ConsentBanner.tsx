import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import * as Dialog from '@radix-ui/react-dialog';
import * as Switch from '@radix-ui/react-switch';
import { Cookie, X } from 'lucide-react';
import { Button } from './ui/Button';
import { allAccepted, CONSENT_EVENT, essentialOnly, readConsent, saveConsent, type ConsentPreferences } from '@/lib/consent';

const categories: Array<{ key: keyof ConsentPreferences; title: string; text: string }> = [
  { key: 'necessary', title: 'Necessary', text: 'Sign-in, security and your cookie choice. Always on.' },
  { key: 'analytics', title: 'Analytics', text: 'Anonymous page views and searches that show us what to improve.' },
  { key: 'marketing', title: 'Marketing', text: 'Measuring our partner campaigns and referral offers.' },
  { key: 'functional', title: 'Functional', text: 'Remembering preferences such as recent searches.' },
];

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

  if (!visible) return null;

  const choose = (preferences: ConsentPreferences) => {
    saveConsent(preferences);
    setDialogOpen(false);
    setVisible(false);
  };

  return (
    <>
      <section
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

      <Dialog.Root open={dialogOpen} onOpenChange={setDialogOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
          <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl">
            <div className="flex items-start justify-between">
              <Dialog.Title className="font-display text-lg font-bold text-slate-900">Cookie Preferences</Dialog.Title>
              <Dialog.Close aria-label="Close" className="rounded-full p-1.5 text-slate-500 hover:bg-slate-100">
                <X aria-hidden className="h-5 w-5" />
              </Dialog.Close>
            </div>
            <Dialog.Description className="mt-1 text-sm text-slate-600">Choose which cookies RepRoute may use. You can change this any time.</Dialog.Description>
            <ul className="mt-5 space-y-4">
              {categories.map((category) => {
                const id = `consent-${category.key}`;
                const locked = category.key === 'necessary';
                return (
                  <li key={category.key} className="flex items-start justify-between gap-4 rounded-xl border border-slate-200 p-3">
                    <div>
                      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
                        {category.title}
                      </label>
                      <p className="text-xs text-slate-600">{category.text}</p>
                    </div>
                    <Switch.Root
                      id={id}
                      checked={draft[category.key]}
                      disabled={locked}
                      onCheckedChange={(checked) => setDraft((d) => ({ ...d, [category.key]: checked, necessary: true }))}
                      className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors data-[disabled]:opacity-60 data-[state=checked]:bg-brand-500"
                    >
                      <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
                    </Switch.Root>
                  </li>
                );
              })}
            </ul>
            <div className="mt-6 flex justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.Close>
              <Button onClick={() => choose(draft)}>Save Preferences</Button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
