import { z } from 'zod';
import { apiKeyMessages } from './messages.ts';

/**
 * API keys (docs/decisions.md, "API keys"): an organisation's keys for its CRM to pull leads and set their status,
 * sent as the `X-Api-Key` header. A key is `rr_live_` and 32 random bytes (base64url); identity keeps its SHA-256
 * only and shows the key once. A key grants only its scopes, on the partner endpoints only.
 */
export const apiKeyScopes = ['leads:read', 'leads:write'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];
export const apiKeyPrefix = 'rr_live_';
export const apiKeyHeader = 'x-api-key';
/** An organisation keeps at most this many keys that are not revoked. */
export const maxApiKeys = 20;

export const apiKeyCreate = z.strictObject(
  {
    name: z.string({ error: apiKeyMessages.nameInvalid }).trim().min(1, apiKeyMessages.nameInvalid).max(80, apiKeyMessages.nameInvalid),
    scopes: z
      .array(z.enum(apiKeyScopes, { error: apiKeyMessages.scopesInvalid }), { error: apiKeyMessages.scopesInvalid })
      .min(1, apiKeyMessages.scopesInvalid)
      .max(apiKeyScopes.length, apiKeyMessages.scopesInvalid)
      .refine((list) => new Set(list).size === list.length, apiKeyMessages.scopesInvalid),
  },
  { error: apiKeyMessages.unknownField },
);
export type ApiKeyCreate = z.infer<typeof apiKeyCreate>;

/** A key as its organisation sees it: its start (to tell keys apart), never the key itself. */
export const apiKeyAnswer = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters (`rr_live_` and 4 more). */
  start: z.string(),
  scopes: z.array(z.enum(apiKeyScopes)),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKeyAnswer = z.infer<typeof apiKeyAnswer>;
export const apiKeyWithSecret = apiKeyAnswer.extend({ key: z.string() });
export const apiKeysAnswer = z.object({ items: z.array(apiKeyAnswer) });
export const apiKeyIdParams = z.object({ id: z.string() });

/** The services' check of a key with identity (internal; never routed by the gateway). */
export const apiKeyVerifyRequest = z.object({ key: z.string().max(200) });
export const apiKeyVerifyAnswer = z.object({ keyId: z.string(), organisationId: z.string(), name: z.string(), scopes: z.array(z.enum(apiKeyScopes)) });
export type ApiKeyVerifyAnswer = z.infer<typeof apiKeyVerifyAnswer>;
