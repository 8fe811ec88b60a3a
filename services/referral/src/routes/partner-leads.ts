import type { FastifyInstance } from 'fastify';
import { endpoints, messages } from '@reproute/contracts';
import { enqueueEvent, notFound, serveEndpoint, withTransaction, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { requireApiKey, type ApiKeyVerifier } from '../domain/api-keys.ts';
import { leadsForProvider, setLeadStatus, type LeadAccess } from '../store/leads.ts';

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** A key speaks for its whole organisation: every property, nothing beyond its scopes and these two endpoints. */
const accessOf = (organisationId: string): LeadAccess => ({ organisationId, scope: { kind: 'all', except: [] } });

/** A CRM's view of the organisation's leads, with an API key (docs/decisions.md, "API keys"). */
export async function partnerLeadRoutes(app: FastifyInstance, { ctx, verify }: { ctx: ServiceContext<Config>; verify: ApiKeyVerifier }) {
  serveEndpoint(app, endpoints['GET /api/partner/leads'], async (request) => {
    const key = await requireApiKey(request, verify, 'leads:read');
    return leadsForProvider(ctx.pool, accessOf(key.organisationId), request.query);
  });

  serveEndpoint(app, endpoints['PATCH /api/partner/leads/:id'], async (request) => {
    const key = await requireApiKey(request, verify, 'leads:write');
    const access = accessOf(key.organisationId);
    const { id } = request.params;
    const lead = isUuid(id)
      ? await withTransaction(ctx.pool, async (tx) => {
          const before = await tx.query<{ status: string }>('SELECT status FROM leads WHERE id = $1 FOR UPDATE', [id]);
          const changed = await setLeadStatus(tx, access, id, request.body.status);
          if (changed && before.rows[0]?.status !== changed.status) {
            const previousStatus = before.rows[0]?.status ?? 'new';
            await enqueueEvent(
              tx,
              'organisation.activity',
              {
                organisationId: key.organisationId,
                actorId: key.keyId,
                actorEmail: `API key “${key.name}”`,
                action: 'lead.status',
                hotelId: changed.hotel.id,
                hotelName: changed.hotel.name,
                subjectId: changed.id,
                detail: `${previousStatus} → ${changed.status}`,
              },
              { key: key.organisationId },
            );
            await enqueueEvent(
              tx,
              'lead.status_changed',
              { leadId: changed.id, hotelId: changed.hotel.id, hotelName: changed.hotel.name, referralId: changed.referralId, status: changed.status, previousStatus, changedAt: new Date().toISOString() },
              { key: changed.id },
            );
          }
          return changed;
        })
      : null;
    if (!lead) throw notFound(messages.leadNotFound);
    request.log.info({ apiKeyId: key.keyId, leadId: lead.id, status: lead.status }, 'lead status set with an API key');
    return lead;
  });
}
