import type { ReferralClickRequest } from '@reproute/contracts';
import type { ProjectedHotel } from './hotels.ts';

/** The hotel a click is for: the id the client sent if the projection knows it, else a hotel of that name. */
export interface ClickHotelLookup {
  byId: (hotelId: number) => Promise<ProjectedHotel | null>;
  byName: (name: string) => Promise<ProjectedHotel | null>;
}

export async function resolveClickHotel(click: Pick<ReferralClickRequest, 'hotelId' | 'hotelName'>, lookup: ClickHotelLookup): Promise<ProjectedHotel | null> {
  if (click.hotelId) {
    const hotel = await lookup.byId(click.hotelId);
    if (hotel) return hotel;
  }
  return click.hotelName ? lookup.byName(click.hotelName) : null;
}

/** The name stored with a click: as the client showed it, else the projection's. */
export function clickHotelName(click: Pick<ReferralClickRequest, 'hotelName'>, hotel: ProjectedHotel | null): string | null {
  return click.hotelName || hotel?.name || null;
}

/** Client-supplied text headers are bounded before storage. */
export function clip(value: string | undefined | null, max: number): string | null {
  if (!value) return null;
  return value.length > max ? value.slice(0, max) : value;
}
