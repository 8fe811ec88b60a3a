import { createHmac, randomBytes } from 'node:crypto';
import { webhookSecretPrefix } from '@reproute/contracts';

/** A new endpoint secret: `whsec_` and 32 random bytes in base64 (Standard Webhooks' form). */
export function newWebhookSecret(): string {
  return `${webhookSecretPrefix}${randomBytes(32).toString('base64')}`;
}

/** The HMAC key of a secret: the base64 after `whsec_`. */
function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(webhookSecretPrefix) ? secret.slice(webhookSecretPrefix.length) : secret, 'base64');
}

/** One `v1,<base64>` signature of `id.timestamp.body` (Standard Webhooks, symmetric). */
export function signature(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/**
 * The three headers of a delivery. Every secret given signs (the current one first, then, during a rotation's
 * overlap, the previous one), space-separated in `webhook-signature`, so a receiver holding either verifies.
 */
export function signedHeaders(secrets: readonly string[], id: string, timestamp: number, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((secret) => signature(secret, id, timestamp, body)).join(' '),
  };
}
