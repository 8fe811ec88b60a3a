import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Users } from 'lucide-react';
import { useAcceptInvitation } from '@/api/organisation';
import { serverMessageOr } from '@/api/request';
import { FormAlert } from '@/components/FormAlert';
import { Button } from '@/components/ui/Button';
import { Card, Container } from '@/components/ui/Misc';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { useSession } from '@/hooks/useSession';
import { pageTitles } from '@/site/titles';
import { toast } from '@/store/toast';

/** /provider/join?token=…: an emailed invitation to a hotel organisation's team, accepted by the invited address's account. */
export default function JoinOrganisationPage() {
  useDocumentTitle(pageTitles.providerJoin);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, loading } = useSession();
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const here = `/provider/join?token=${encodeURIComponent(token)}`;

  const onAccept = async () => {
    setError(null);
    try {
      const answer = await accept.mutateAsync(token);
      toast({ title: 'Welcome to the team', description: `You are now a member of ${answer.organisation.name}.` });
      navigate('/provider/dashboard?tab=team');
    } catch (err) {
      setError(serverMessageOr(err, 'The invitation could not be accepted. Please try again.'));
    }
  };

  return (
    <Container className="max-w-2xl py-10 sm:py-16">
      <Card className="p-6 sm:p-8" data-testid="join-card">
        <span className="bg-brand-gradient flex h-12 w-12 items-center justify-center rounded-xl text-white">
          <Users aria-hidden className="h-6 w-6" />
        </span>
        <h1 className="mt-5 text-3xl font-extrabold text-slate-900">Join your team on RepRoute</h1>
        <p className="mt-2 text-slate-600">
          A hotel group invited you to help run its properties: listings, leads, reviews or figures, as the role it gave you allows.
        </p>
        <div className="mt-6 space-y-4">
          <FormAlert message={!token ? 'This invitation link is not complete. Open the link from the email again.' : error} />
          {loading ? null : user ? (
            <>
              <p className="text-slate-700">
                You are signed in as <strong className="font-semibold break-all">{user.email}</strong>. The invitation works only for the address it was sent to.
              </p>
              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                <Button variant="ghost" onClick={() => navigate('/')}>
                  Not now
                </Button>
                <Button size="lg" onClick={() => void onAccept()} disabled={!token || accept.isPending}>
                  {accept.isPending ? 'Joining...' : 'Accept invitation'}
                </Button>
              </div>
            </>
          ) : (
            <>
              <p className="text-slate-700">Sign in with the email address the invitation was sent to, then accept it here. New to RepRoute? Create an account with that address, then open the link in the email again.</p>
              <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
                <Button asChild variant="outline" size="lg">
                  <Link to="/register">Create an account</Link>
                </Button>
                <Button asChild size="lg">
                  <Link to={`/login?redirect=${encodeURIComponent(here)}`}>Sign in</Link>
                </Button>
              </div>
            </>
          )}
        </div>
      </Card>
    </Container>
  );
}
