import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { CheckCircle2, LinkIcon, Loader2 } from 'lucide-react';
import { AuthLayout } from '@/components/AuthLayout';
import { ResendVerificationButton } from '@/components/VerifyEmailNotice';
import { Button } from '@/components/ui/Button';
import { useVerifyEmail } from '@/api/auth';
import { serverMessageOr } from '@/api/request';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { pageTitles } from '@/site/titles';
import { useSession } from '@/hooks/useSession';
import { toast } from '@/store/toast';

type Outcome = { kind: 'verifying' } | { kind: 'verified'; email: string } | { kind: 'failed'; message: string };

const incompleteLink = 'This verification link is incomplete. Open the link from the email again, or send a new one.';

/**
 * /verify-email?token=…: opens the emailed link once, on arrival. The token leaves the address bar at
 * once (history, analytics and screenshots never keep it). A signed-in owner gets a fresh session
 * that speaks for the verified address; anyone else is told to sign in.
 */
export default function VerifyEmailPage() {
  useDocumentTitle(pageTitles.verifyEmail);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const verify = useVerifyEmail();
  const [token] = useState(() => params.get('token')?.trim() ?? '');
  const [outcome, setOutcome] = useState<Outcome>(() => (token ? { kind: 'verifying' } : { kind: 'failed', message: incompleteLink }));
  // One call per visit, even when effects run twice (React's strict mode).
  const started = useRef(false);

  useEffect(() => {
    if (params.has('token')) navigate('/verify-email', { replace: true });
    if (!token || started.current) return;
    started.current = true;
    verify.mutate(token, {
      onSuccess: (answer) => {
        setOutcome({ kind: 'verified', email: answer.email });
        toast({ title: 'Email verified', description: `${answer.email} is verified.` });
      },
      onError: (error) => setOutcome({ kind: 'failed', message: serverMessageOr(error, 'Your email could not be verified right now. Please try the link again shortly.') }),
    });
    // Runs once on arrival.
  }, []);

  if (outcome.kind === 'verifying') {
    return (
      <AuthLayout title="Verifying your email">
        <p role="status" className="flex items-center gap-3 text-slate-700">
          <Loader2 aria-hidden className="h-5 w-5 animate-spin text-ocean-600" /> Checking your link...
        </p>
      </AuthLayout>
    );
  }

  if (outcome.kind === 'verified') {
    const signedInHere = Boolean(user);
    return (
      <AuthLayout title="Your email is verified">
        <div role="status" data-testid="verify-email-success" className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5">
          <CheckCircle2 aria-hidden className="h-8 w-8 text-emerald-600" />
          <p className="mt-3 text-slate-800">
            <strong className="font-semibold break-all">{outcome.email}</strong> is verified. Hotels you book with now receive your name and email when you send them a
            booking request, and you can publish reviews.
          </p>
        </div>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          {signedInHere ? (
            <>
              <Button asChild className="flex-1">
                <Link to="/search">Find a hotel</Link>
              </Button>
              <Button asChild variant="outline" className="flex-1">
                <Link to="/write-review">Write a review</Link>
              </Button>
            </>
          ) : (
            <Button asChild className="flex-1">
              <Link to="/login">Sign in</Link>
            </Button>
          )}
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="We couldn't verify your email">
      <div role="alert" data-testid="verify-email-failed" className="rounded-2xl border border-red-200 bg-red-50 p-5">
        <LinkIcon aria-hidden className="h-7 w-7 text-red-600" />
        <p className="mt-3 font-medium text-red-800">{outcome.message}</p>
      </div>
      {user && !user.emailVerified ? (
        <div className="mt-6">
          <p className="mb-3 text-sm text-slate-700">Links work once and expire after 24 hours. We can send a new one to {user.email}.</p>
          <ResendVerificationButton size="md" />
        </div>
      ) : user ? (
        <Button asChild className="mt-6 w-full">
          <Link to="/profile">Go to your profile</Link>
        </Button>
      ) : (
        <>
          <p className="mt-6 text-sm text-slate-700">Sign in to send yourself a new link.</p>
          <Button asChild className="mt-3 w-full">
            <Link to="/login?redirect=%2Fprofile">Sign in</Link>
          </Button>
        </>
      )}
    </AuthLayout>
  );
}
