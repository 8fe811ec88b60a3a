import { useState, type FormEvent } from 'react';
import { Mail, Trash2, UserPlus, Users } from 'lucide-react';
import { organisationRoleLabels, organisationRoles, type OrganisationRole } from '@reproute/contracts/organisation-values';
import { useActivity, useCancelInvitation, useChangeMember, useInvite, useOrganisation, useRemoveMember, useTeam } from '@/api/organisation';
import { useProviderHotels } from '@/api/provider';
import { serverMessageOr } from '@/api/request';
import { Button } from '@/components/ui/Button';
import { inputClass, TextField } from '@/components/ui/Field';
import { Card, Skeleton } from '@/components/ui/Misc';
import { toast } from '@/store/toast';
import { activityText, grantsText, roleHint } from './teamText';

type Role = OrganisationRole;
const selectClass = `${inputClass} py-2`;
const dateTime = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** The dashboard's Team tab: the organisation, its members and their roles, invitations and the activity log (owners manage; others see their roles). */
export default function TeamPanel() {
  const organisation = useOrganisation();
  const hotels = useProviderHotels();
  const isOwner = organisation.data?.grants['*'] === 'owner';
  const team = useTeam(isOwner);
  const activity = useActivity(isOwner);
  const hotelName = (id: number) => hotels.data?.find((h) => h.id === id)?.name ?? `property ${id}`;

  if (organisation.isPending) return <Skeleton className="h-64" aria-busy="true" aria-label="Loading the team" />;
  if (organisation.isError || !organisation.data) {
    return <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-700">{serverMessageOr(organisation.error, 'The team could not be loaded. Please try again.')}</p>;
  }
  return (
    <div className="grid gap-6" data-testid="team-panel">
      <Card className="p-5 sm:p-6">
        <p className="text-sm font-semibold text-brand-600">Your organisation</p>
        <h2 className="mt-1 text-2xl font-bold break-words text-slate-900">{organisation.data.name}</h2>
        <p className="mt-2 text-slate-700" data-testid="my-roles">
          Your role: {grantsText(organisation.data.grants, hotelName)}
        </p>
        {!isOwner ? <p className="mt-2 text-sm text-slate-600">Only an owner can invite people, change roles and read the activity log.</p> : null}
      </Card>
      {isOwner ? (
        <>
          <InviteForm hotels={hotels.data ?? []} />
          <Members team={team.data} loading={team.isPending} hotelName={hotelName} />
          <Activity entries={activity.data?.items} loading={activity.isPending} hotelName={hotelName} />
        </>
      ) : null}
    </div>
  );
}

function RoleSelect({ id, value, onChange, label, allowOwner = true }: { id: string; value: Role; onChange: (role: Role) => void; label: string; allowOwner?: boolean }) {
  return (
    <select id={id} aria-label={label} value={value} onChange={(event) => onChange(event.target.value as Role)} className={selectClass}>
      {organisationRoles
        .filter((role) => allowOwner || role !== 'owner')
        .map((role) => (
          <option key={role} value={role}>
            {organisationRoleLabels[role]}: {roleHint(role)}
          </option>
        ))}
    </select>
  );
}

