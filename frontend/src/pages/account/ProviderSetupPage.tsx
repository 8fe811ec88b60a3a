import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Building2 } from 'lucide-react';
import { providerSetupRequest } from '@reproute/contracts';
import { TextField } from '@/components/ui/Field';
import { Button } from '@/components/ui/Button';
import { Card, Container } from '@/components/ui/Misc';
import { FormAlert } from '@/components/FormAlert';
import { useProviderSetup } from '@/api/auth';
import { useSession } from '@/hooks/useSession';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { pageTitles } from '@/site/titles';
import { isSessionExpired } from '@/lib/authErrors';
import { toast } from '@/store/toast';

/** /provider/setup and /provider-setup: company name and business phone turn the account into a provider. */
export default function ProviderSetupPage() {
  useDocumentTitle(pageTitles.providerSetup);
  const { user } = useSession();
  const navigate = useNavigate();
  const setup = useProviderSetup();
  const [formError, setFormError] = useState<string | null>(null);
  // Details typed at provider registration arrive in the query when its setup call did not go through.
  const [params] = useSearchParams();
  const storedPhone = user?.phoneNumber ? (user.phoneNumber.startsWith('+') ? user.phoneNumber : `${user.countryCode}${user.phoneNumber}`) : '';
  const form = useForm({
    resolver: zodResolver(providerSetupRequest),
    defaultValues: {
      companyName: user?.companyName ?? params.get('companyName') ?? '',
      phoneNumber: storedPhone || params.get('phoneNumber') || '',
      bio: params.get('bio') ?? undefined,
    },
  });
  const { errors, isSubmitting } = form.formState;

  if (!user) return <Navigate to="/login?redirect=/provider/setup" replace />;
  if (user.isProvider && !setup.isSuccess) return <Navigate to="/provider/dashboard" replace />;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await setup.mutateAsync(values);
      toast({ title: 'Welcome aboard', description: 'Your provider account is ready. Add your first listing.' });
      navigate('/provider/dashboard');
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Provider setup failed';
      setFormError(message);
      if (isSessionExpired(error)) {
        toast({ title: 'Session Expired', description: 'Your session has expired. Please sign in again.', variant: 'destructive' });
        navigate('/login?redirect=/provider/setup');
      }
    }
  });

  return (
    <Container className="max-w-2xl py-10 sm:py-16">
      <Card className="p-6 sm:p-8">
        <span className="bg-brand-gradient flex h-12 w-12 items-center justify-center rounded-xl text-white">
          <Building2 aria-hidden className="h-6 w-6" />
        </span>
        <h1 className="mt-5 text-3xl font-extrabold text-slate-900">Set up your provider account</h1>
        <p className="mt-2 text-slate-600">List your hotel for free. Our team reviews each listing before it goes live.</p>
        <form onSubmit={onSubmit} noValidate className="mt-8 space-y-5">
          <FormAlert message={formError} />
          <TextField label="Company name" autoComplete="organization" error={errors.companyName?.message} {...form.register('companyName')} />
          <TextField label="Business phone" type="tel" autoComplete="tel" placeholder="+44 20 7946 0958" error={errors.phoneNumber?.message} {...form.register('phoneNumber')} />
          <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={() => navigate('/')}>
              Maybe Later
            </Button>
            <Button type="submit" size="lg" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Complete Provider Setup'}
            </Button>
          </div>
        </form>
      </Card>
    </Container>
  );
}
