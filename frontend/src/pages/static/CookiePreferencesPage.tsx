import { useState } from 'react';
import { Link } from 'react-router-dom';
import * as Switch from '@radix-ui/react-switch';
import { ArrowLeft, Cookie, Lock } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { Card, Container } from '@/components/ui/Misc';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { pageTitles } from '@/site/titles';
import { allAccepted, essentialOnly, readConsent, saveConsent, type ConsentPreferences } from '@/lib/consent';
import { cn } from '@/lib/cn';
import { toast } from '@/store/toast';

const categories: Array<{ key: keyof ConsentPreferences; title: string; text: string }> = [
  { key: 'necessary', title: 'Essential Cookies', text: 'Keep you signed in, protect your account and remember this choice. The site cannot work without them.' },
  { key: 'analytics', title: 'Analytics Cookies', text: 'Count page views and searches anonymously so we can see what to improve.' },
  { key: 'marketing', title: 'Marketing Cookies', text: 'Measure our partner campaigns and referral offers.' },
  { key: 'functional', title: 'Functional Cookies', text: 'Remember preferences such as recent searches and display choices.' },
];

function formatSavedAt(timestamp: string | undefined): string | null {
  if (!timestamp) return null;
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? null : date.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' });
}

/** /cookie-preferences: the same consent record as the banner (rr_cookie_consent); saving is explicit. */
export default function CookiePreferencesPage() {
  useDocumentTitle(pageTitles.cookiePreferences);
  const [saved, setSaved] = useState(() => readConsent());
  const [draft, setDraft] = useState<ConsentPreferences>(() => saved?.preferences ?? essentialOnly);
  const [changed, setChanged] = useState(false);
  const savedAt = formatSavedAt(saved?.timestamp);

  const update = (next: ConsentPreferences) => {
    setDraft({ ...next, necessary: true });
    setChanged(true);
  };

  const save = () => {
    setSaved(saveConsent(draft));
    setChanged(false);
    toast({ title: 'Preferences Saved', description: 'Your cookie preferences have been updated.' });
  };

  return (
    <Container className="max-w-3xl py-10 sm:py-14">
      <Link to="/" className="inline-flex items-center gap-1.5 text-sm font-semibold text-slate-700 hover:text-brand-600">
        <ArrowLeft aria-hidden className="h-4 w-4" /> Back to Home
      </Link>
      <div className="mt-4 flex items-center gap-3">
        <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
          <Cookie aria-hidden className="h-6 w-6" />
        </span>
        <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">Cookie Preferences</h1>
      </div>
      <p className="mt-3 text-slate-600">Choose which cookies RepRoute may use. Essential cookies are always on; everything else is up to you.</p>
      {savedAt ? (
        <p className="mt-2 text-sm font-medium text-slate-700" data-testid="consent-updated">
          Last updated: {savedAt}
        </p>
      ) : null}

      <Card className="mt-8 divide-y divide-slate-200">
        {categories.map(({ key, title, text }) => {
          const locked = key === 'necessary';
          const id = `cookie-${key}`;
          return (
            <div key={key} className="flex items-start justify-between gap-4 p-5 sm:p-6">
              <div>
                <label htmlFor={id} className="flex items-center gap-2 font-semibold text-slate-900">
                  {title}
                  {locked ? (
                    <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
                      <Lock aria-hidden className="h-3 w-3" /> Always on
                    </span>
                  ) : null}
                </label>
                <p id={`${id}-text`} className="mt-1 text-sm text-slate-600">
                  {text}
                </p>
              </div>
              <Switch.Root
                id={id}
                checked={draft[key]}
                disabled={locked}
                aria-describedby={`${id}-text`}
                onCheckedChange={(checked) => update({ ...draft, [key]: checked })}
                className={cn(
                  'relative mt-1 h-7 w-12 shrink-0 rounded-full transition-colors data-[state=checked]:bg-brand-500 data-[state=unchecked]:bg-slate-300',
                  locked && 'cursor-not-allowed opacity-70',
                )}
              >
                <Switch.Thumb className="block h-6 w-6 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
              </Switch.Root>
            </div>
          );
        })}
      </Card>

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button size="lg" disabled={!changed} onClick={save}>
          Save Preferences
        </Button>
        <Button size="lg" variant="outline" onClick={() => update(allAccepted)}>
          Accept All Cookies
        </Button>
        <Button size="lg" variant="outline" onClick={() => update(essentialOnly)}>
          Essential Only
        </Button>
        <Button asChild size="lg" variant="ghost">
          <Link to="/">Back to Home</Link>
        </Button>
      </div>
      {changed ? (
        <p className="mt-3 text-sm font-medium text-amber-800" role="status">
          You have unsaved changes.
        </p>
      ) : null}

      <p className="mt-10 text-sm text-slate-600">
        Learn more in our{' '}
        <Link to="/privacy-policy" className="font-medium text-ocean-700 underline">
          Privacy Policy
        </Link>{' '}
        and{' '}
        <Link to="/terms-of-service" className="font-medium text-ocean-700 underline">
          Terms of Service
        </Link>
        , or{' '}
        <Link to="/contact-us" className="font-medium text-ocean-700 underline">
          contact us
        </Link>{' '}
        with questions.
      </p>
    </Container>
  );
}
