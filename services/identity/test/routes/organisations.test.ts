import { describe, expect, it } from 'vitest';
import { organisationInvitationSealContext, organisationMessages as m } from '@reproute/contracts';
import { unseal } from '@reproute/platform/sealing';
import { api, claimsOf as decode, identityDb, linkKey, password, register, uniqueEmail } from './support.ts';

/** A token's claims, with the organisation's. */
const claimsOf = (token: string) => decode(token) as ReturnType<typeof decode> & { org?: { id: string; email: string; grants: Record<string, string> } };

const providerSetup = { companyName: 'Harrogate Hotels', phoneNumber: '+12125550123' };
const me = (token: string) => api('GET', '/api/auth/me', { token });

/** A registered account made a provider: it founds its organisation (of its own id). */
async function provider(prefix: string) {
  const account = await register(prefix);
  const setup = await api('POST', '/api/provider/setup', { token: account.token, body: providerSetup });
  if (setup.status !== 200) throw new Error(`provider setup failed: ${setup.status} ${JSON.stringify(setup.body)}`);
  return { ...account, token: setup.body.token as string };
}

/** The token of the latest invitation to `email`, as the notifier opens it from the event. */
async function invitationToken(email: string): Promise<string> {
  const { rows } = await identityDb.query<{ payload: { data: { invitationId: string; email: string; sealedToken: string } } }>(
    "SELECT payload FROM outbox WHERE event_type = 'organisation.invitation-created' AND payload->'data'->>'email' = $1 ORDER BY created_at DESC LIMIT 1",
    [email],
  );
  const data = rows[0]!.payload.data;
  return unseal(linkKey, data.sealedToken, organisationInvitationSealContext(data.invitationId, data.email));
}

/** A token issued a second later than the account's earlier ones (a session's end is counted in whole seconds). */
async function laterSecond(): Promise<void> {
  const start = Math.floor(Date.now() / 1000);
  while (Math.floor(Date.now() / 1000) === start) await new Promise((resolve) => setTimeout(resolve, 20));
}

async function invite(ownerToken: string, email: string, grants: Record<string, string>) {
  return api('POST', '/api/organisation/invitations', { token: ownerToken, body: { email, grants } });
}

/** An owner, and a member who joined by invitation with `grants`. */
async function team(prefix: string, grants: Record<string, string>) {
  const owner = await provider(`${prefix}-owner`);
  const member = await register(`${prefix}-member`);
  expect((await invite(owner.token, member.email, grants)).status).toBe(201);
  const accepted = await api('POST', '/api/organisation/invitations/accept', { token: member.token, body: { token: await invitationToken(member.email) } });
  expect(accepted.status).toBe(200);
  return { owner, member: { ...member, token: accepted.body.token as string } };
}

