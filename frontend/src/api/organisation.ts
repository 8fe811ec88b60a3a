import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiQuery, apiQueryKey, callApi, type ApiBody } from './client';
import { acceptAuthAnswer } from './auth';

/** The caller's organisation and own roles (every member). */
export function useOrganisation() {
  return useQuery({ ...apiQuery('GET /api/organisation'), staleTime: 30_000 });
}

const teamKey = apiQueryKey('GET /api/organisation/team');
const activityKey = apiQueryKey('GET /api/organisation/activity').slice(0, 1);

/** Members and open invitations (owners). */
export function useTeam(enabled: boolean) {
  return useQuery({ ...apiQuery('GET /api/organisation/team'), enabled, staleTime: 0 });
}

/** One page of the organisation's activity log (owners), newest first. */
export function useActivity(enabled: boolean, page = 1) {
  return useQuery({ ...apiQuery('GET /api/organisation/activity', { query: { page } }), enabled, staleTime: 0 });
}

function useTeamChange<T, R>(send: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: teamKey }), queryClient.invalidateQueries({ queryKey: activityKey })]);
    },
  });
}

export const useInvite = () => useTeamChange((body: ApiBody<'POST /api/organisation/invitations'>) => callApi('POST /api/organisation/invitations', { body }));
export const useCancelInvitation = () => useTeamChange((id: string) => callApi('DELETE /api/organisation/invitations/:id', { params: { id } }));
export const useChangeMember = () =>
  useTeamChange(({ userId, grants }: { userId: string; grants: Record<string, 'owner' | 'manager' | 'responder' | 'viewer'> }) =>
    callApi('PUT /api/organisation/members/:userId', { params: { userId }, body: { grants } }),
  );
export const useRemoveMember = () => useTeamChange((userId: string) => callApi('DELETE /api/organisation/members/:userId', { params: { userId } }));

/** Joins the invitation's organisation: the answer's token carries it, and the session follows. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => callApi('POST /api/organisation/invitations/accept', { body: { token } }),
    onSuccess: async (answer) => {
      acceptAuthAnswer(answer);
      await queryClient.invalidateQueries();
    },
  });
}
