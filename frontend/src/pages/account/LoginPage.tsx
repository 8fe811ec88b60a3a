import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequest } from '@reproute/contracts';
import { AuthLayout } from '@/components/AuthLayout';
import { TextField } from '@/components/ui/Field';
import { PasswordField } from '@/components/PasswordField';
import { Button } from '@/components/ui/Button';
import { FormAlert } from '@/components/FormAlert';
import { useLogin } from '@/api/auth';
import { useSession } from '@/hooks/useSession';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { pageTitles } from '@/site/titles';
import { loginErrorMessage, safeRedirect } from '@/lib/authErrors';
import { toast } from '@/store/toast';

/** /login, also shown in place of a protected route for a signed-out visitor (redirectTo). */
export default function LoginPage({ redirectTo }: { redirectTo?: string }) {
  useDocumentTitle(pageTitles.login);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const target = redirectTo ?? safeRedirect(params.get('redirect'));
  const form = useForm({ resolver: zodResolver(loginRequest), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  if (user && !redirectTo && !login.isSuccess) return <Navigate to={target} replace />;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await login.mutateAsync(values);
      toast({ title: 'Welcome back', description: 'You are signed in.' });
      if (!redirectTo) navigate(target, { replace: true });
    } catch (error) {
      const message = loginErrorMessage(error);
      setFormError(message);
      toast({ title: 'Login Failed', description: message, variant: 'destructive' });
    }
  });

  return (
    <AuthLayout title="Sign in" subtitle={redirectTo ? 'Please sign in to continue.' : 'Welcome back. Sign in to your RepRoute account.'}>
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <FormAlert message={formError} />
        <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        <PasswordField label="Password" autoComplete="current-password" error={errors.password?.message} {...form.register('password')} />
        <div className="flex justify-end">
          <Link to="/forgot-password" className="text-sm font-semibold text-ocean-700 hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Signing in...' : 'Sign In'}
        </Button>
        <p className="text-center text-sm text-slate-600">
          New to RepRoute?{' '}
          <Link to="/register" className="font-semibold text-ocean-700 hover:underline">
            Create an account
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
