import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as Checkbox from '@radix-ui/react-checkbox';
import { Check, X } from 'lucide-react';
import { countryCodes, setupProfileRequest } from '@reproute/contracts';
import { TextAreaField, TextField, inputClass } from '@/components/ui/Field';
import { Button } from '@/components/ui/Button';
import { Card, Container } from '@/components/ui/Misc';
import { FormAlert } from '@/components/FormAlert';
import { useSetupProfile } from '@/api/auth';
import { useSession } from '@/hooks/useSession';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { pageTitles } from '@/site/titles';
import { isSessionExpired } from '@/lib/authErrors';
import { toast } from '@/store/toast';

interface FormValues {
  firstName: string;
  lastName: string;
  bio: string;
  isTraveler: boolean;
  isProvider: boolean;
  countryCode: string;
  phoneNumber: string;
  companyName: string;
}

function RoleCheckbox({ id, label, text, checked, onChange }: { id: string; label: string; text: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label htmlFor={id} className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-4 hover:border-brand-200 has-[[data-state=checked]]:border-brand-500 has-[[data-state=checked]]:bg-brand-50">
      <Checkbox.Root
        id={id}
        checked={checked}
        onCheckedChange={(v) => onChange(v === true)}
        className="mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-md border border-slate-400 bg-white data-[state=checked]:border-brand-500 data-[state=checked]:bg-brand-500"
      >
        <Checkbox.Indicator>
          <Check aria-hidden className="h-3.5 w-3.5 text-white" strokeWidth={3} />
        </Checkbox.Indicator>
      </Checkbox.Root>
      <span>
        <span className="block text-sm font-semibold text-slate-900">{label}</span>
        <span className="block text-sm text-slate-600">{text}</span>
      </span>
    </label>
  );
}

/** /profile-setup (provider=true preselects the provider role); skippable. */
export default function ProfileSetupPage() {
  useDocumentTitle(pageTitles.profileSetup);
  const { user } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const setup = useSetupProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    resolver: zodResolver(setupProfileRequest) as never,
    defaultValues: {
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      bio: user?.bio ?? '',
      isTraveler: user?.isTraveler ?? true,
      isProvider: params.get('provider') === 'true' || (user?.isProvider ?? false),
      countryCode: user?.countryCode || '+1',
      phoneNumber: user?.phoneNumber ?? '',
      companyName: user?.companyName ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const isProvider = form.watch('isProvider');
  const countryCode = form.watch('countryCode');

  useEffect(() => {
    if (user) return;
    toast({ title: 'Authentication Required', description: 'Please sign in to set up your profile.', variant: 'destructive' });
    navigate('/login?redirect=/profile-setup', { replace: true });
    // Only on arrival without a session; a later sign-out is handled by the session expiry path.
  }, []);

  if (!user) return null;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await setup.mutateAsync(values as never);
      toast({ title: 'Profile complete', description: 'Your profile has been saved.' });
      navigate(answer.user.isProvider ? '/provider-dashboard' : '/');
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      if (isSessionExpired(error)) {
        toast({ title: 'Session Expired', description: 'Your session has expired. Please sign in again.', variant: 'destructive' });
        navigate('/login?redirect=/profile-setup');
        return;
      }
      if (message.includes('String did not match')) {
        const text = `Please check your phone number format. Use international format like ${countryCode || '+1'}5551234567`;
        setFormError(text);
        toast({ title: 'Setup Failed', description: text, variant: 'destructive' });
        return;
      }
      const text = message || 'Something went wrong. Please try again.';
      setFormError(text);
      toast({ title: 'Setup Failed', description: text, variant: 'destructive' });
    }
  });

  const skip = () => {
    toast({ title: 'Profile Setup Skipped', description: 'You can complete your profile any time from your account.' });
    navigate('/');
  };

  return (
    <Container className="max-w-3xl py-10 sm:py-14">
      <Card className="relative p-6 sm:p-8">
        <Link to="/" aria-label="Close profile setup" className="absolute top-4 right-4 rounded-full p-2 text-slate-500 hover:bg-slate-100">
          <X aria-hidden className="h-5 w-5" />
        </Link>
        <h1 className="text-3xl font-extrabold text-slate-900">Set up your profile</h1>
        <p className="mt-2 text-slate-600">Tell us how you'll use RepRoute. Everything here is optional unless you list a hotel.</p>
        <form onSubmit={onSubmit} noValidate className="mt-8 space-y-6">
          <FormAlert message={formError} />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...form.register('firstName')} />
            <TextField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...form.register('lastName')} />
          </div>
          <TextAreaField label="Bio" rows={3} placeholder="Training style, favourite lifts, where you travel..." error={errors.bio?.message} {...form.register('bio')} />
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-800">I am a...</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <Controller
                control={form.control}
                name="isTraveler"
                render={({ field }) => (
                  <RoleCheckbox id="role-traveler" label="Traveller" text="I look for hotels with good gyms." checked={field.value} onChange={field.onChange} />
                )}
              />
              <Controller
                control={form.control}
                name="isProvider"
                render={({ field }) => (
                  <RoleCheckbox id="role-provider" label="Provider" text="I own or run a hotel or gym." checked={field.value} onChange={field.onChange} />
                )}
              />
            </div>
          </fieldset>
          <div className="grid gap-5 sm:grid-cols-[140px_1fr]">
            <div>
              <label htmlFor="country-code" className="mb-1.5 block text-sm font-medium text-slate-800">
                Country code
              </label>
              <select id="country-code" className={inputClass} {...form.register('countryCode')}>
                {countryCodes.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
            </div>
            <TextField label={isProvider ? 'Phone number (required for providers)' : 'Phone number'} type="tel" autoComplete="tel" placeholder="4155551234" error={errors.phoneNumber?.message} {...form.register('phoneNumber')} />
          </div>
          {isProvider ? (
            <TextField label="Company name (required for providers)" autoComplete="organization" error={errors.companyName?.message} {...form.register('companyName')} />
          ) : null}
          <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:justify-between">
            <div className="flex gap-2">
              <Button variant="ghost" onClick={() => navigate('/')}>
                Back
              </Button>
              <Button variant="outline" onClick={skip}>
                Skip for Now
              </Button>
            </div>
            <Button type="submit" size="lg" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Complete Setup'}
            </Button>
          </div>
        </form>
      </Card>
    </Container>
  );
}
