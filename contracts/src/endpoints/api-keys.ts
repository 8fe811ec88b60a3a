import { defineEndpoints } from '../endpoint.ts';
import { apiKeyCreate, apiKeyIdParams, apiKeysAnswer, apiKeyVerifyAnswer, apiKeyVerifyRequest, apiKeyWithSecret } from '../api-keys.ts';
import { leadStatusUpdate, providerLead, providerLeadsPage, providerLeadsQuery } from '../referral.ts';

const ownerRule = 'an owner of the organisation only (403 "Only an owner of the organisation can manage its webhooks and API keys")';

/** Identity: an organisation's API keys (docs/decisions.md, "API keys"). */
export const apiKeyEndpoints = defineEndpoints('identity', {
  'GET /api/organisation/api-keys': {
    access: 'provider',
    summary: 'The organisation\'s API keys (never the keys themselves), with when each was last used',
    responses: { 200: apiKeysAnswer },
    doc: `\`{ items: [{ id, name, start, scopes, createdAt, lastUsedAt, revokedAt }] }\` newest first; \`start\` is the key's first 12 characters; ${ownerRule}`,
  },
  'POST /api/organisation/api-keys': {
    access: 'provider',
    summary: 'Make an API key for the organisation\'s CRM: scoped to leads:read, leads:write or both, shown once',
    body: apiKeyCreate,
    responses: { 201: apiKeyWithSecret },
    doc: `body \`{ name, scopes }\`; 201 the key with \`key\` (\`rr_live_…\`), shown this once: only its SHA-256 is kept. 400 "Scopes must be leads:read, leads:write or both, each once", "Give the key a name of 1 to 80 characters", "An organisation can have at most 20 API keys that are not revoked"; ${ownerRule}`,
  },
  'DELETE /api/organisation/api-keys/:id': {
    access: 'provider',
    summary: 'Revoke an API key: it stops working at once',
    params: apiKeyIdParams,
    responses: { 204: null },
    doc: `204 (also for a key already revoked); 404 "API key not found" for another organisation's; ${ownerRule}`,
  },
  'POST /internal/api-keys/verify': {
    access: 'public',
    internal: true,
    summary: 'A service checks an API key (internal, never routed by the gateway)',
    body: apiKeyVerifyRequest,
    responses: { 200: apiKeyVerifyAnswer },
    doc: 'the key\'s organisation and scopes, its last use recorded; 401 for an unknown or revoked key',
  },
});

const keyDoc = 'with the header `X-Api-Key: rr_live_…` (an organisation\'s API key, `POST /api/organisation/api-keys`); 401 "Send your API key in the X-Api-Key header" without one, 401 "This API key is not valid (unknown or revoked)", 403 "This API key does not have the scope this needs"';

/** Referral: the organisation's leads for its CRM, with an API key. */
export const partnerLeadEndpoints = defineEndpoints('referral', {
  'GET /api/partner/leads': {
    access: 'public',
    apiKeyScope: 'leads:read',
    summary: 'A CRM pulls the organisation\'s leads (API key with leads:read), newest first',
    query: providerLeadsQuery,
    responses: { 200: providerLeadsPage },
    doc: `the same page, filters and 400s as \`GET /api/provider/leads\`, over every property of the key's organisation; ${keyDoc}`,
  },
  'PATCH /api/partner/leads/:id': {
    access: 'public',
    apiKeyScope: 'leads:write',
    summary: 'A CRM sets a lead\'s status (API key with leads:write)',
    params: apiKeyIdParams,
    body: leadStatusUpdate,
    responses: { 200: providerLead },
    doc: `as \`PATCH /api/provider/leads/{id}\` (404 "Lead not found" for another organisation's); the change reaches webhooks (\`lead.status_changed\`) and the activity log; ${keyDoc}`,
  },
});