describe('organisations', () => {
  it('a provider founds an organisation of its own id, carried in its token as the owner of every property', async () => {
    const owner = await provider('org-founder');
    expect(claimsOf(owner.token).org).toEqual({ id: owner.user.id, email: owner.email, grants: { '*': 'owner' } });
    const organisation = await api('GET', '/api/organisation', { token: owner.token });
    expect(organisation.status).toBe(200);
    expect(organisation.body).toMatchObject({ id: owner.user.id, name: 'Harrogate Hotels', grants: { '*': 'owner' } });
    // A traveller is in none; a provider created straight in the table founds one too (the trigger).
    const traveller = await register('org-none');
    expect(claimsOf(traveller.token).org).toBeUndefined();
    expect((await api('GET', '/api/organisation', { token: traveller.token })).status).toBe(403);
    await identityDb.query('UPDATE users SET is_provider = true WHERE id = $1', [traveller.user.id]);
    const { rows } = await identityDb.query('SELECT organisation_id, grants FROM organisation_members WHERE user_id = $1', [traveller.user.id]);
    expect(rows).toEqual([{ organisation_id: traveller.user.id, grants: { '*': 'owner' } }]);
  });

  it('renames the organisation (owners), with 400 for a bad name', async () => {
    const owner = await provider('org-rename');
    const renamed = await api('PATCH', '/api/organisation', { token: owner.token, body: { name: '  North Hotels ' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('North Hotels');
    for (const name of ['', 'x'.repeat(101), 'Bad\nName']) {
      const bad = await api('PATCH', '/api/organisation', { token: owner.token, body: { name } });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(m.nameInvalid);
    }
  });

  it('invites by email: the answer and the team never show the token, only its hash is stored, and bad grants are 400', async () => {
    const owner = await provider('org-invite');
    const email = uniqueEmail('org-invitee');
    const created = await invite(owner.token, email.toUpperCase(), { '*': 'manager' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email, grants: { '*': 'manager' }, invitedBy: owner.email });
    expect(JSON.stringify(created.body)).not.toContain('token');
    const token = await invitationToken(email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { rows } = await identityDb.query('SELECT token_hash FROM organisation_invitations WHERE id = $1', [created.body.id]);
    expect(rows[0].token_hash).not.toContain(token);
    const teamAnswer = await api('GET', '/api/organisation/team', { token: owner.token });
    expect(teamAnswer.body.invitations).toEqual([created.body]);
    expect(JSON.stringify(teamAnswer.body)).not.toContain(token);
    expect(teamAnswer.body.members).toEqual([expect.objectContaining({ userId: owner.user.id, founder: true, grants: { '*': 'owner' } })]);

    expect((await invite(owner.token, email, { '*': 'viewer' })).body.message).toBe(m.invitationDuplicate);
    expect((await invite(owner.token, owner.email, { '*': 'viewer' })).body.message).toBe(m.invitationForMember);
    const cases: [Record<string, unknown>, string][] = [
      [{}, m.grantsEmpty],
      [{ '*': 'admin' }, m.roleInvalid],
      [{ 'hotel-1': 'viewer' }, m.grantKeyInvalid],
      [{ '12': 'owner' }, m.ownerForAllOnly],
    ];
    for (const [grants, message] of cases) {
      const bad = await invite(owner.token, uniqueEmail('org-bad'), grants as Record<string, string>);
      expect(bad.status, JSON.stringify(grants)).toBe(400);
      expect(bad.body.errors.map((e: { message: string }) => e.message)).toContain(message);
    }
    const badEmail = await invite(owner.token, 'not-an-email', { '*': 'viewer' });
    expect(badEmail.status).toBe(400);
    // Nothing was written for a refused invitation.
    const { rows: count } = await identityDb.query('SELECT count(*)::int AS n FROM organisation_invitations WHERE organisation_id = $1', [owner.user.id]);
    expect(count[0].n).toBe(1);
  });

  it('an invitation is accepted once, only by its address, not after it expires or is cancelled, and a guess is refused', async () => {
    const owner = await provider('org-accept');
    const member = await register('org-accept-member');
    const stranger = await register('org-accept-stranger');
    await invite(owner.token, member.email, { '*': 'viewer', '7': 'responder' });
    const token = await invitationToken(member.email);

    const guessed = await api('POST', '/api/organisation/invitations/accept', { token: member.token, body: { token: 'A'.repeat(43) } });
    expect(guessed.status).toBe(400);
    expect(guessed.body.message).toBe(m.invitationTokenInvalid);
    expect((await api('POST', '/api/organisation/invitations/accept', { token: member.token, body: { token: 'short' } })).status).toBe(400);
    const other = await api('POST', '/api/organisation/invitations/accept', { token: stranger.token, body: { token } });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(m.invitationOtherEmail);
    expect((await api('POST', '/api/organisation/invitations/accept', { body: { token } })).status).toBe(401);

    const accepted = await api('POST', '/api/organisation/invitations/accept', { token: member.token, body: { token } });
    expect(accepted.status).toBe(200);
    expect(accepted.body.organisation).toMatchObject({ id: owner.user.id, grants: { '*': 'viewer', '7': 'responder' } });
    expect(accepted.body.user.isProvider).toBe(true);
    const claims = claimsOf(accepted.body.token);
    expect(claims.roles).toContain('provider');
    expect(claims.org).toEqual({ id: owner.user.id, email: owner.email, grants: { '*': 'viewer', '7': 'responder' } });
    const again = await api('POST', '/api/organisation/invitations/accept', { token: accepted.body.token, body: { token } });
    expect(again.status).toBe(410);
    expect(again.body.message).toBe(m.invitationUsed);

    // Expired and cancelled invitations.
    const late = await register('org-late');
    await invite(owner.token, late.email, { '*': 'viewer' });
    const lateToken = await invitationToken(late.email);
    await identityDb.query("UPDATE organisation_invitations SET expires_at = now() - interval '1 minute' WHERE email = $1", [late.email]);
    const expired = await api('POST', '/api/organisation/invitations/accept', { token: late.token, body: { token: lateToken } });
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe(m.invitationExpired);
    const cancelledFor = await register('org-cancelled');
    const cancelled = await invite(owner.token, cancelledFor.email, { '*': 'viewer' });
    const cancelledToken = await invitationToken(cancelledFor.email);
    expect((await api('DELETE', `/api/organisation/invitations/${cancelled.body.id}`, { token: owner.token })).status).toBe(204);
    expect((await api('DELETE', `/api/organisation/invitations/${cancelled.body.id}`, { token: owner.token })).status).toBe(404);
    const refused = await api('POST', '/api/organisation/invitations/accept', { token: cancelledFor.token, body: { token: cancelledToken } });
    expect(refused.status).toBe(400);
    expect((await api('GET', '/api/organisation', { token: cancelledFor.token })).status).toBe(403);
  });

  it('a provider in an organisation of its own cannot join another', async () => {
    const owner = await provider('org-solo-a');
    const other = await provider('org-solo-b');
    await invite(owner.token, other.email, { '*': 'viewer' });
    const res = await api('POST', '/api/organisation/invitations/accept', { token: other.token, body: { token: await invitationToken(other.email) } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(m.invitationAlreadyMember);
  });

  it('only owners manage the team; a role change or a removal ends the member\'s tokens at once', async () => {
    const { owner, member } = await team('org-roles', { '*': 'manager' });
    for (const [method, path, body] of [
      ['GET', '/api/organisation/team'],
      ['POST', '/api/organisation/invitations', { email: uniqueEmail('x'), grants: { '*': 'viewer' } }],
      ['PUT', `/api/organisation/members/${owner.user.id}`, { grants: { '*': 'viewer' } }],
      ['DELETE', `/api/organisation/members/${owner.user.id}`],
      ['GET', '/api/organisation/activity'],
      ['PATCH', '/api/organisation', { name: 'Mine now' }],
    ] as const) {
      const res = await api(method, path, { token: member.token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.message).toBe(m.notOwner);
    }
    // The founder stays an owner, and the last owner cannot be lowered.
    const founder = await api('PUT', `/api/organisation/members/${owner.user.id}`, { token: owner.token, body: { grants: { '*': 'manager' } } });
    expect(founder.status).toBe(409);
    expect(founder.body.message).toBe(m.founderStays);
    expect((await api('DELETE', `/api/organisation/members/${owner.user.id}`, { token: owner.token })).status).toBe(409);

    await laterSecond();
    const lowered = await api('PUT', `/api/organisation/members/${member.user.id}`, { token: owner.token, body: { grants: { '*': 'viewer', '3': 'manager' } } });
    expect(lowered.status).toBe(200);
    expect(lowered.body.grants).toEqual({ '*': 'viewer', '3': 'manager' });
    expect((await me(member.token)).status).toBe(401);
    await laterSecond();
    const signedIn = await api('POST', '/api/auth/login', { body: { email: member.email, password } });
    expect(signedIn.status).toBe(200);
    const fresh = signedIn.body.token as string;
    expect(claimsOf(fresh).org?.grants).toEqual({ '*': 'viewer', '3': 'manager' });

    const removed = await api('DELETE', `/api/organisation/members/${member.user.id}`, { token: owner.token });
    expect(removed.status).toBe(204);
    expect((await me(fresh)).status).toBe(401);
    const { rows } = await identityDb.query('SELECT is_provider FROM users WHERE id = $1', [member.user.id]);
    expect(rows[0].is_provider).toBe(false);
    expect((await api('GET', '/api/organisation/team', { token: owner.token })).body.members.map((x: { userId: string }) => x.userId)).toEqual([owner.user.id]);
    expect((await api('DELETE', `/api/organisation/members/${member.user.id}`, { token: owner.token })).status).toBe(404);
  });

  it('keeps an activity log of the team, newest first, and takes the services\' lines once each', async () => {
    const { owner, member } = await team('org-activity', { '*': 'responder' });
    await api('PUT', `/api/organisation/members/${member.user.id}`, { token: owner.token, body: { grants: { '*': 'viewer' } } });
    const log = await api('GET', '/api/organisation/activity', { token: owner.token });
    expect(log.status).toBe(200);
    expect(log.body.items.map((e: { action: string }) => e.action)).toEqual(['member.role-changed', 'member.joined', 'member.invited']);
    expect(log.body.items[1]).toMatchObject({ actorId: member.user.id, actorEmail: member.email });
    expect((await api('GET', '/api/organisation/activity?page=0', { token: owner.token })).status).toBe(400);
  });
});
