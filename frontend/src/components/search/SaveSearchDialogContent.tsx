import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { savedSearchCreate, type SavedSearchParams } from '@reproute/contracts';
import { useSaveSearch } from '@/api/savedSearches';
import { ApiError, serverMessageOr } from '@/api/request';
import { useSession } from '@/hooks/useSession';
import { FormAlert } from '@/components/FormAlert';
import { ResendVerificationButton } from '@/components/VerifyEmailNotice';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/Field';
import { toast } from '@/store/toast';

const form = savedSearchCreate.pick({ name: true, alerts: true });
type FormValues = { name: string; alerts: 'instant' | 'weekly' };

export interface SaveSearchDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  params: SavedSearchParams;
  suggestedName: string;
  atLimit: boolean;
  limit: number | null;
}

const alertChoices = [
  { value: 'instant', label: 'Right away', hint: 'An email as soon as a matching hotel is approved.' },
  { value: 'weekly', label: 'Weekly digest', hint: 'One email on Mondays with every new match of the week.' },
] as const;

/** The dialog behind "Save this search": sign in, verify, or name the search and choose its alerts. */
export default function SaveSearchDialogContent({ open, onOpenChange, params, suggestedName, atLimit, limit }: SaveSearchDialogProps) {
  const { user } = useSession();
  const location = useLocation();
  const save = useSaveSearch();
  const [formError, setFormError] = useState<string | null>(null);
  const descriptionId = useId();
  const { register, handleSubmit, formState, reset } = useForm<FormValues>({ resolver: zodResolver(form) as never, defaultValues: { name: suggestedName, alerts: 'instant' } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await save.mutateAsync({ name: values.name, alerts: values.alerts, params: params as Record<string, string> });
      onOpenChange(false);
      reset();
      toast({ title: 'Search saved', description: values.alerts === 'weekly' ? 'New matches come in your Monday digest. Manage it in your profile.' : 'We will email you when a new hotel matches. Manage it in your profile.' });
    } catch (error) {
      setFormError(error instanceof ApiError ? (error.body?.errors?.[0]?.message ?? error.serverMessage) : serverMessageOr(error, 'The search could not be saved. Please try again.'));
    }
  });

  const here = `${location.pathname}${location.search}`;
  let body;
  if (!user) {
    body = (
      <>
        <Dialog.Description id={descriptionId} className="mt-2 text-slate-700">
          Sign in to save this search. We will email you when a new hotel matches it.
        </Dialog.Description>
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Not now
          </Button>
          <Button asChild variant="outline">
            <Link to="/register">Create an account</Link>
          </Button>
          <Button asChild>
            <Link to={`/login?redirect=${encodeURIComponent(here)}`}>Sign In</Link>
          </Button>
        </div>
      </>
    );
  } else if (!user.emailVerified) {
    body = (
      <>
        <Dialog.Description id={descriptionId} className="mt-2 text-slate-700">
          Verify your email address to save searches: alerts are emailed only to an address you have confirmed. Open the link we emailed to{' '}
          <span className="font-semibold break-all">{user.email}</span>.
        </Dialog.Description>
        <ResendVerificationButton className="mt-4" />
        <div className="mt-5 flex justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Not now
          </Button>
        </div>
      </>
    );
  } else if (atLimit) {
    body = (
      <>
        <Dialog.Description id={descriptionId} className="mt-2 text-slate-700">
          You already keep {limit} saved searches, the most an account can. Delete one in your profile to save this one.
        </Dialog.Description>
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Not now
          </Button>
          <Button asChild>
            <Link to="/profile#saved-searches">Manage saved searches</Link>
          </Button>
        </div>
      </>
    );
  } else {
    body = (
      <form onSubmit={onSubmit} noValidate className="mt-2 space-y-4" data-testid="save-search-form">
        <Dialog.Description id={descriptionId} className="text-slate-700">
          We will email <span className="font-semibold break-all">{user.email}</span> about new hotels that match. You can rename, pause or delete it in your profile.
        </Dialog.Description>
        <FormAlert message={formError} />
        <TextField label="Name" maxLength={80} autoComplete="off" error={formState.errors.name?.message} {...register('name')} />
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Email me</legend>
          <div className="mt-2 space-y-1">
            {alertChoices.map((choice) => (
              <label key={choice.value} className="flex min-h-11 cursor-pointer items-start gap-2.5 rounded-lg px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-50">
                <input type="radio" value={choice.value} className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600" {...register('alerts')} />
                <span>
                  <span className="font-semibold">{choice.label}</span>
                  <span className="block text-slate-600">{choice.hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save search'}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content
          aria-describedby={descriptionId}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-2xl sm:p-6"
          data-testid="save-search-dialog"
        >
          <Dialog.Title className="font-display text-lg font-bold text-slate-900">Save this search</Dialog.Title>
          {body}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
