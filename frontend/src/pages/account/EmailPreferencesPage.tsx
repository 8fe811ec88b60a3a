import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { BellOff, BellRing, Loader2, Mail } from 'lucide-react';
import { emailKindInfo, emailWanted, type EmailKind, type EmailOptOut } from '@reproute/contracts';
import { Card, Container } from '@/components/ui/Misc';
import { Button } from '@/components/ui/Button';
import { useChangeEmailPreference, useEmailPreferencesByLink, useMyEmailPreferences, type EmailPreferences } from '@/api/emailPreferences';
import { apiQuery } from '@/api/client';
import { serverMessageOr } from '@/api/request';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { useSession } from '@/hooks/useSession';
import { pageTitles } from '@/site/titles';
import { cn } from '@/lib/cn';
import { useEmailLinkToken } from './emailLinkToken';

/** An on/off switch: a button with role="switch", its state said in words too. */
function Switch({ checked, label, disabled, onChange, testId }: { checked: boolean; label: string; disabled?: boolean; onChange: (next: boolean) => void; testId?: string }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      data-testid={testId}
      onClick={() => onChange(!checked)}
      className={cn(
        'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ocean-600 disabled:cursor-not-allowed disabled:opacity-50',
        checked ? 'bg-emerald-600' : 'bg-slate-300',
      )}
    >
      <span aria-hidden className={cn('inline-block h-5 w-5 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-6' : 'translate-x-1')} />
    </button>
  );
}

interface ScopeRow {
  scope: string;
  label: string;
}

/** The listings or saved searches a kind can be turned off for, one by one. */
function scopeRows(kind: EmailKind, optOuts: readonly EmailOptOut[], known: ScopeRow[], link: EmailOptOut | null): ScopeRow[] {
  const rows = new Map(known.map((row) => [row.scope, row]));
  const unnamed = emailKindInfo[kind].scope === 'listing' ? (id: string) => `Listing ${id}` : () => 'A saved search';
  for (const o of optOuts) if (o.kind === kind && o.scope !== null && !rows.has(o.scope)) rows.set(o.scope, { scope: o.scope, label: unnamed(o.scope) });
  if (link && link.kind === kind && link.scope !== null && !rows.has(link.scope)) rows.set(link.scope, { scope: link.scope, label: `${unnamed(link.scope)} (the one in your email)` });
  return [...rows.values()];
}

function Preferences({ answer, token, link, listings, searches }: { answer: EmailPreferences; token: string; link: EmailOptOut | null; listings: ScopeRow[]; searches: ScopeRow[] }) {
  const change = useChangeEmailPreference(token);
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState('');
  const set = (kind: EmailKind, scope: string | null, subscribed: boolean, what: string) => {
    setFailure('');
    change.mutate(
      { kind, scope, subscribed },
      {
        onSuccess: () => setStatus(`Saved: ${what} ${subscribed ? 'on' : 'off'}.`),
        onError: (error) => setFailure(serverMessageOr(error, 'Your change could not be saved right now. Please try again.')),
      },
    );
  };
  return (
    <>
      <p className="flex flex-wrap items-center gap-2 text-slate-700">
        <Mail aria-hidden className="h-5 w-5 text-ocean-600" /> Emails to <strong className="font-semibold break-all" data-testid="email-preferences-address">{answer.email}</strong>
      </p>
      <ul className="mt-6 space-y-4" aria-label="Kinds of email">
        {answer.kinds.map((kind) => {
          const info = emailKindInfo[kind];
          const on = !answer.optOuts.some((o) => o.kind === kind && o.scope === null);
          const rows = info.scope === 'none' ? [] : scopeRows(kind, answer.optOuts, info.scope === 'listing' ? listings : searches, link);
          return (
            <li key={kind}>
              <Card className="p-5" data-testid={`email-kind-${kind}`}>
                <div className="flex items-start justify-between gap-4">
                  <div className="min-w-0">
                    <h2 className="flex items-center gap-2 font-bold text-slate-900">
                      {on ? <BellRing aria-hidden className="h-4 w-4 text-emerald-600" /> : <BellOff aria-hidden className="h-4 w-4 text-slate-500" />}
                      {info.label}
                    </h2>
                    <p className="mt-1 text-sm text-slate-600">{info.description}</p>
                    <p className="mt-1 text-sm font-medium text-slate-700">{on ? 'On' : 'Off'}</p>
                  </div>
                  <Switch checked={on} label={info.label} disabled={change.isPending} onChange={(next) => set(kind, null, next, info.label)} testId={`email-switch-${kind}`} />
                </div>
                {rows.length > 0 ? (
                  <ul className="mt-4 space-y-3 border-t border-slate-100 pt-4" aria-label={`${info.label}, one by one`}>
                    {rows.map((row) => {
                      const rowOn = emailWanted(answer.optOuts, kind, row.scope);
                      return (
                        <li key={row.scope} className="flex items-center justify-between gap-4">
                          <span className="min-w-0 text-sm break-words text-slate-800">
                            {row.label}
                            {!on ? <span className="block text-xs text-slate-500">Off with all {info.label.toLowerCase()}</span> : null}
                          </span>
                          <Switch
                            checked={rowOn}
                            label={`${info.label}: ${row.label}`}
                            disabled={change.isPending || !on}
                            onChange={(next) => set(kind, row.scope, next, `${info.label} for ${row.label}`)}
                            testId={`email-switch-${kind}-${row.scope}`}
                          />
                        </li>
                      );
                    })}
                  </ul>
                ) : null}
              </Card>
            </li>
          );
        })}
      </ul>
      <p role="status" aria-live="polite" className="mt-4 min-h-6 text-sm text-emerald-800" data-testid="email-preferences-status">
        {change.isPending ? 'Saving...' : status}
      </p>
      {failure ? (
        <p role="alert" className="mt-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {failure}
        </p>
      ) : null}
      <p className="mt-6 text-sm text-slate-600">
        Emails about your own actions always come: password resets, email address checks, and the details you choose to send a hotel. Changes apply at once.
      </p>
    </>
  );
}

