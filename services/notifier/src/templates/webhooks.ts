import type { EventData } from '@reproute/contracts';
import { appLink, button, formatDate, layout, paragraph, transactionalNote, type EmailMessage } from '../domain/email.ts';
import type { EmailBuilders } from '../domain/builders.ts';

/**
 * Tells an organisation's owner that one of its webhook endpoints was turned off after a day of failed deliveries
 * (docs/decisions.md, "Webhooks"): which endpoint (its host only), since when, the last error, and where to turn it
 * back on. About the owner's own integration, so it cannot be turned off.
 */
export function webhookDisabledEmail(notice: EventData<'webhook.endpoint_disabled'>, appUrl: string): EmailMessage {
  const link = appLink(appUrl, '/provider/dashboard?tab=integrations');
  const what = notice.hotelName ? `for ${notice.hotelName}` : 'for all your properties';
  const since = formatDate(notice.failingSince.slice(0, 10)) ?? notice.failingSince;
  const lines = [
    `Your webhook endpoint at ${notice.host} (${what}) has failed every delivery since ${since}, so we have turned it off.`,
    ...(notice.lastError ? [`The last try ended with: ${notice.lastError}`] : []),
    'New leads are not sent to it while it is off; they are still in your lead inbox and emailed as before. When the endpoint works again, turn it back on in your dashboard: messages still waiting are sent then, and you can send any of them again from its delivery log.',
  ];
  const why = transactionalNote('an integration of your organisation on RepRoute stopped working');
  return {
    to: notice.ownerEmail,
    subject: `Your webhook endpoint at ${notice.host} was turned off`,
    text: `${lines.join('\n\n')}\n\nYour integrations: ${link}\n\nRepRoute\n\n${why.text}`,
    html: layout('Your webhook endpoint was turned off', `${lines.map(paragraph).join('')}${button('See your integrations', link)}${why.html}`),
  };
}

export const webhookEmails: EmailBuilders = {
  'webhook.endpoint_disabled': (event, config) => [{ suffix: 'owner', email: webhookDisabledEmail(event.data, config.appUrl) }],
};
