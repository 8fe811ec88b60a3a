import { useEffect, useState, type ReactNode } from 'react';
import { MailCheck, MailWarning } from 'lucide-react';
import { fetchCurrentUser, useResendVerification } from '@/api/auth';
import { ApiError, serverMessageOr } from '@/api/request';
import { useSession } from '@/hooks/useSession';
import { currentWithFreshToken } from '@/lib/session';
import { cn } from '@/lib/cn';
import { signedIn } from '@/store/session';
import { Button } from './ui/Button';

/** What an unverified account cannot do yet, in the words every notice uses. */
export const unverifiedLimits = "Until you do, hotels you book with won't receive your name or email, and you can't publish reviews.";

/**
 * "Resend verification email": a new link to the account's address (the server allows 3 an hour and
 * says when to try again). Reports what happened next to the button, for screen readers too.
 */
export function ResendVerificationButton({ className, size = 'sm' }: { className?: string; size?: 'sm' | 'md' }) {
  const resend = useResendVerification();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const send = async () => {
    setResult(null);
    try {
      await resend.mutateAsync();
      setResult({ ok: true, text: 'Sent! Check your inbox for the new link.' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // Verified meanwhile (the link was opened elsewhere): take the fresh state.
        void recheckVerification();
        setResult({ ok: true, text: 'Your email address is already verified.' });
        return;
      }
      setResult({ ok: false, text: serverMessageOr(error, 'The email could not be sent. Please try again.') });
    }
  };
  return (
    <div className={cn('flex flex-wrap items-center gap-x-3 gap-y-1', className)}>
      <Button size={size} variant="outline" onClick={() => void send()} disabled={resend.isPending} aria-busy={resend.isPending}>
        {resend.isPending ? 'Sending...' : 'Resend verification email'}
      </Button>
      <p role="status" aria-live="polite" className={cn('text-sm', result?.ok === false ? 'text-red-700' : 'text-slate-700')}>
        {result?.text ?? ''}
      </p>
    </div>
  );
}

/** Asks the server whether the account is verified now (the link may have been opened in another tab or device). */
export async function recheckVerification(): Promise<void> {
  try {
    const user = await currentWithFreshToken(await fetchCurrentUser());
    signedIn(user);
  } catch {
    // The next page load checks again.
  }
}

/**
 * The banner a signed-in account with an unverified address sees on every page: what waits on the
 * address and how to verify it. It looks again whenever the window comes back into view, so a link
 * opened in another tab takes the banner away.
 */
export function VerifyEmailBanner() {
  const { user } = useSession();
  const unverified = Boolean(user && !user.emailVerified);
  useEffect(() => {
    if (!unverified) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') void recheckVerification();
    };
    window.addEventListener('focus', onVisible);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', onVisible);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [unverified]);
  if (!user || user.emailVerified) return null;
  return (
    <section aria-labelledby="verify-email-banner-title" data-testid="verify-email-banner" className="border-b border-amber-300 bg-amber-50">
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-3 px-4 py-3 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <div className="flex min-w-0 items-start gap-3">
          <MailWarning aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" />
          <div className="min-w-0">
            <h2 id="verify-email-banner-title" className="font-semibold text-amber-950">
              Please verify your email address
            </h2>
            <p className="text-sm break-words text-amber-950">
              We sent a link to <strong className="font-semibold">{user.email}</strong>. {unverifiedLimits}
            </p>
          </div>
        </div>
        <ResendVerificationButton className="shrink-0 md:justify-end" />
      </div>
    </section>
  );
}

/** The same limit, inside a form that depends on it (the review form, the booking dialog). */
export function UnverifiedEmailNotice({ children, className, testId }: { children: ReactNode; className?: string; testId?: string }) {
  return (
    <div role="note" data-testid={testId} className={cn('rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950', className)}>
      <p className="flex items-start gap-2 font-semibold">
        <MailCheck aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" />
        Verify your email address first
      </p>
      <div className="mt-1 space-y-3 pl-6">{children}</div>
    </div>
  );
}
