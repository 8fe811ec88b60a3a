import { greetableFirstName, type EventData } from '@reproute/contracts';
import { appLink, button, layout, paragraph, type EmailMessage } from '../domain/email.ts';
import type { EmailBuilders, RoutingConfig } from '../domain/builders.ts';

type ReviewFacts = EventData<'review.approved'>;

const hotelOf = (review: ReviewFacts) => review.hotelName ?? 'the hotel';
/** The reviewer's first name only under the greeting rule (letters, spaces, hyphens, at most 50), else "Hi there,". */
const greeting = (review: ReviewFacts) => `Hi ${greetableFirstName(review.reviewerFirstName) ?? 'there'},`;
const reviewLabel = (review: ReviewFacts) => (review.title ? `"${review.title}"` : 'your review');

/** Tells the reviewer their review is published (ruling 6). */
export function reviewApprovedEmail(review: ReviewFacts, appUrl: string): EmailMessage {
  const hotel = hotelOf(review);
  const link = appLink(appUrl, `/hotel/${review.hotelId}`);
  const lines = [
    greeting(review),
    `Good news: ${reviewLabel(review)} of ${hotel} has been approved and is now published on RepRoute.`,
    'Thank you for helping fellow travellers find hotels with gyms worth training in.',
  ];
  return {
    to: review.reviewerEmail ?? '',
    list: { kind: 'review-status', userId: review.userId },
    subject: `Your review of ${hotel} is live`,
    text: `${lines.join('\n\n')}\n\nSee it here: ${link}\n\nRepRoute`,
    html: layout('Your review is live', `${lines.map(paragraph).join('')}${button('See your review', link)}`),
  };
}

/** Tells the reviewer, politely, that their review will not be published, and the moderator's reason when given. */
export function reviewRejectedEmail(review: EventData<'review.rejected'>, config: RoutingConfig): EmailMessage {
  const hotel = hotelOf(review);
  const link = appLink(config.appUrl, `/write-review/${review.hotelId}`);
  const reason = review.reason?.trim();
  const lines = [
    greeting(review),
    `Thank you for taking the time to review ${hotel}. After moderation, ${reviewLabel(review)} will not be published on RepRoute.`,
    ...(reason ? [`The reason our moderator gave: ${reason}`] : []),
    'Reviews are published when they describe a real stay, focus on the hotel and its gym, and follow our community guidelines. You are welcome to write a new review at any time.',
    'If you have questions, simply reply to this email or contact us through the Contact page.',
  ];
  return {
    to: review.reviewerEmail ?? '',
    replyTo: config.supportEmail,
    list: { kind: 'review-status', userId: review.userId },
    subject: `About your review of ${hotel}`,
    text: `${lines.join('\n\n')}\n\nWrite a new review: ${link}\n\nRepRoute`,
    html: layout('About your review', `${lines.map(paragraph).join('')}${button('Write a new review', link)}`),
  };
}

type ReplyFacts = EventData<'review.replied'>;

/**
 * Tells the reviewer the hotel answered their review, with a link to the answer. The answer itself is
 * text the hotel typed, so it is read on RepRoute (under the review), never carried in the email.
 */
export function reviewRepliedEmail(review: ReplyFacts, appUrl: string): EmailMessage {
  const hotel = hotelOf(review);
  const link = appLink(appUrl, `/hotel/${review.hotelId}`);
  const lines = [greeting(review), `${hotel} has responded to ${reviewLabel(review)} on RepRoute.`, 'You can read the response under your review on the hotel\'s page.'];
  return {
    to: review.reviewerEmail ?? '',
    list: { kind: 'review-replies', userId: review.userId },
    subject: `${hotel} replied to your review`,
    text: `${lines.join('\n\n')}\n\nSee the response: ${link}\n\nRepRoute`,
    html: layout('The hotel replied to your review', `${lines.map(paragraph).join('')}${button('See the reply', link)}`),
  };
}

/**
 * Tells a listing's owner a review of it was published, with its rating and a link to reply. Not an answer to
 * anything they did, so it is a list email they can stop per listing (`listing-reviews`). The review's title is
 * published text on the hotel's page; the body is read there.
 */
export function reviewPublishedForProviderEmail(notice: EventData<'hotel.review-published'>, appUrl: string): EmailMessage {
  const link = appLink(appUrl, `/hotels/${encodeURIComponent(notice.slug)}`);
  const dashboard = appLink(appUrl, '/provider/dashboard');
  const stars = `${notice.rating} out of 5`;
  const lines = [
    `A traveller's review of ${notice.name} has been published on RepRoute: ${stars}${notice.title ? `, "${notice.title}"` : ''}.`,
    'Read it on your hotel\'s page; you can reply to it there or from your provider dashboard, and your reply is shown under the review.',
  ];
  return {
    to: notice.providerEmail,
    list: { kind: 'listing-reviews', userId: notice.providerId, scope: String(notice.hotelId) },
    subject: `New review of ${notice.name}: ${stars}`,
    text: `${lines.join('\n\n')}\n\nRead the review: ${link}\nProvider dashboard: ${dashboard}\n\nRepRoute`,
    html: layout('A review of your hotel was published', `${lines.map(paragraph).join('')}${button('Read the review', link)}`),
  };
}

export const reviewEmails: EmailBuilders = {
  'review.approved': (event, config) => [{ suffix: 'reviewer', email: reviewApprovedEmail(event.data, config.appUrl) }],
  'review.rejected': (event, config) => [{ suffix: 'reviewer', email: reviewRejectedEmail(event.data, config) }],
  'review.replied': (event, config) => [{ suffix: 'reviewer', email: reviewRepliedEmail(event.data, config.appUrl) }],
  'hotel.review-published': (event, config) => [{ suffix: 'provider', email: reviewPublishedForProviderEmail(event.data, config.appUrl) }],
};
