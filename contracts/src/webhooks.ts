import { z } from 'zod';
import { webhookMessages } from './messages.ts';
import { maxHotelId } from './http.ts';

/**
 * Webhooks: a partner's HTTPS endpoints that receive its leads as they happen (docs/decisions.md, "Webhooks").
 * Every delivery is signed as the Standard Webhooks specification says (https://www.standardwebhooks.com):
 * `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256 of "id.timestamp.body">`,
 * the key being the base64 after the secret's `whsec_` prefix); during a rotation's overlap both secrets sign
 * (two signatures, space-separated). The body is `{ type, timestamp, data }`.
 */

/** The event types an endpoint can subscribe to (what a receiver sees as `type`). */
export const webhookEventTypes = ['lead.created', 'lead.status_changed'] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
/** The type of the event "Send a test event" delivers (every endpoint receives it when asked). */
export const webhookTestEventType = 'webhook.test';

/** An organisation keeps at most this many endpoints. */
export const maxWebhookEndpoints = 10;
export const webhookUrlMaxLength = 2048;
/** How much of a receiver's answer the delivery log keeps. */
export const webhookResponseExcerptLength = 500;
/** The `whsec_` prefix of a secret, as Standard Webhooks writes them. */
export const webhookSecretPrefix = 'whsec_';

/** Parses an absolute http(s) URL without credentials; null when it is not one. (Which schemes and hosts a deployment accepts is the service's check.) */
export function parseWebhookUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (!url.hostname || url.username || url.password) return null;
    return url;
  } catch {
    return null;
  }
}

const webhookUrl = z
  .string({ error: webhookMessages.urlInvalid })
  .trim()
  .min(1, webhookMessages.urlInvalid)
  .max(webhookUrlMaxLength, webhookMessages.urlInvalid)
  .refine((value) => parseWebhookUrl(value) !== null, webhookMessages.urlInvalid);

const webhookEvents = z
  .array(z.enum(webhookEventTypes, { error: webhookMessages.eventsInvalid }), { error: webhookMessages.eventsInvalid })
  .min(1, webhookMessages.eventsInvalid)
  .max(webhookEventTypes.length, webhookMessages.eventsInvalid)
  .refine((list) => new Set(list).size === list.length, webhookMessages.eventsInvalid);

/** A new endpoint: its URL, the property it is for (null: every property of the organisation) and what it receives. */
export const webhookEndpointCreate = z.strictObject(
  {
    url: webhookUrl,
    hotelId: z.number({ error: webhookMessages.hotelNotOwned }).int(webhookMessages.hotelNotOwned).positive(webhookMessages.hotelNotOwned).max(maxHotelId, webhookMessages.hotelNotOwned).nullable().default(null),
    events: webhookEvents.default([...webhookEventTypes]),
    description: z.string({ error: webhookMessages.descriptionMax }).trim().max(200, webhookMessages.descriptionMax).nullable().default(null),
  },
  { error: webhookMessages.unknownField },
);
export type WebhookEndpointCreate = z.infer<typeof webhookEndpointCreate>;

/** Turning an endpoint off or back on (on again clears its failing streak). */
export const webhookEndpointUpdate = z.strictObject({ enabled: z.boolean({ error: webhookMessages.enabledInvalid }) }, { error: webhookMessages.unknownField });

export const webhookEndpointStatuses = ['active', 'disabled'] as const;

/** An endpoint as its owner sees it; the secret is never read back (only the create and rotate answers carry one). */
export const webhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  hotelId: z.number().int().nullable(),
  hotelName: z.string().nullable(),
  events: z.array(z.enum(webhookEventTypes)),
  description: z.string().nullable(),
  status: z.enum(webhookEndpointStatuses),
  /** Why it is disabled: `failing` (a day of failed deliveries) or `owner` (turned off). */
  disabledReason: z.enum(['failing', 'owner']).nullable(),
  disabledAt: z.string().nullable(),
  /** Since when every delivery has failed (null while deliveries succeed). */
  failingSince: z.string().nullable(),
  /** While a rotation's overlap lasts, the previous secret signs too, until then. */
  previousSecretExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

/** The create and rotate answers: the endpoint and its new secret, shown this once. */
export const webhookEndpointWithSecret = webhookEndpoint.extend({ secret: z.string() });

export const webhookDeliveryStates = ['pending', 'delivered', 'failed'] as const;

/** One try at delivering: when, the receiver's status (null: no answer), how long it took and the start of its answer. */
export const webhookAttempt = z.object({
  at: z.string(),
  statusCode: z.number().int().nullable(),
  latencyMs: z.number().int(),
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttempt>;

/** A message to one endpoint and every try at it, newest try first. */
export const webhookDelivery = z.object({
  id: z.string(),
  /** The `webhook-id` every try carries: a receiver drops a repeat by it. */
  messageId: z.string(),
  eventType: z.string(),
  state: z.enum(webhookDeliveryStates),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  attempts: z.array(webhookAttempt),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookDeliveriesAnswer = z.object({ items: z.array(webhookDelivery) });
export const webhookEndpointsAnswer = z.object({ items: z.array(webhookEndpoint) });
export const webhookIdParams = z.object({ id: z.string() });
export const webhookDeliveryParams = z.object({ id: z.string(), deliveryId: z.string() });

/** What a receiver gets as `data` for `lead.created`: the lead as the hotel's inbox shows it. */
export const webhookLeadCreatedData = z.object({
  leadId: z.string(),
  referralId: z.string().nullable(),
  hotelId: z.number().int(),
  hotelName: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  message: z.string().nullable(),
  checkInDate: z.string().nullable(),
  checkOutDate: z.string().nullable(),
  guests: z.number().int().nullable(),
  status: z.literal('new'),
  createdAt: z.string(),
});

/** What a receiver gets as `data` for `lead.status_changed`. */
export const webhookLeadStatusChangedData = z.object({
  leadId: z.string(),
  referralId: z.string().nullable(),
  hotelId: z.number().int(),
  hotelName: z.string(),
  status: z.string(),
  previousStatus: z.string(),
  changedAt: z.string(),
});

/** Everything the webhooks service keeps about an account: the endpoints it owns (no secret). */
export const webhooksExport = z.object({ endpoints: z.array(webhookEndpoint.omit({ hotelName: true })) });
export type WebhooksExport = z.infer<typeof webhooksExport>;
