import type { HotelStatus } from '@reproute/contracts';
import type { HotelEvent, HotelRecord } from './hotel.ts';

/**
 * An admin's decision on a listing (ruling 5): approve makes it public, reject hides it with a
 * reason. Events go out only when the status changes, so repeating a decision sends no second email.
 */
export function approvalChange(
  current: Pick<HotelRecord, 'status' | 'rejectionReason'>,
  decision: { isApproved: boolean; reason?: string | undefined },
): { fields: { status: HotelStatus; rejectionReason: string | null }; events: HotelEvent[] } {
  if (decision.isApproved) {
    return { fields: { status: 'approved', rejectionReason: null }, events: current.status === 'approved' ? [] : [{ type: 'hotel.approved' }] };
  }
  const reason = decision.reason ?? null;
  return {
    fields: { status: 'rejected', rejectionReason: reason },
    events: current.status === 'rejected' ? [] : [{ type: 'hotel.rejected', reason }],
  };
}

/** A provider's edit: a rejected listing goes back to review; others keep their status. */
export function statusAfterProviderEdit(current: Pick<HotelRecord, 'status'>): { status: HotelStatus; resubmitted: boolean } {
  return current.status === 'rejected' ? { status: 'pending', resubmitted: true } : { status: current.status, resubmitted: false };
}
