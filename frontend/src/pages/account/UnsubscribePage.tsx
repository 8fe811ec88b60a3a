import { Link, useNavigate } from 'react-router-dom';
import { CheckCircle2, LinkIcon, Loader2, MailX } from 'lucide-react';
import { emailKindInfo, emailWanted } from '@reproute/contracts';
import { Card, Container } from '@/components/ui/Misc';
import { Button } from '@/components/ui/Button';
import { useChangeEmailPreference, useEmailPreferencesByLink, useOneClickUnsubscribe } from '@/api/emailPreferences';
import { serverMessageOr } from '@/api/request';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { pageTitles } from '@/site/titles';
import { useEmailLinkToken } from './emailLinkToken';

const missingLink = 'This link is missing its token. Open the link from the email again.';

/**
 * /unsubscribe?token=…: the "Unsubscribe" link of an email (ruling 18). Opening it changes nothing (mail scanners
 * open links); one button unsubscribes, with the same one-click call a mail client makes (RFC 8058). No sign-in.
 */
export default function UnsubscribePage() {
  useDocumentTitle(pageTitles.unsubscribe);
  const token = useEmailLinkToken('/unsubscribe');
  const navigate = useNavigate();
  const info = useEmailPreferencesByLink(token);
  const unsubscribe = useOneClickUnsubscribe(token);
  const resubscribe = useChangeEmailPreference(token);
  const toPreferences = () => navigate('/email-preferences', { state: { token } });

  let content;
  if (!token || info.isError) {
    content = (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-5" data-testid="unsubscribe-error">
        <LinkIcon aria-hidden className="h-7 w-7 text-red-600" />
        <p className="mt-3 font-medium text-red-800">{token ? serverMessageOr(info.error, 'This link could not be checked right now. Please try again shortly.') : missingLink}</p>
        <Button asChild className="mt-4">
          <Link to="/login?redirect=%2Femail-preferences">Sign in to change your email preferences</Link>
        </Button>
      </div>
    );
  } else if (info.isPending) {
    content = (
      <p role="status" className="flex items-center gap-3 text-slate-700">
        <Loader2 aria-hidden className="h-5 w-5 animate-spin text-ocean-600" /> Checking your link...
      </p>
    );
  } else {
    const { link, optOuts, email } = info.data;
    const kind = emailKindInfo[link.kind];
    const off = !emailWanted(optOuts, link.kind, link.scope);
    const what = link.scope === null ? kind.label : `${kind.label} (${kind.scope === 'listing' ? 'this listing' : 'this saved search'})`;
    content = off ? (
      <>
        <div role="status" className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5" data-testid="unsubscribe-done">
          <CheckCircle2 aria-hidden className="h-8 w-8 text-emerald-600" />
          <p className="mt-3 text-lg font-semibold text-slate-900">You're unsubscribed</p>
          <p className="mt-1 text-slate-800">
            <strong className="font-semibold break-all">{email}</strong> will not get emails about <strong className="font-semibold">{what.toLowerCase()}</strong> any more.
          </p>
        </div>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button onClick={toPreferences} className="w-full sm:w-auto sm:flex-1">
            Manage all email preferences
          </Button>
          <Button
            variant="outline"
            className="w-full sm:w-auto sm:flex-1"
            disabled={resubscribe.isPending}
            onClick={() => resubscribe.mutate({ kind: link.kind, scope: link.scope, subscribed: true })}
          >
            Changed your mind? Turn them back on
          </Button>
        </div>
        {resubscribe.isError ? <p role="alert" className="mt-3 text-sm text-red-800">{serverMessageOr(resubscribe.error, 'That did not work right now. Please try again.')}</p> : null}
      </>
    ) : (
      <>
        <Card className="p-5" data-testid="unsubscribe-confirm">
          <MailX aria-hidden className="h-8 w-8 text-brand-600" />
          <h2 className="mt-3 text-lg font-bold text-slate-900">{what}</h2>
          <p className="mt-1 text-slate-700">{kind.description}</p>
          <p className="mt-3 text-sm text-slate-600">
            Sent to <strong className="font-semibold break-all text-slate-800">{email}</strong>
          </p>
        </Card>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button className="w-full sm:w-auto sm:flex-1" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate()} data-testid="unsubscribe-button">
            {unsubscribe.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
          </Button>
          <Button variant="outline" className="w-full sm:w-auto sm:flex-1" onClick={toPreferences}>
            Choose which emails you get
          </Button>
        </div>
        {unsubscribe.isError ? <p role="alert" className="mt-3 text-sm text-red-800">{serverMessageOr(unsubscribe.error, 'You could not be unsubscribed right now. Please try again.')}</p> : null}
        <p className="mt-6 text-sm text-slate-600">Emails about your own actions (password resets, email address checks) always come.</p>
      </>
    );
  }

  return (
    <Container className="max-w-xl py-10 sm:py-14">
      <h1 className="text-3xl font-extrabold text-slate-900">Unsubscribe</h1>
      <p className="mt-2 text-slate-600">Stop one kind of email from RepRoute. Nothing changes until you press the button.</p>
      <div className="mt-8">{content}</div>
    </Container>
  );
}
