import { Suspense, lazy } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Bookmark, Building2, Dumbbell, FileJson, KeyRound, LogOut, Mail, MessageSquareText, Pencil } from 'lucide-react';
import { formatPhone } from '@reproute/contracts';
import { Button } from '@/components/ui/Button';
import { Badge, Card, Container } from '@/components/ui/Misc';
import { useSession } from '@/hooks/useSession';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { pageTitles } from '@/site/titles';
import { logout } from '@/lib/session';
import { EmailChangeForm } from '@/components/EmailChangeForm';
import { ResendVerificationButton, unverifiedLimits } from '@/components/VerifyEmailNotice';
import { ChangePasswordForm } from '@/components/account/ChangePasswordForm';
import { MyReviews } from '@/components/account/MyReviews';
import { DeleteMyAccount, DownloadMyData, SignOutEverywhere } from '@/components/account/AccountDataActions';

// The saved searches' list (its editing, and the search labels it shows) loads with the page's first render, not before it.
const SavedSearches = lazy(() => import('@/components/account/SavedSearches').then((module) => ({ default: module.SavedSearches })));
// My training's summary too (the training needs' labels and the store).
const MyTrainingSummary = lazy(() => import('@/components/training/MyTrainingSummary').then((module) => ({ default: module.MyTrainingSummary })));

/** The profile's own sections, linked from its top (long on a phone). */
const sections = [
  { id: 'your-reviews', label: 'Your reviews' },
  { id: 'saved-searches', label: 'Saved searches' },
  { id: 'my-training', label: 'My training' },
  { id: 'security', label: 'Password and sign-in' },
  { id: 'emails', label: 'Emails' },
  { id: 'your-data', label: 'Your data' },
] as const;

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="border-b border-slate-100 py-3 last:border-0 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-slate-900 sm:col-span-2 sm:mt-0">{value || <span className="text-slate-500">Not set</span>}</dd>
    </div>
  );
}