function InviteForm({ hotels }: { hotels: { id: number; name: string }[] }) {
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('manager');
  const [scope, setScope] = useState('*');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const sent = await invite.mutateAsync({ email, grants: { [scope]: role } });
      toast({ title: 'Invitation sent', description: `${sent.email} can join with the link we emailed (valid for 7 days).` });
      setEmail('');
    } catch (err) {
      setError(serverMessageOr(err, 'The invitation could not be sent. Please try again.'));
    }
  };
  return (
    <Card className="p-5 sm:p-6">
      <h3 className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <UserPlus aria-hidden className="h-5 w-5" /> Invite a team member
      </h3>
      <form onSubmit={(e) => void submit(e)} className="mt-4 grid gap-4 md:grid-cols-[2fr_2fr_2fr_auto] md:items-end" data-testid="invite-form">
        <TextField label="Email address" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} error={error ?? undefined} autoComplete="off" />
        <div>
          <label htmlFor="invite-role" className="mb-1.5 block text-sm font-medium text-slate-800">
            Role
          </label>
          <RoleSelect id="invite-role" label="Role" value={role} onChange={(r) => { setRole(r); if (r === 'owner') setScope('*'); }} />
        </div>
        <div>
          <label htmlFor="invite-scope" className="mb-1.5 block text-sm font-medium text-slate-800">
            For
          </label>
          <select id="invite-scope" value={scope} onChange={(e) => setScope(e.target.value)} className={selectClass} disabled={role === 'owner'}>
            <option value="*">Every property</option>
            {hotels.map((hotel) => (
              <option key={hotel.id} value={String(hotel.id)}>
                {hotel.name}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={invite.isPending}>
          <Mail aria-hidden className="h-4 w-4" /> {invite.isPending ? 'Sending...' : 'Send invitation'}
        </Button>
      </form>
    </Card>
  );
}

type TeamData = ReturnType<typeof useTeam>['data'];

function Members({ team, loading, hotelName }: { team: TeamData; loading: boolean; hotelName: (id: number) => string }) {
  const change = useChangeMember();
  const remove = useRemoveMember();
  const cancel = useCancelInvitation();
  const failed = (err: unknown) => toast({ title: 'Not changed', description: serverMessageOr(err, 'Please try again.'), variant: 'destructive' });
  if (loading || !team) return <Skeleton className="h-40" aria-busy="true" aria-label="Loading members" />;
  return (
    <Card className="p-5 sm:p-6">
      <h3 className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <Users aria-hidden className="h-5 w-5" /> Members
      </h3>
      <ul className="mt-4 divide-y divide-slate-200" data-testid="members">
        {team.members.map((member) => {
          const name = [member.firstName, member.lastName].filter(Boolean).join(' ');
          return (
            <li key={member.userId} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between" data-testid="member">
              <div className="min-w-0">
                <p className="font-semibold break-words text-slate-900">{name || member.email}</p>
                <p className="text-sm break-all text-slate-600">{member.email}</p>
                <p className="mt-1 text-sm text-slate-700">
                  {grantsText(member.grants, hotelName)}
                  {member.founder ? ' · founder' : ''}
                </p>
              </div>
              {member.founder ? null : (
                <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
                  <RoleSelect
                    id={`role-${member.userId}`}
                    label={`Role of ${member.email} for every property`}
                    value={member.grants['*'] ?? 'viewer'}
                    onChange={(role) => change.mutate({ userId: member.userId, grants: role === 'owner' ? { '*': role } : { ...member.grants, '*': role } }, { onError: failed, onSuccess: () => toast({ title: 'Role changed', description: `${member.email} signs in again to use it.` }) })}
                  />
                  <Button variant="outline" onClick={() => remove.mutate(member.userId, { onError: failed, onSuccess: () => toast({ title: 'Member removed', description: `${member.email} no longer has access.` }) })}>
                    <Trash2 aria-hidden className="h-4 w-4" /> Remove
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {team.invitations.length > 0 ? (
        <>
          <h4 className="mt-6 font-semibold text-slate-900">Open invitations</h4>
          <ul className="mt-2 divide-y divide-slate-200" data-testid="invitations">
            {team.invitations.map((invitation) => (
              <li key={invitation.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-medium break-all text-slate-900">{invitation.email}</p>
                  <p className="text-sm text-slate-600">
                    {grantsText(invitation.grants, hotelName)} · expires {dateTime(invitation.expiresAt)}
                  </p>
                </div>
                <Button variant="outline" onClick={() => cancel.mutate(invitation.id, { onError: failed })}>
                  Cancel invitation
                </Button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Card>
  );
}

function Activity({ entries, loading, hotelName }: { entries: { id: string; at: string; actorEmail: string; action: string; hotelName: string | null; detail: string | null }[] | undefined; loading: boolean; hotelName: (id: number) => string }) {
  if (loading || !entries) return <Skeleton className="h-40" aria-busy="true" aria-label="Loading the activity log" />;
  return (
    <Card className="p-5 sm:p-6">
      <h3 className="text-lg font-bold text-slate-900">Activity log</h3>
      <p className="mt-1 text-sm text-slate-600">Who changed which listing, lead status or reply, and when.</p>
      {entries.length === 0 ? (
        <p className="mt-4 text-slate-600">Nothing yet.</p>
      ) : (
        <ol className="mt-4 divide-y divide-slate-200" data-testid="activity">
          {entries.map((entry) => (
            <li key={entry.id} className="py-3">
              <p className="text-sm break-words text-slate-900">{activityText(entry, hotelName)}</p>
              <p className="text-xs text-slate-500">
                <time dateTime={entry.at}>{dateTime(entry.at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
