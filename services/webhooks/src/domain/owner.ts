import { roleAllows, webhookMessages } from '@reproute/contracts';
import { forbidden, membershipOf, roleOf, type AuthUser } from '@reproute/platform';

/**
 * Who owns webhooks and API keys: the caller's organisation (its id is the founding provider's account id, so a
 * provider's token without an organisation claim is its own organisation's owner), and the address its notices go to.
 * Only a member whose role for every property is owner (the `team` capability) manages them. The one place that says so.
 */
export function ownerOf(user: AuthUser): { ownerId: string; ownerEmail: string } {
  const membership = membershipOf(user);
  if (!membership || !roleAllows(roleOf(membership, null), 'team')) throw forbidden(webhookMessages.ownerOnly);
  return { ownerId: membership.organisationId, ownerEmail: membership.organisationEmail };
}
