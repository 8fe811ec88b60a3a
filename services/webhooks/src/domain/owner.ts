import { forbidden } from '@reproute/platform';
import type { AuthUser } from '@reproute/platform';
import { webhookMessages } from '@reproute/contracts';

/** The organisation part of a signed-in user, when the token carries one (read by shape, so it holds either way). */
type OrganisationPart = { id: string; email: string; grants: Record<string, string> } | null | undefined;

/**
 * Who owns webhooks and API keys: the caller's organisation (the organisation's id is the
 * founding provider's account id, so a provider without an organisation claim owns them under their own id).
 * Only the organisation's owner manages them. This is the one place that says so.
 */
export function ownerOf(user: AuthUser): { ownerId: string; ownerEmail: string } {
  const organisation = (user as AuthUser & { organisation?: OrganisationPart }).organisation;
  if (!organisation) return { ownerId: user.id, ownerEmail: user.email };
  if (organisation.grants['*'] !== 'owner') throw forbidden(webhookMessages.ownerOnly);
  return { ownerId: organisation.id, ownerEmail: organisation.email };
}