/** /profile: signed-in only (the route guard shows the login screen otherwise). */
export default function ProfilePage() {
  useDocumentTitle(pageTitles.profile);
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (!user) return null;

  const signOut = async () => {
    await logout(queryClient);
    navigate('/');
  };

  return (
    <Container className="max-w-4xl py-10 sm:py-14">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-4">
          <span className="bg-brand-gradient flex h-16 w-16 items-center justify-center rounded-2xl text-2xl font-bold text-white" aria-hidden>
            {(user.firstName || user.email).charAt(0).toUpperCase()}
          </span>
          <div>
            <h1 className="text-3xl font-extrabold text-slate-900">{[user.firstName, user.lastName].filter(Boolean).join(' ') || user.email}</h1>
            <div className="mt-2 flex flex-wrap gap-2">
              <Badge tone="green">Active Member</Badge>
              {user.isTraveler ? <Badge tone="ocean">Traveler</Badge> : null}
              {user.isProvider ? <Badge tone="brand">Provider</Badge> : null}
              {user.isAdmin ? <Badge tone="slate">Admin</Badge> : null}
            </div>
          </div>
        </div>
        <div className="flex gap-2">
          <Button asChild variant="outline">
            <Link to="/profile-setup">
              <Pencil aria-hidden className="h-4 w-4" /> Edit Profile
            </Link>
          </Button>
          <Button variant="ghost" className="text-red-600 hover:bg-red-50" onClick={() => void signOut()}>
            <LogOut aria-hidden className="h-4 w-4" /> Sign Out
          </Button>
        </div>
      </div>

      {!user.profileSetupComplete ? (
        <div role="status" className="mt-8 flex flex-wrap items-start gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4">
          <AlertTriangle aria-hidden className="mt-0.5 h-5 w-5 text-amber-700" />
          <div className="flex-1">
            <p className="font-semibold text-amber-950">Your profile setup is incomplete</p>
            <p className="text-sm text-amber-900">Finish setting up your profile to get the most out of RepRoute.</p>
          </div>
          <Button asChild size="sm">
            <Link to="/profile-setup">Complete Setup</Link>
          </Button>
        </div>
      ) : null}

      <nav aria-label="Profile sections" className="mt-6 flex flex-wrap gap-2">
        {sections.map((section) => (
          <a key={section.id} href={`#${section.id}`} className="rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:border-slate-400 hover:bg-slate-50">
            {section.label}
          </a>
        ))}
      </nav>

      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <Card className="p-6 md:col-span-2">
          <h2 className="text-lg font-bold text-slate-900">Personal information</h2>
          <dl className="mt-3">
            <Row label="First name" value={user.firstName} />
            <Row label="Last name" value={user.lastName} />
            <div className="border-b border-slate-100 py-3 last:border-0 sm:grid sm:grid-cols-3 sm:gap-4">
              <dt className="text-sm font-medium text-slate-600">Email</dt>
              <dd className="mt-1 flex flex-wrap items-center gap-2 text-slate-900 sm:col-span-2 sm:mt-0">
                <span className="break-all">{user.email}</span>
                {user.emailVerified ? <Badge tone="green">Verified</Badge> : <Badge tone="amber">Not verified</Badge>}
              </dd>
            </div>
            <Row label="Bio" value={user.bio} />
          </dl>
          {!user.emailVerified ? (
            <div className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="profile-verify-email">
              <p>
                Open the link we emailed to {user.email} to verify it. {unverifiedLimits}
              </p>
              <ResendVerificationButton className="mt-3" />
            </div>
          ) : null}
          <div className="mt-6 border-t border-slate-100 pt-2">
            <EmailChangeForm />
          </div>
        </Card>
        {user.isProvider ? (
          <Card className="p-6 md:col-span-2">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 className="flex items-center gap-2 text-lg font-bold text-slate-900">
                <Building2 aria-hidden className="h-5 w-5 text-brand-600" /> Business information
              </h2>
              <Button asChild size="sm" variant="ocean">
                <Link to="/provider/dashboard">Provider Dashboard</Link>
              </Button>
            </div>
            <dl className="mt-3">
              <Row label="Company" value={user.companyName} />
              <Row label="Phone" value={formatPhone(user.countryCode, user.phoneNumber)} />
            </dl>
          </Card>
        ) : null}
        <Card className="scroll-mt-24 p-6 md:col-span-2" id="your-reviews" aria-labelledby="your-reviews-title">
          <h2 id="your-reviews-title" className="flex items-center gap-2 text-lg font-bold text-slate-900">
            <MessageSquareText aria-hidden className="h-5 w-5 text-brand-600" /> Your reviews
          </h2>
          <MyReviews />
        </Card>
        <Card className="scroll-mt-24 p-6 md:col-span-2" id="saved-searches" aria-labelledby="saved-searches-title">
          <h2 id="saved-searches-title" className="flex items-center gap-2 text-lg font-bold text-slate-900">
            <Bookmark aria-hidden className="h-5 w-5 text-brand-600" /> Saved searches
          </h2>
          <Suspense fallback={<p className="mt-3 text-sm text-slate-600">Loading your saved searches…</p>}>
            <SavedSearches verified={user.emailVerified} />
          </Suspense>
        </Card>
        <Card className="scroll-mt-24 p-6 md:col-span-2" id="my-training" aria-labelledby="my-training-title">
          <h2 id="my-training-title" className="flex items-center gap-2 text-lg font-bold text-slate-900">
            <Dumbbell aria-hidden className="h-5 w-5 text-brand-600" /> My training
          </h2>
          <p className="mt-1 text-sm text-slate-600">What you need from a hotel gym: every hotel shows how well it fits, and search can sort by fit.</p>
          <Suspense fallback={<p className="mt-3 text-sm text-slate-600">Loading your training…</p>}>
            <MyTrainingSummary />
          </Suspense>
        </Card>
        <Card className="scroll-mt-24 p-6 md:col-span-2" id="security" aria-labelledby="security-title">
          <h2 id="security-title" className="flex items-center gap-2 text-lg font-bold text-slate-900">
            <KeyRound aria-hidden className="h-5 w-5 text-brand-600" /> Password and sign-in
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Your email is changed under <a href="#email-change-title" className="font-medium text-ocean-700 hover:underline">Personal information</a>.
          </p>
          <div className="mt-4">
            <ChangePasswordForm />
          </div>
          <div className="mt-6 border-t border-slate-100 pt-6">
            <SignOutEverywhere />
          </div>
        </Card>
        <Card className="scroll-mt-24 p-6 md:col-span-2" id="emails" aria-labelledby="emails-title">
          <h2 id="emails-title" className="flex items-center gap-2 text-lg font-bold text-slate-900">
            <Mail aria-hidden className="h-5 w-5 text-brand-600" /> Emails
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Choose which emails we send you: review notices, replies to your reviews, saved search alerts, favourite hotel updates{user.isProvider ? ', and listing approvals per listing' : ''}.
          </p>
          <Button asChild variant="outline" className="mt-4">
            <Link to="/email-preferences">Email preferences</Link>
          </Button>
        </Card>
        <Card className="scroll-mt-24 p-6 md:col-span-2" id="your-data" aria-labelledby="your-data-title">
          <h2 id="your-data-title" className="flex items-center gap-2 text-lg font-bold text-slate-900">
            <FileJson aria-hidden className="h-5 w-5 text-brand-600" /> Your data
          </h2>
          <div className="mt-3">
            <DownloadMyData />
          </div>
          <div className="mt-6 rounded-xl border border-red-200 bg-red-50/60 p-4">
            <h3 className="font-semibold text-red-900">Delete your account</h3>
            <DeleteMyAccount />
          </div>
        </Card>
      </div>
    </Container>
  );
}
