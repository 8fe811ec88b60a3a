import { describe, expect, it } from 'vitest';
import { messages } from '@reproute/contracts';
import { uniqueClientAddress } from '@reproute/platform/testing/service-under-test';
import { api, db, engagement, uniqueEmail, uniqueTag } from './support.ts';

/**
 * The contact form's answers: validation, header injection refused, the per-client limit. What reaches
 * support and the sender (the emails, their headers) and the per-address limit with its
 * acknowledgements are in the integration tests.
 */
const perClientLimit = 20;
const fileClient = uniqueClientAddress();
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read loosely typed JSON answers
const contact = async (body: unknown, client = fileClient) => (await engagement()).api<any>('POST', '/api/contact', { body, remoteAddress: client });
/** Contact messages stored for an address, and contact.received events about it. */
const stored = async (email: string) => {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM contact_messages WHERE email = $1', [email.toLowerCase()]);
  const events = (await (await engagement()).events('contact.received')).filter((e) => e.data.email === email.toLowerCase());
  return rows[0]!.n + events.length;
};

describe('POST /api/contact', () => {
  it('stores the message and announces it once as contact.received; no subject means inquiry type general', async () => {
    const email = uniqueEmail('contact');
    const res = await contact({ name: '  Casey Contact ', email, message: 'Do your partner hotels have lifting platforms?' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), message: "Thank you for contacting us! We'll get back to you within 24 hours." });
    const [event] = (await (await engagement()).events('contact.received')).filter((e) => e.data.messageId === res.body.id);
    expect(event?.data).toMatchObject({ name: 'Casey Contact', email, subject: null, inquiryType: 'general' });
  });

  it.each([
    ['a blank name', { name: '   ' }],
    ['a missing name', { name: undefined }],
    ['a blank email', { email: ' \t ' }],
    ['a missing email', { email: undefined }],
    ['a blank message', { message: '  \n ' }],
    ['a missing message', { message: undefined }],
  ])('answers 400 "Please fill in all required fields." for %s and stores nothing', async (_case, change) => {
    const email = uniqueEmail('invalid');
    const body = { name: 'Val Idation', email, subject: 'Hi', message: 'A message', inquiryType: 'general', ...change };
    const res = await contact(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, message: messages.missingInformation });
    expect(res.body.message).toBe('Please fill in all required fields.');
    expect(await stored(email)).toBe(0);
  });

  it('answers 400 "Please enter a valid email address" for a list, a line break or a named address, and stores or announces nothing', async () => {
    const tag = uniqueTag('inject');
    const [first, second] = [uniqueEmail('first'), uniqueEmail('second')];
    const attempts = [
      `${first}, ${second}`,
      `${first},${second}`,
      `${first};${second}`,
      `${first} ${second}`,
      `${first}\r\nBcc: ${second}`,
      `${first}\nBcc: ${second}`,
      `Someone <${first}>`,
      `"${first}" <${second}>`,
    ];
    for (const email of attempts) {
      const res = await contact({ name: 'Ivy Injector', email, subject: `Injection ${tag}`, message: `Buy now ${tag}` });
      expect(res.status, JSON.stringify(email)).toBe(400);
      expect(res.body.message).toBe(messages.email);
      expect(res.body.errors).toEqual([{ path: 'email', message: messages.email }]);
    }
    const sent = JSON.stringify(await (await engagement()).events('contact.received'));
    for (const address of [first, second, tag]) expect(sent).not.toContain(address);
  });

  it(`answers 429 with Retry-After after ${perClientLimit} messages from one client address`, async () => {
    const client = uniqueClientAddress();
    const statuses = await Promise.all(Array.from({ length: perClientLimit }, (_, i) => contact({ name: 'Cy Client', email: uniqueEmail(`client${i}`), message: 'Hi' }, client)));
    expect(statuses.map((r) => r.status)).toEqual(Array(perClientLimit).fill(201));
    const refused = await contact({ name: 'Cy Client', email: uniqueEmail('client-over'), message: 'Hi' }, client);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(new RegExp(`^${messages.tooManyContactMessages} Please try again in`));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await contact({ name: 'Cy Client', email: uniqueEmail('client-other'), message: 'Hi' }, uniqueClientAddress())).status).toBe(201);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await api('POST', '/api/contact', { rawBody: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
  });
});
