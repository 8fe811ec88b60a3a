import { topics } from '@reproute/contracts';
import { enqueueEvent, type EventHandlers, type Queryable } from '@reproute/platform';
import { hotelSnapshot } from '../domain/hotel.ts';
import { findHotel } from '../store/hotels.ts';

/**
 * A provider's listings follow the account's address: when an email change is confirmed (identity's
 * `user.email_verified` with a `previousEmail`), every listing the account owns takes the new address as its
 * `providerEmail`, where its listing and review emails go and, without a listing address of its own, its leads
 * (each announced with `hotel.updated`, so the other services' copies follow). An email link's token is bound to
 * the account's current address, so a listing email to the old one could not be unsubscribed from either.
 */
export async function followProviderAddress(tx: Queryable, userId: string, email: string): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    'UPDATE hotels SET provider_email = $2, updated_at = now() WHERE provider_id = $1 AND provider_email IS DISTINCT FROM $2 RETURNING id',
    [userId, email],
  );
  for (const { id } of rows) {
    const hotel = await findHotel(tx, { id });
    if (hotel) await enqueueEvent(tx, 'hotel.updated', hotelSnapshot(hotel), { key: id });
  }
  return rows.length;
}

export const providerAddressHandlers: EventHandlers = {
  'user.email_verified': async (event, tx) => {
    if (event.data.previousEmail === null) return;
    await followProviderAddress(tx, event.data.userId, event.data.email);
  },
};

export const providerAddressConsumer = {
  name: 'catalog.provider-addresses',
  topics: [topics.users],
  handlers: providerAddressHandlers,
};
