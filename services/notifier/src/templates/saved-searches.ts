import type { EventData } from '@reproute/contracts';
import { appLink, button, escapeHtml, layout, paragraph, type EmailMessage } from '../domain/email.ts';
import type { EmailBuilders } from '../domain/builders.ts';

type Match = EventData<'saved-search.matched'>;

const placeOf = (hotel: Match['hotel']) => [hotel.city, hotel.country].filter((part) => part && part.trim() !== '').join(', ');
const hotelLink = (appUrl: string, hotel: { slug: string }) => appLink(appUrl, `/hotels/${encodeURIComponent(hotel.slug)}`);

/**
 * A saved search found a hotel that was just approved (instant alerts): one email per search and hotel. A list
 * email (kind `search-alerts`, scoped to the search), so it is sent only while the account wants it and carries
 * one-click unsubscribe (domain/list-mail.ts).
 */
export function savedSearchAlertEmail(match: Match, appUrl: string): EmailMessage {
  const place = placeOf(match.hotel);
  const lines = [
    `A new hotel matches your saved search "${match.searchName}": ${match.hotel.name}${place ? ` in ${place}` : ''}.`,
    'It has just been approved on RepRoute. See its gym, equipment and reviews on its page.',
  ];
  const link = hotelLink(appUrl, match.hotel);
  const searchLink = appLink(appUrl, match.searchPath);
  return {
    to: match.email,
    subject: `New match for "${match.searchName}": ${match.hotel.name}`,
    text: `${lines.join('\n\n')}\n\nSee the hotel: ${link}\nYour search: ${searchLink}\n\nChange or pause this alert in your profile: ${appLink(appUrl, '/profile#saved-searches')}\n\nRepRoute`,
    html: layout(
      'A new hotel matches your search',
      `${lines.map(paragraph).join('')}${button(`See ${match.hotel.name}`, link)}${paragraph(`Your search: "${match.searchName}"`)}<p style="margin:0 0 12px"><a href="${escapeHtml(searchLink)}">Open the search</a> · <a href="${escapeHtml(appLink(appUrl, '/profile#saved-searches'))}">Change or pause this alert</a></p>`,
    ),
    list: { kind: 'search-alerts', userId: match.userId, scope: match.savedSearchId },
  };
}

/** One hotel of a weekly digest (what the notifier keeps until the digest goes). */
export interface DigestItem {
  savedSearchId: string;
  searchName: string;
  searchPath: string;
  email: string;
  hotel: Match['hotel'];
  matchedAt: string;
}

/**
 * The weekly digest: every hotel the account's weekly saved searches found since the last one, grouped by search,
 * in one email (kind `search-alerts` for every saved search: its unsubscribe stops all saved-search alerts).
 */
export function savedSearchDigestEmail(userId: string, items: readonly DigestItem[], appUrl: string): EmailMessage {
  const latest = [...items].sort((a, b) => a.matchedAt.localeCompare(b.matchedAt)).at(-1)!;
  const bySearch = new Map<string, DigestItem[]>();
  for (const item of items) bySearch.set(item.savedSearchId, [...(bySearch.get(item.savedSearchId) ?? []), item]);
  const count = items.length;
  const intro = `${count} new ${count === 1 ? 'hotel matches' : 'hotels match'} your saved ${bySearch.size === 1 ? 'search' : 'searches'} this week.`;
  const textSections: string[] = [];
  const htmlSections: string[] = [];
  for (const group of bySearch.values()) {
    const first = group[0]!;
    const searchLink = appLink(appUrl, first.searchPath);
    textSections.push(
      `"${first.searchName}" (${searchLink})\n${group.map((item) => `- ${item.hotel.name}${placeOf(item.hotel) ? `, ${placeOf(item.hotel)}` : ''}: ${hotelLink(appUrl, item.hotel)}`).join('\n')}`,
    );
    htmlSections.push(
      `<h2 style="font-size:17px;margin:20px 0 8px"><a href="${escapeHtml(searchLink)}">${escapeHtml(first.searchName)}</a></h2><ul style="margin:0 0 12px;padding-left:20px">${group
        .map(
          (item) =>
            `<li style="margin:0 0 6px"><a href="${escapeHtml(hotelLink(appUrl, item.hotel))}">${escapeHtml(item.hotel.name)}</a>${placeOf(item.hotel) ? ` — ${escapeHtml(placeOf(item.hotel))}` : ''}</li>`,
        )
        .join('')}</ul>`,
    );
  }
  const manage = appLink(appUrl, '/profile#saved-searches');
  return {
    to: latest.email,
    subject: `Your weekly RepRoute digest: ${count} new ${count === 1 ? 'hotel' : 'hotels'}`,
    text: `${intro}\n\n${textSections.join('\n\n')}\n\nChange or pause these alerts in your profile: ${manage}\n\nRepRoute`,
    html: layout('Your weekly saved-search digest', `${paragraph(intro)}${htmlSections.join('')}<p style="margin:16px 0 12px"><a href="${escapeHtml(manage)}">Change or pause these alerts</a></p>`),
    list: { kind: 'search-alerts', userId, scope: null },
  };
}

/** A favourite hotel's gym facts changed: a list email of kind `favorite-updates`. */
export function favoriteGymUpdatedEmail(update: EventData<'favorite.gym-updated'>, appUrl: string): EmailMessage {
  const link = hotelLink(appUrl, update);
  const what = update.changes.length > 0 ? update.changes.join(', ') : 'gym details';
  const lines = [`The gym of ${update.name}, one of your favourite hotels, has changed: ${what}.`, 'See what it offers now on its page.'];
  return {
    to: update.email,
    subject: `The gym at ${update.name} has changed`,
    text: `${lines.join('\n\n')}\n\nSee the hotel: ${link}\n\nRepRoute`,
    html: layout('A favourite hotel\'s gym has changed', `${lines.map(paragraph).join('')}${button(`See ${update.name}`, link)}`),
    list: { kind: 'favorite-updates', userId: update.userId, scope: null },
  };
}

export const savedSearchEmails: EmailBuilders = {
  // Weekly matches wait for the digest (src/digest.ts); only instant ones are emailed from the event.
  'saved-search.matched': (event, config) => (event.data.delivery === 'instant' ? [{ suffix: 'alert', email: savedSearchAlertEmail(event.data, config.appUrl) }] : []),
  'favorite.gym-updated': (event, config) => [{ suffix: 'favorite', email: favoriteGymUpdatedEmail(event.data, config.appUrl) }],
};
