import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as Checkbox from '@radix-ui/react-checkbox';
import { Check } from 'lucide-react';
import { providerRegistrationForm } from '@reproute/contracts';
import { AuthLayout } from '@/components/AuthLayout';
import { FieldError, TextAreaField, TextField } from '@/components/ui/Field';
import { PasswordField } from '@/components/PasswordField';
import { Button } from '@/components/ui/Button';
import { FormAlert } from '@/components/FormAlert';
import { PasswordChecklist } from './PasswordChecklist';
import { acceptAuthAnswer } from '@/api/auth';
import { callApi } from '@/api/client';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { pageTitles } from '@/site/titles';
import { registerErrorMessage } from '@/lib/authErrors';
import { toast } from '@/store/toast';

/**
 * /provider-register: creates the account, then sets the provider up with the company, phone and bio
 * typed here, and goes on with a full navigation to /provider-setup. Should the setup call fail, that
 * page opens with the company, phone and bio filled in.
 */
export default function ProviderRegisterPage() {
  useDocumentTitle(pageTitles.providerRegister);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(providerRegistrationForm),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', companyName: '', phoneNumber: '', bio: '', agreeToTerms: false as unknown as true },
  });
  const { errors, isSubmitting } = form.formState;
  const password = form.watch('password');
  const bio = form.watch('bio');

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await callApi('POST /api/auth/register', {
        body: { email: values.email, password: values.password, firstName: values.firstName, lastName: values.lastName },
      });
      acceptAuthAnswer(answer);
      const details = { companyName: values.companyName, phoneNumber: values.phoneNumber, bio: values.bio };
      const setUp = await callApi('POST /api/provider/setup', { body: details })
        .then(acceptAuthAnswer)
        .then(() => true)
        .catch(() => false);
      // The spec's full navigation to /provider-setup: a provider goes on to the dashboard from there.
      window.location.assign(setUp ? '/provider-setup' : `/provider-setup?${new URLSearchParams(details).toString()}`);
    } catch (error) {
      const message = registerErrorMessage(error, 'provider');
      setFormError(message);
      toast({ title: 'Registration Failed', description: message, variant: 'destructive' });
    }
  });

  return (
    <AuthLayout title="List your hotel on RepRoute" subtitle="Free to list. Reach travellers who choose hotels by their gym." wide>
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <FormAlert message={formError} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...form.register('firstName')} />
          <TextField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...form.register('lastName')} />
        </div>
        <TextField label="Business email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          error={errors.password?.message}
          hint={<PasswordChecklist password={password} />}
          {...form.register('password')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Company name" autoComplete="organization" error={errors.companyName?.message} {...form.register('companyName')} />
          <TextField label="Business phone" type="tel" autoComplete="tel" placeholder="+44 20 7946 0958" error={errors.phoneNumber?.message} {...form.register('phoneNumber')} />
        </div>
        <div>
          <TextAreaField label="About your business" rows={4} error={errors.bio?.message} {...form.register('bio')} />
          <p className="mt-1 text-right text-xs text-slate-600">{bio.trim().length}/500 (at least 50)</p>
        </div>
        <div>
          <div className="flex items-start gap-3">
            <Controller
              control={form.control}
              name="agreeToTerms"
              render={({ field }) => (
                <Checkbox.Root
                  id="agree-terms"
                  checked={field.value === true}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  onBlur={field.onBlur}
                  aria-invalid={errors.agreeToTerms ? true : undefined}
                  className="mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-md border border-slate-400 bg-white data-[state=checked]:border-brand-500 data-[state=checked]:bg-brand-500"
                >
                  <Checkbox.Indicator>
                    <Check aria-hidden className="h-3.5 w-3.5 text-white" strokeWidth={3} />
                  </Checkbox.Indicator>
                </Checkbox.Root>
              )}
            />
            <label htmlFor="agree-terms" className="text-sm text-slate-700">
              I agree to the{' '}
              <Link to="/terms-of-service" className="font-semibold text-ocean-700 underline">
                terms and conditions
              </Link>
            </label>
          </div>
          <FieldError id="agree-terms-error" message={errors.agreeToTerms?.message} />
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Creating account...' : 'Create Provider Account'}
        </Button>
        <p className="text-center text-sm text-slate-600">
          Already have an account?{' '}
          <Link to="/login?redirect=/provider/setup" className="font-semibold text-ocean-700 hover:underline">
            Sign in
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
