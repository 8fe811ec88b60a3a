import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, LinkIcon } from 'lucide-react';
import { resetPasswordForm } from '@reproute/contracts';
import { AuthLayout } from '@/components/AuthLayout';
import { PasswordField } from '@/components/PasswordField';
import { Button } from '@/components/ui/Button';
import { FormAlert } from '@/components/FormAlert';
import { useResetPassword } from '@/api/auth';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { pageTitles } from '@/site/titles';
import { resetErrorMessage } from '@/lib/authErrors';
import { toast } from '@/store/toast';
import { PasswordChecklist } from './PasswordChecklist';

export const RESET_REDIRECT_MS = 3000;

export default function ResetPasswordPage() {
  useDocumentTitle(pageTitles.resetPassword);
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(resetPasswordForm), defaultValues: { password: '', confirmPassword: '' } });
  const { errors, isSubmitting } = form.formState;
  const password = form.watch('password');

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate('/login'), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  if (!token) {
    return (
      <AuthLayout title="Invalid Reset Link">
        <div className="rounded-2xl border border-red-200 bg-red-50 p-5">
          <LinkIcon aria-hidden className="h-7 w-7 text-red-600" />
          <p className="mt-3 font-medium text-red-800">Invalid reset link. Please request a new password reset.</p>
        </div>
        <Button asChild className="mt-6 w-full">
          <Link to="/forgot-password">Request a New Link</Link>
        </Button>
      </AuthLayout>
    );
  }

  if (done) {
    return (
      <AuthLayout title="Password Reset Successful">
        <div className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5" role="status">
          <CheckCircle2 aria-hidden className="h-8 w-8 text-emerald-600" />
          <p className="mt-3 text-slate-800">Your password has been reset. Taking you to sign in...</p>
        </div>
        <Button asChild variant="outline" className="mt-6 w-full">
          <Link to="/login">Go to Sign In</Link>
        </Button>
      </AuthLayout>
    );
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await reset.mutateAsync({ token, password: values.password });
      toast({ title: 'Password updated', description: 'You can now sign in with your new password.' });
      setDone(true);
    } catch (error) {
      const message = resetErrorMessage(error);
      setFormError(message);
      toast({ title: 'Reset Failed', description: message, variant: 'destructive' });
    }
  });

  return (
    <AuthLayout title="Choose a new password" subtitle="Use at least 8 characters with an uppercase letter, a lowercase letter, a number and a special character.">
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <FormAlert message={formError} />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          error={errors.password?.message}
          hint={<PasswordChecklist password={password} />}
          {...form.register('password')}
        />
        <PasswordField label="Confirm new password" autoComplete="new-password" error={errors.confirmPassword?.message} {...form.register('confirmPassword')} />
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Resetting...' : 'Reset Password'}
        </Button>
        {formError?.includes('expired') ? (
          <p className="text-center text-sm">
            <Link to="/forgot-password" className="font-semibold text-ocean-700 hover:underline">
              Request a new reset link
            </Link>
          </p>
        ) : null}
      </form>
    </AuthLayout>
  );
}