/**
 * /email-preferences: which kinds of email the account gets (ruling 18), per kind and, for a provider, per
 * listing. Signed in it is the account's; with an email link's `?token=` (no sign-in) it is the account that
 * email was sent to. Every switch applies at once.
 */
export default function EmailPreferencesPage() {
  useDocumentTitle(pageTitles.emailPreferences);
  const token = useEmailLinkToken('/email-preferences');
  const { user } = useSession();
  const byLink = useEmailPreferencesByLink(token);
  const mine = useMyEmailPreferences(!token && Boolean(user));
  const signedInProvider = !token && Boolean(user?.isProvider);
  // A provider's own listings, for the per-listing switches (through a link, only the ones turned off are named by id).
  const hotels = useQuery({ ...apiQuery('GET /api/provider/hotels'), enabled: signedInProvider });
  const listings: ScopeRow[] = signedInProvider ? (hotels.data ?? []).map((h) => ({ scope: String(h.id), label: h.name })) : [];
  // The account's saved searches, for a switch per search (signed in; through a link only the ones turned off show).
  const saved = useQuery({ ...apiQuery('GET /api/saved-searches'), enabled: !token && Boolean(user) });
  const searches: ScopeRow[] = !token ? (saved.data?.items ?? []).map((s) => ({ scope: s.id, label: s.name })) : [];

  let body;
  if (!token && !user) {
    body = (
      <Card className="p-6">
        <p className="text-slate-700">Sign in to choose which emails you get, or open the "Email preferences" link at the bottom of one of our emails.</p>
        <Button asChild className="mt-4">
          <Link to="/login?redirect=%2Femail-preferences">Sign in</Link>
        </Button>
      </Card>
    );
  } else {
    const query = token ? byLink : mine;
    if (query.isPending) {
      body = (
        <p role="status" className="flex items-center gap-3 text-slate-700">
          <Loader2 aria-hidden className="h-5 w-5 animate-spin text-ocean-600" /> Loading your email preferences...
        </p>
      );
    } else if (query.isError || !query.data) {
      body = (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-5" data-testid="email-preferences-error">
          <p className="font-medium text-red-800">{serverMessageOr(query.error, 'Your email preferences could not be loaded right now. Please try again shortly.')}</p>
          {!user ? (
            <Button asChild className="mt-4">
              <Link to="/login?redirect=%2Femail-preferences">Sign in</Link>
            </Button>
          ) : null}
        </div>
      );
    } else {
      const link = token && byLink.data ? byLink.data.link : null;
      body = <Preferences answer={query.data} token={token} link={link} listings={listings} searches={searches} />;
    }
  }

  return (
    <Container className="max-w-3xl py-10 sm:py-14">
      <h1 className="text-3xl font-extrabold text-slate-900">Email preferences</h1>
      <p className="mt-2 text-slate-600">Choose which emails RepRoute sends you. Everything is on until you turn it off.</p>
      <div className="mt-8">{body}</div>
      {user && !token ? (
        <p className="mt-8 text-sm">
          <Link to="/profile" className="font-medium text-ocean-700 hover:underline">
            Back to your profile
          </Link>
        </p>
      ) : null}
    </Container>
  );
}
