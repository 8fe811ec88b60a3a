import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordForm, type ChangePasswordForm as ChangePasswordValues } from '@reproute/contracts';
import { useChangePassword } from '@/api/account';
import { ApiError, serverMessageOr } from '@/api/request';
import { FormAlert } from '@/components/FormAlert';
import { PasswordField } from '@/components/PasswordField';
import { Button } from '@/components/ui/Button';
import { PasswordChecklist } from '@/pages/account/PasswordChecklist';
import { toast } from '@/store/toast';

const fields = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/**
 * A new password with the current one. The server ends every other session and answers a fresh token for this
 * device, so the owner stays signed in here and every other device signs in again.
 */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ChangePasswordValues>({ resolver: zodResolver(changePasswordForm), defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' } });
  const { errors, isSubmitting } = form.formState;
  const newPassword = form.watch('newPassword');

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword: password }) => {
    setFormError(null);
    try {
      const answer = await change.mutateAsync({ currentPassword, newPassword: password });
      form.reset();
      toast({ title: 'Password changed', description: answer.message });
    } catch (error) {
      const problems = error instanceof ApiError ? (error.body?.errors ?? []) : [];
      for (const problem of problems) if ((fields as readonly string[]).includes(problem.path)) form.setError(problem.path as (typeof fields)[number], { message: problem.message });
      if (!problems.some((p) => (fields as readonly string[]).includes(p.path))) setFormError(serverMessageOr(error, 'Your password could not be changed. Please try again.'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="change-password-title" className="space-y-4" data-testid="change-password-form">
      <h3 id="change-password-title" className="font-semibold text-slate-900">
        Change your password
      </h3>
      <FormAlert message={formError} />
      <PasswordField label="Current password" autoComplete="current-password" error={errors.currentPassword?.message} {...form.register('currentPassword')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <PasswordField
          label="New password"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          hint={<PasswordChecklist password={newPassword} />}
          {...form.register('newPassword')}
        />
        <PasswordField label="Confirm new password" autoComplete="new-password" error={errors.confirmPassword?.message} {...form.register('confirmPassword')} />
      </div>
      <p className="text-sm text-slate-600">Every other device you are signed in on is signed out; this one stays signed in.</p>
      <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? 'Changing...' : 'Change password'}
      </Button>
    </form>
  );
}
