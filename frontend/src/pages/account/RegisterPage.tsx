import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { registerRequest } from '@reproute/contracts';
import { AuthLayout } from '@/components/AuthLayout';
import { TextField } from '@/components/ui/Field';
import { PasswordField } from '@/components/PasswordField';
import { Button } from '@/components/ui/Button';
import { FormAlert } from '@/components/FormAlert';
import { PasswordChecklist } from './PasswordChecklist';
import { useRegister } from '@/api/auth';
import { ApiError } from '@/api/request';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { pageTitles } from '@/site/titles';
import { registerErrorMessage } from '@/lib/authErrors';
import { toast } from '@/store/toast';

type FieldName = 'email' | 'password' | 'firstName' | 'lastName';

export default function RegisterPage() {
  useDocumentTitle(pageTitles.register);
  const navigate = useNavigate();
  const registerCall = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(registerRequest),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const password = form.watch('password');

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await registerCall.mutateAsync(values);
      toast({ title: 'Welcome to RepRoute', description: 'Your account is ready. Tell us a little about yourself.' });
      navigate('/profile-setup');
    } catch (error) {
      if (error instanceof ApiError) {
        for (const field of error.body?.errors ?? []) {
          if (['email', 'password', 'firstName', 'lastName'].includes(field.path)) form.setError(field.path as FieldName, { message: field.message });
        }
      }
      const message = registerErrorMessage(error);
      setFormError(message);
      toast({ title: 'Registration Failed', description: message, variant: 'destructive' });
    }
  });

  return (
    <AuthLayout title="Create your account" subtitle="Join travellers who never skip a session on the road.">
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <FormAlert message={formError} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...form.register('firstName')} />
          <TextField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...form.register('lastName')} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          error={errors.password?.message}
          hint={<PasswordChecklist password={password} />}
          {...form.register('password')}
        />
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Creating account...' : 'Create Account'}
        </Button>
        <p className="text-center text-sm text-slate-600">
          Already have an account?{' '}
          <Link to="/login" className="font-semibold text-ocean-700 hover:underline">
            Sign in
          </Link>
        </p>
        <p className="text-center text-sm text-slate-600">
          Own a hotel?{' '}
          <Link to="/provider-register" className="font-semibold text-ocean-700 hover:underline">
            Register as a provider
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
