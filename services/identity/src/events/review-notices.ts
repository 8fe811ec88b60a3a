import { roleAllows, roleForHotel, topics, type OrganisationGrants } from '@reproute/contracts';
import { enqueueEvent, type EventHandlers, type Logger } from '@reproute/platform';

/**
 * Responders hear of their properties' reviews (docs/decisions.md, "The reviews inbox"): when the catalog announces a
 * published review of an organisation's property, identity names the members whose role for it answers reviews
 * (owners and responders), leaving out the address hotel.review-published already emails, and the notifier writes to
 * each (with the listing's one-click unsubscribe, per member).
 */
export function reviewNoticeHandlers(logger: Logger): EventHandlers {
  return {
    'hotel.review-published': async (event, tx) => {
      const notice = event.data;
      const { rows } = await tx.query<{ user_id: string; email: string; grants: OrganisationGrants }>(
        `SELECT m.user_id, u.email, m.grants FROM organisation_members m JOIN users u ON u.id = m.user_id
          WHERE m.organisation_id = $1 AND lower(u.email) <> lower($2)`,
        [notice.providerId, notice.providerEmail],
      );
      const recipients = rows.filter((row) => roleAllows(roleForHotel(row.grants, notice.hotelId), 'reviews')).map((row) => ({ userId: row.user_id, email: row.email }));
      if (recipients.length === 0) return;
      await enqueueEvent(
        tx,
        'organisation.review-published',
        { organisationId: notice.providerId, hotelId: notice.hotelId, name: notice.name, slug: notice.slug, reviewId: notice.reviewId, rating: notice.rating, title: notice.title, recipients },
        { key: notice.providerId },
      );
      logger.info({ hotelId: notice.hotelId, recipients: recipients.length }, 'review notice for the organisation\'s responders');
    },
  };
}

export const reviewNoticeConsumer = { name: 'identity-review-notices', topics: [topics.hotels] };
