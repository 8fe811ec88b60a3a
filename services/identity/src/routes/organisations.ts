import type { FastifyInstance } from 'fastify';
import { endpoints, messages } from '@reproute/contracts';
import { requireUser, serveEndpoint, unauthorized, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import type { IdentityDeps } from '../app.ts';
import { toPublicUser } from '../domain/users.ts';
import { findUserById } from '../store/users.ts';
import { announceTokensNotBefore, type RevocationMirror } from '../store/revocations.ts';
import {
  acceptInvitation,
  activityOf,
  cancelInvitation,
  createInvitation,
  organisationOf,
  removeMember,
  renameOrganisation,
  teamOf,
  updateMemberGrants,
} from '../store/organisations.ts';

/**
 * Organisations (docs/decisions.md, "Organisations and roles"): every answer is checked against Postgres (the caller's
 * membership and role now), and a change of a member's grants ends that member's older tokens on every instance.
 */
export async function organisationRoutes(app: FastifyInstance, { ctx, deps, revocations }: { ctx: ServiceContext<Config>; deps: IdentityDeps; revocations: RevocationMirror }) {
  const { pool } = ctx;
  const announce = (request: { log: typeof app.log }, userId: string, notBefore: number) =>
    announceTokensNotBefore({ redis: deps.redis, logger: request.log, mirror: revocations }, userId, notBefore);

  serveEndpoint(app, endpoints['GET /api/organisation'], async (request) => organisationOf(pool, requireUser(request).id));

  serveEndpoint(app, endpoints['PATCH /api/organisation'], async (request) => renameOrganisation(pool, requireUser(request).id, request.body.name));

  serveEndpoint(app, endpoints['GET /api/organisation/team'], async (request) => teamOf(pool, requireUser(request).id));

  serveEndpoint(app, endpoints['POST /api/organisation/invitations'], async (request, reply) => {
    const caller = requireUser(request);
    const invitation = await createInvitation(pool, { id: caller.id, email: caller.email, firstName: caller.firstName }, request.body, deps.resetLinkKey);
    request.log.info({ invitationId: invitation.id }, 'organisation invitation created');
    return reply.status(201).send(invitation);
  });

  serveEndpoint(app, endpoints['DELETE /api/organisation/invitations/:id'], async (request, reply) => {
    await cancelInvitation(pool, requireUser(request).id, request.params.id);
    return reply.status(204).send();
  });

  serveEndpoint(app, endpoints['POST /api/organisation/invitations/accept'], async (request) => {
    const caller = requireUser(request);
    await acceptInvitation(pool, { id: caller.id, email: caller.email }, request.body.token);
    const user = await findUserById(pool, caller.id);
    if (!user) throw unauthorized(messages.sessionExpired);
    const publicUser = toPublicUser(user);
    const { token } = await deps.tokens.issue(publicUser, { notBefore: caller.issuedAt });
    request.log.info({ userId: caller.id }, 'organisation invitation accepted');
    return { token, user: publicUser, organisation: await organisationOf(pool, caller.id) };
  });

  serveEndpoint(app, endpoints['PUT /api/organisation/members/:userId'], async (request) => {
    const caller = requireUser(request);
    const { member, notBefore } = await updateMemberGrants(pool, { id: caller.id, email: caller.email }, request.params.userId, request.body.grants);
    if (notBefore !== null) await announce(request, member.userId, notBefore);
    request.log.info({ memberId: member.userId }, 'organisation member roles changed');
    return member;
  });

  serveEndpoint(app, endpoints['DELETE /api/organisation/members/:userId'], async (request, reply) => {
    const caller = requireUser(request);
    const { userId, notBefore } = await removeMember(pool, { id: caller.id, email: caller.email }, request.params.userId);
    await announce(request, userId, notBefore);
    request.log.info({ memberId: userId }, 'organisation member removed');
    return reply.status(204).send();
  });

  serveEndpoint(app, endpoints['GET /api/organisation/activity'], async (request) => activityOf(pool, requireUser(request).id, request.query));
}
