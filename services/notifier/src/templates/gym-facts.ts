import { gymReportKindTitles, type EventData } from '@reproute/contracts';
import { appLink, button, detailsTable, detailsText, formatDate, layout, paragraph, type EmailMessage } from '../domain/email.ts';
import type { EmailBuilders } from '../domain/builders.ts';

/** Where a provider confirms or edits a listing's gym facts in one step: its edit page, at the gym facts' panel. */
export const gymFactsConfirmPath = (hotelId: number) => `/edit-hotel/${hotelId}?confirm=gym-facts#gym-facts`;

/**
 * Reminds a listing's provider that its gym facts were last confirmed more than GYM_FACTS_STALE_DAYS ago, with the link
 * to confirm them (one press) or edit them. Not an answer to anything they did: a list email (`listing-gym-facts`).
 */
export function gymFactsStaleEmail(notice: EventData<'hotel.gym-facts-stale'>, appUrl: string): EmailMessage {
  const link = appLink(appUrl, gymFactsConfirmPath(notice.hotelId));
  const since = formatDate(notice.confirmedAt);
  const lines = [
    `The gym facts of ${notice.name} on RepRoute were last confirmed ${since ? `on ${since}` : 'a while ago'}, more than ${notice.staleDays} days ago.`,
    'Travellers plan their training on them, and the hotel page shows how old they are. If nothing has changed, one press confirms they are current; if something has, edit them on the same page.',
    ...(notice.openReports > 0 ? [`Travellers have reported ${notice.openReports === 1 ? 'a change' : `${notice.openReports} changes`} you have not answered yet; you will find ${notice.openReports === 1 ? 'it' : 'them'} there too.`] : []),
  ];
  return {
    to: notice.providerEmail,
    list: { kind: 'listing-gym-facts', userId: notice.providerId, scope: String(notice.hotelId) },
    subject: `Are the gym facts of ${notice.name} still right?`,
    text: `${lines.join('\n\n')}\n\nConfirm or edit the gym facts: ${link}\n\nRepRoute`,
    html: layout('Are your gym facts still right?', `${lines.map(paragraph).join('')}${button('Confirm or edit the gym facts', link)}`),
  };
}

/**
 * Tells a listing's provider a traveller reported a change to its gym: what, when, and the link to answer it by editing
 * the listing or disputing the report with a note. A list email (`listing-gym-facts`); no traveller's identity is in it.
 */
export function gymReportOpenedEmail(report: EventData<'hotel.gym-report-opened'>, appUrl: string): EmailMessage {
  const link = appLink(appUrl, `/edit-hotel/${report.hotelId}#gym-facts`);
  const kind = gymReportKindTitles[report.kind];
  const rows: [string, string][] = [
    ['Report', kind],
    ['What the traveller says', report.detail],
    ['Reported', formatDate(report.reportedAt) ?? report.reportedAt],
  ];
  const lines = [
    `A traveller reported a change to the gym of ${report.name} on RepRoute. The report is shown on the hotel page until you answer it, and the gym score counts the facts for less meanwhile.`,
    'If the traveller is right, edit the listing (changes to reviewed facts go through our review as usual) and mark the report as answered. If the facts are right, dispute the report with a note: travellers see it, and our team takes a look.',
  ];
  return {
    to: report.providerEmail ?? '',
    list: { kind: 'listing-gym-facts', userId: report.providerId ?? '', scope: String(report.hotelId) },
    subject: `A traveller reported a change to the gym of ${report.name}`,
    text: `${lines[0]}\n\n${detailsText(rows)}\n\n${lines[1]}\n\nAnswer the report: ${link}\n\nRepRoute`,
    html: layout('A traveller reported a change to your gym', `${paragraph(lines[0]!)}${detailsTable(rows)}${paragraph(lines[1]!)}${button('Answer the report', link)}`),
  };
}

export const gymFactsEmails: EmailBuilders = {
  'hotel.gym-facts-stale': (event, config) => [{ suffix: 'provider', email: gymFactsStaleEmail(event.data, config.appUrl) }],
  // A hotel without a provider (an admin's listing) has nobody to email: the report waits in the admin queue.
  'hotel.gym-report-opened': (event, config) => (event.data.providerEmail && event.data.providerId ? [{ suffix: 'provider', email: gymReportOpenedEmail(event.data, config.appUrl) }] : []),
};
