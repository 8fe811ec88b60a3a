import { z } from 'zod';
import { organisationRoles } from './organisation-values.ts';

/** The body of every error answer: `message` is what a person reads; `errors` names each bad field. */
export const errorBody = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** With 429 and 503: when the caller may try again (also the Retry-After header). */
  retryAfterSeconds: z.number().int().optional(),
  /** With the gateway's 502/503/504: the service that could not answer. */
  service: z.string().optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const healthBody = z.object({
  status: z.enum(['healthy', 'unhealthy']),
  services: z.record(z.string(), z.enum(['up', 'down'])).optional(),
});
export type HealthBody = z.infer<typeof healthBody>;

/** Roles carried in tokens; the spec's flags isTraveler, isProvider, isAdmin map onto them. */
export const roles = ['traveller', 'provider', 'admin'] as const;
export type Role = (typeof roles)[number];

/** Claims of the identity service's access token, as every service reads them. */
export const tokenClaims = z.object({
  sub: z.string().uuid(),
  email: z.string(),
  roles: z.array(z.enum(roles)),
  firstName: z.string().nullable().optional(),
  lastName: z.string().nullable().optional(),
  /**
   * True only in a token issued after the account's email address was proved (OIDC's claim name). A
   * token without it, or issued before the verification, never speaks for the address.
   */
  email_verified: z.boolean().optional(),
  /**
   * The organisation (hotel group) the account belongs to and its grants there (contracts/src/organisations.ts):
   * `id` (a uuid, what hotels' provider ids are), `email` (the organisation's address), `grants` (`*` or a hotel id → role).
   * Absent for an account in no organisation. A change of grants ends the member's older tokens (tokens_not_before).
   */
  org: z.object({ id: z.string().uuid(), email: z.string(), grants: z.record(z.string(), z.enum(organisationRoles)) }).optional(),
  jti: z.string(),
  exp: z.number(),
});
export type TokenClaims = z.infer<typeof tokenClaims>;

/** Largest request body the gateway passes on (JSON writes); photo uploads have their own (photoUploadRequestMaxBytes). */
export const requestBodyMaxBytes = 1024 * 1024;

/** Hotel ids are positive 32-bit integers: every service stores them as a Postgres integer. */
export const maxHotelId = 2_147_483_647;
export const hotelIdSchema = z.coerce.number().int().positive().max(maxHotelId);

export const idParam = z.object({ id: z.coerce.number().int().positive().max(maxHotelId) });
export const pagingQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(24),
});
