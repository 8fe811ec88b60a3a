import { defineEndpoints } from '../endpoint.ts';
import {
  webhookDeliveriesAnswer,
  webhookDelivery,
  webhookDeliveryParams,
  webhookEndpoint,
  webhookEndpointCreate,
  webhookEndpointsAnswer,
  webhookEndpointUpdate,
  webhookEndpointWithSecret,
  webhookIdParams,
  webhooksExport,
} from '../webhooks.ts';

const ownerRule = 'an owner of the organisation only (403 "Only an owner of the organisation can manage its webhooks and API keys"); another organisation\'s endpoint is 404 "Webhook endpoint not found"';

/** The webhooks service: a partner's endpoints, their deliveries and their log (docs/decisions.md, "Webhooks"). */
export const webhookEndpoints = defineEndpoints('webhooks', {
  'GET /api/provider/webhooks': {
    access: 'provider',
    summary: 'The organisation\'s webhook endpoints',
    responses: { 200: webhookEndpointsAnswer },
    doc: `\`{ items: [{ id, url, hotelId, hotelName, events, description, status, disabledReason, disabledAt, failingSince, previousSecretExpiresAt, createdAt }] }\` newest first; never a secret; ${ownerRule}`,
  },
  'POST /api/provider/webhooks': {
    access: 'provider',
    summary: 'Add a webhook endpoint: an https:// URL that receives the organisation\'s (or one property\'s) lead events, signed',
    body: webhookEndpointCreate,
    responses: { 201: webhookEndpointWithSecret },
    doc: `body \`{ url, hotelId?, events?, description? }\` (\`hotelId\` null: every property; \`events\` from \`lead.created\`, \`lead.status_changed\`, both by default); 201 the endpoint with its \`secret\` (\`whsec_…\`), shown this once. 400 with the message for a URL that is not https:// ("Webhook URLs must use https://"), has a user name or password, or whose host resolves to a loopback, private or link-local address ("Webhook URLs must not point at loopback, private or link-local addresses"; WEBHOOK_ALLOW_PRIVATE_ADDRESSES and WEBHOOK_ALLOW_HTTP lift these outside production), a host that does not resolve, a property that is not the organisation's, more than 10 endpoints; nothing is stored then; ${ownerRule}`,
  },
  'PATCH /api/provider/webhooks/:id': {
    access: 'provider',
    summary: 'Turn an endpoint off, or back on (its failing streak cleared and its waiting deliveries resumed)',
    params: webhookIdParams,
    body: webhookEndpointUpdate,
    responses: { 200: webhookEndpoint },
    doc: `body \`{ enabled }\`; the endpoint; ${ownerRule}`,
  },
  'DELETE /api/provider/webhooks/:id': {
    access: 'provider',
    summary: 'Remove an endpoint and its delivery log',
    params: webhookIdParams,
    responses: { 204: null },
    doc: `204; ${ownerRule}`,
  },
  'POST /api/provider/webhooks/:id/rotate-secret': {
    access: 'provider',
    summary: 'Give an endpoint a new secret; the old one keeps signing beside it for the overlap (WEBHOOK_SECRET_OVERLAP_SECONDS, a day by default)',
    params: webhookIdParams,
    responses: { 200: webhookEndpointWithSecret },
    doc: `the endpoint with its new \`secret\`, shown this once, and \`previousSecretExpiresAt\`; until then every delivery carries two signatures (new first, space-separated) in \`webhook-signature\`; a second rotation within the overlap drops the oldest; ${ownerRule}`,
  },
  'POST /api/provider/webhooks/:id/test': {
    access: 'provider',
    summary: 'Send a test event (`webhook.test`) to the endpoint, through the same queue, signing and log as a lead',
    params: webhookIdParams,
    responses: { 202: webhookDelivery },
    doc: `202 the queued delivery (its log fills in as it is tried); 409 "This endpoint is disabled: turn it on first"; ${ownerRule}`,
  },
  'GET /api/provider/webhooks/:id/deliveries': {
    access: 'provider',
    summary: 'The endpoint\'s delivery log: its last 50 messages, each with every try (time, status, latency, the start of the answer)',
    params: webhookIdParams,
    responses: { 200: webhookDeliveriesAnswer },
    doc: `\`{ items: [{ id, messageId, eventType, state, createdAt, nextAttemptAt, attempts: [{ at, statusCode, latencyMs, responseExcerpt, error }] }] }\` newest first; \`state\` \`pending\` (waiting for its next try), \`delivered\` or \`failed\` (tried for WEBHOOK_GIVE_UP_AFTER_SECONDS, 26 h by default); ${ownerRule}`,
  },
  'POST /api/provider/webhooks/:id/deliveries/:deliveryId/resend': {
    access: 'provider',
    summary: 'Send a message again (same `webhook-id`, so a receiver that has it drops the repeat)',
    params: webhookDeliveryParams,
    responses: { 202: webhookDelivery },
    doc: `202 the delivery, queued to be tried now; 404 "Delivery not found"; 409 for a disabled endpoint; ${ownerRule}`,
  },
  'GET /api/webhooks/me/export': {
    access: 'signedIn',
    summary: 'The webhook endpoints the caller\'s account owns (never their secrets)',
    responses: { 200: webhooksExport },
    doc: '`{ endpoints }`; one part of the file "Download my data" saves (`contracts/src/account-data.ts`)',
  },
});
