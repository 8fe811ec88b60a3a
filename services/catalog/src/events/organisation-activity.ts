import { enqueueEvent, type Queryable } from '@reproute/platform';
import type { ActivityAction } from '@reproute/contracts';
import type { Viewer } from '../domain/hotel.ts';

/**
 * One line of the organisation's activity log (identity keeps it), written in the change's transaction through the
 * outbox: who of the organisation changed which listing. An admin's change to a listing is the admin audit log's.
 */
export async function recordListingActivity(
  tx: Queryable,
  viewer: Viewer,
  action: Extract<ActivityAction, `listing.${string}`>,
  hotel: { id: number; name: string; providerId: string | null },
  detail: string | null = null,
): Promise<void> {
  const organisationId = viewer.organisation?.id ?? viewer.id;
  if (hotel.providerId === null || hotel.providerId !== organisationId) return;
  await enqueueEvent(
    tx,
    'organisation.activity',
    { organisationId, actorId: viewer.id, actorEmail: viewer.email, action, hotelId: hotel.id, hotelName: hotel.name, subjectId: null, detail },
    { key: organisationId },
  );
}
