import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Download, LogOut, Trash2 } from 'lucide-react';
import { messages } from '@reproute/contracts';
import { useDeleteAccount, useSignOutEverywhere } from '@/api/account';
import { serverMessageOr } from '@/api/request';
import { Button } from '@/components/ui/Button';
import { useSession } from '@/hooks/useSession';
import { endedOnServer } from '@/lib/session';
import { toast } from '@/store/toast';
import { DeleteAccountDialog } from './DeleteAccountDialog';

/** "Download my data": every service's part of the account, gathered into one JSON file. */
export function DownloadMyData() {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { fetchMyData, saveAsFile } = await import('@/api/myData');
      const name = saveAsFile(await fetchMyData());
      toast({ title: 'Your data is downloading', description: `Saved as ${name}.` });
    } catch (error) {
      toast({ title: 'Download failed', description: serverMessageOr(error, 'Your data could not be gathered. Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <p className="text-sm text-slate-600">
        One JSON file of everything RepRoute keeps about your account: your profile, favourites, reviews and the hotels' replies, leads and booking clicks, messages to
        support, listings, and what analytics recorded while you were signed in.
      </p>
      <Button className="mt-3" variant="outline" onClick={() => void download()} disabled={busy} aria-busy={busy}>
        <Download aria-hidden className="h-4 w-4" /> {busy ? 'Gathering your data...' : 'Download my data'}
      </Button>
    </div>
  );
}

/** Ends every session of the account, this one included: every device signs in again. */
export function SignOutEverywhere() {
  const signOut = useSignOutEverywhere();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const run = async () => {
    try {
      await signOut.mutateAsync();
      endedOnServer(queryClient, { title: 'Signed out everywhere', description: messages.signedOutEverywhere });
      navigate('/login');
    } catch (error) {
      toast({ title: 'Could not sign out everywhere', description: serverMessageOr(error, 'Please try again.'), variant: 'destructive' });
    }
  };
  return (
    <div>
      <h3 className="font-semibold text-slate-900">Signed in somewhere else?</h3>
      <p className="mt-1 text-sm text-slate-600">Sign out on every device and browser, this one included. You will need your password to sign in again.</p>
      <Button className="mt-3" variant="outline" onClick={() => void run()} disabled={signOut.isPending} aria-busy={signOut.isPending}>
        <LogOut aria-hidden className="h-4 w-4" /> {signOut.isPending ? 'Signing out...' : 'Sign out everywhere'}
      </Button>
    </div>
  );
}

/** "Delete my account", behind a dialog that says what happens to each kind of data and asks for the password. */
export function DeleteMyAccount() {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  if (!user) return null;
  const confirm = async (currentPassword: string) => {
    const answer = await remove.mutateAsync({ currentPassword });
    setOpen(false);
    endedOnServer(queryClient, { title: 'Account deletion started', description: answer?.message ?? messages.accountDeletionStarted });
    navigate('/', { replace: true });
  };
  return (
    <div>
      <p className="text-sm text-slate-600">
        Deletes your account and everything tied to it.{user.isProvider ? ' Your listings are unpublished and deleted with it.' : ''} You will be asked for your password.
      </p>
      <Button className="mt-3" variant="destructive" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden className="h-4 w-4" /> Delete my account
      </Button>
      <DeleteAccountDialog open={open} onOpenChange={setOpen} isProvider={user.isProvider} busy={remove.isPending} onConfirm={confirm} />
    </div>
  );
}
