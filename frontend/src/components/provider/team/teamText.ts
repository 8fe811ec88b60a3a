import { organisationRoleDescriptions, organisationRoleLabels, type OrganisationRole } from '@reproute/contracts/organisation-values';

/** A member's grants in words: "Manager (every property)", "Viewer (every property), Manager (Station Hotel)". */
export function grantsText(grants: Record<string, OrganisationRole>, hotelName: (id: number) => string): string {
  return Object.entries(grants)
    .sort(([a], [b]) => (a === '*' ? -1 : b === '*' ? 1 : Number(a) - Number(b)))
    .map(([key, role]) => `${organisationRoleLabels[role]} (${key === '*' ? 'every property' : hotelName(Number(key))})`)
    .join(', ');
}

export const roleHint = (role: OrganisationRole) => organisationRoleDescriptions[role];

const actionTexts: Record<string, string> = {
  'listing.created': 'added the listing',
  'listing.updated': 'changed the listing',
  'listing.deleted': 'deleted the listing',
  'listing.photos': 'changed the photos of',
  'lead.status': 'moved a lead of',
  'review.replied': 'replied to a review of',
  'review.reply-edited': 'edited the reply to a review of',
  'member.invited': 'invited',
  'member.joined': 'joined the team as',
  'member.role-changed': 'changed a member\'s roles to',
  'member.removed': 'removed',
};

/** One line of the activity log: who did what to which property (the detail after it). */
export function activityText(entry: { actorEmail: string; action: string; hotelName: string | null; detail: string | null }, hotelName: (id: number) => string = (id) => `property ${id}`): string {
  const what = actionTexts[entry.action] ?? entry.action;
  // A member's roles name properties by id ("manager (property 12)"): shown by their names.
  const object = entry.action.startsWith('member.') ? (entry.detail ?? '').replace(/\(property (\d+)\)/g, (_m, id: string) => `(${hotelName(Number(id))})`) : (entry.hotelName ?? 'a deleted listing');
  const detail = entry.action.startsWith('member.') ? '' : entry.detail ? ` (${entry.detail})` : '';
  return `${entry.actorEmail} ${what} ${object}${detail}`.trim();
}
