import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { emailChangeRequest, type EmailChangeRequest } from '@reproute/contracts';
import { useEmailChange } from '@/api/auth';
import { ApiError, serverMessageOr } from '@/api/request';
import { useSession } from '@/hooks/useSession';
import { signedIn } from '@/store/session';
import { toast } from '@/store/toast';
import { FormAlert } from './FormAlert';
import { PasswordField } from './PasswordField';
import { Button } from './ui/Button';
import { TextField } from './ui/Field';

/**
 * Change the account's email: the current password and the new address. A confirmation link goes to
 * the new address (and a notice to the current one); the email changes only when that link is opened,
 * so until then the form says which address waits and sign-in keeps the current one.
 */
export function EmailChangeForm() {
  const { user } = useSession();
  const change = useEmailChange();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<EmailChangeRequest>({ resolver: zodResolver(emailChangeRequest), defaultValues: { currentPassword: '', newEmail: '' } });
  const { errors, isSubmitting } = form.formState;
  if (!user) return null;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await change.mutateAsync(values);
      signedIn({ ...user, pendingEmail: answer.pendingEmail });
      form.reset({ currentPassword: '', newEmail: '' });
      toast({ title: 'Check your new inbox', description: answer.message });
    } catch (error) {
      const fields = error instanceof ApiError ? (error.body?.errors ?? []) : [];
      const fieldNames = new Set(['currentPassword', 'newEmail']);
      for (const field of fields) if (fieldNames.has(field.path)) form.setError(field.path as keyof EmailChangeRequest, { message: field.message });
      if (!fields.some((field) => fieldNames.has(field.path))) setFormError(serverMessageOr(error, 'Your email could not be changed. Please try again.'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="email-change-title" className="mt-4 space-y-4" data-testid="email-change-form">
      <h3 id="email-change-title" className="font-semibold text-slate-900">
        Change your email
      </h3>
      {user.pendingEmail ? (
        <p role="status" data-testid="pending-email" className="rounded-xl border border-ocean-200 bg-ocean-50 p-3 text-sm break-words text-ocean-900">
          Waiting for confirmation: open the link we sent to <strong className="font-semibold">{user.pendingEmail}</strong>. Until then you sign in with{' '}
          {user.email}.
        </p>
      ) : null}
      <FormAlert message={formError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="New email address" type="email" autoComplete="email" error={errors.newEmail?.message} {...form.register('newEmail')} />
        <PasswordField label="Current password" autoComplete="current-password" error={errors.currentPassword?.message} {...form.register('currentPassword')} />
      </div>
      <p className="text-sm text-slate-600">We'll email a confirmation link to the new address. Your email changes only when you open it.</p>
      <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send confirmation link'}
      </Button>
    </form>
  );
}
