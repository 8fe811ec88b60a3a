import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { forgotPasswordRequest, messages } from '@reproute/contracts';
import { AuthLayout } from '@/components/AuthLayout';
import { TextField } from '@/components/ui/Field';
import { Button } from '@/components/ui/Button';
import { useForgotPassword } from '@/api/auth';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { pageTitles } from '@/site/titles';
import { toast } from '@/store/toast';
import { serverMessageOr } from '@/api/request';

export default function ForgotPasswordPage() {
  useDocumentTitle(pageTitles.forgotPassword);
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(forgotPasswordRequest), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await forgot.mutateAsync(values);
      setSentTo(values.email);
    } catch (error) {
      toast({ title: 'Error', description: serverMessageOr(error, 'Something went wrong. Please try again.'), variant: 'destructive' });
    }
  });

  if (sentTo) {
    return (
      <AuthLayout title="Check your email">
        <div className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5" role="status">
          <MailCheck aria-hidden className="h-8 w-8 text-emerald-600" />
          <p className="mt-3 text-slate-800">{messages.forgotPasswordGeneric}</p>
          <p className="mt-2 text-sm text-slate-600">The link is valid for one hour and can be used once.</p>
        </div>
        <Button asChild variant="outline" className="mt-6 w-full">
          <Link to="/login">Back to Sign In</Link>
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Forgot your password?" subtitle="Enter your email and we'll send you a link to choose a new one.">
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send Reset Link'}
        </Button>
        <p className="text-center text-sm">
          <Link to="/login" className="font-semibold text-ocean-700 hover:underline">
            Back to Sign In
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
