import { describe, expect, it } from 'vitest';
import type { Envelope, EventData } from '@reproute/contracts';
import { emailsForEvent } from '../../src/domain/routing.ts';

// The email an organisation's owner gets when one of its webhook endpoints is turned off after a day of failures.

const config = { supportEmail: 'support@reproute.example', appUrl: 'https://app.example' };
const notice: EventData<'webhook.endpoint_disabled'> = {
  endpointId: '00000000-0000-4000-8000-0000000000e1',
  ownerId: '00000000-0000-4000-8000-0000000000bb',
  ownerEmail: 'owner@hotel.example',
  host: 'crm.hotel.example',
  hotelName: 'Iron Lofts',
  failingSince: '2026-11-30T09:00:00.000Z',
  lastError: 'HTTP 503',
};
const envelope = (data: EventData<'webhook.endpoint_disabled'>): Envelope<'webhook.endpoint_disabled'> => ({
  id: '66666666-6666-4666-8666-666666666666',
  type: 'webhook.endpoint_disabled',
  version: 1,
  occurredAt: '2026-12-01T09:00:00.000Z',
  data,
});

describe('the endpoint-turned-off email', () => {
  it('goes to the owner, names the host, the property, the last error and where to turn it back on', () => {
    const [sent, ...others] = emailsForEvent(envelope(notice), config);
    expect(others).toHaveLength(0);
    expect(sent!.jobId).toBe('66666666-6666-4666-8666-666666666666-owner');
    expect(sent!.email).toMatchObject({ to: 'owner@hotel.example', subject: 'Your webhook endpoint at crm.hotel.example was turned off' });
    expect(sent!.email.text).toContain('crm.hotel.example (for Iron Lofts)');
    expect(sent!.email.text).toContain('The last try ended with: HTTP 503');
    expect(sent!.email.text).toContain('https://app.example/provider/dashboard?tab=integrations');
    // About the owner's own integration: transactional, it says why it was sent and has no unsubscribe.
    expect(sent!.email.list).toBeUndefined();
    expect(sent!.email.html).toContain('See your integrations');
  });

  it('an endpoint for every property says so, and no error line without an error', () => {
    const [sent] = emailsForEvent(envelope({ ...notice, hotelName: null, lastError: null }), config);
    expect(sent!.email.text).toContain('(for all your properties)');
    expect(sent!.email.text).not.toContain('The last try ended with');
  });

  it('sends nothing to an address that is not one address', () => {
    expect(emailsForEvent(envelope({ ...notice, ownerEmail: 'a@example.com, b@example.com' }), config)).toHaveLength(0);
  });
});
