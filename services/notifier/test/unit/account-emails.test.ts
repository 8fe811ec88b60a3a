import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { emailVerificationSealContext, greetableFirstName, passwordResetSealContext, type Envelope, type EventData, type EventType } from '@reproute/contracts';
import { seal, unseal } from '@reproute/platform/sealing';
import { emailChangeNotice, greeting, passwordResetEmail, validFor, verificationEmail, welcomeEmail } from '../../src/templates/account.ts';
import { reviewApprovedEmail, reviewRejectedEmail, reviewRepliedEmail } from '../../src/templates/reviews.ts';
import { openSealedEmail, type EmailMessage } from '../../src/domain/email.ts';
import { emailsForEvent } from '../../src/domain/routing.ts';

const config = { supportEmail: 'support@reproute.example', appUrl: 'https://app.example' };
const userId = '00000000-0000-4000-8000-0000000000aa';
const occurredAt = '2026-12-01T10:00:00.000Z';
const expiresAt = '2026-12-02T10:00:00.000Z';

function envelope<T extends EventType>(type: T, data: EventData<T>): Envelope<T> {
  return { id: '44444444-4444-4444-8444-444444444444', type, version: 1, occurredAt, data };
}

/** Names someone other than the recipient might type to make an email say something. */
const unsafeNames = [
  'Your account is locked, visit evil.example',
  'Visit https://evil.example',
  'Ann <b>bold</b>',
  'Call 0800 123 456',
  'Ann\nBcc: x@example.com',
  "D'Arcy", // an apostrophe: allowed in a stored name, not in a greeting (letters, spaces and hyphens only)
  'A'.repeat(51),
  'Ann  Marie', // two spaces
  '-Ann',
  '',
];
const safeNames = ['Ann', 'Ana María', 'Jean-Luc', 'Zoë', 'Łukasz', '美咲', 'Ṇāgārjuna', 'A'.repeat(50)];

describe('the greeting rule (contracts greetableFirstName)', () => {
  it('greets with a first name of letters, spaces and hyphens of at most 50 characters', () => {
    for (const name of safeNames) {
      expect(greetableFirstName(name), name).toBe(name);
      expect(greeting(name)).toBe(`Hi ${name},`);
    }
    expect(greetableFirstName('  Ann  ')).toBe('Ann');
  });

  it('greets without a name for anything else', () => {
    for (const name of [...unsafeNames, null, undefined]) {
      expect(greetableFirstName(name), String(name)).toBeNull();
      expect(greeting(name)).toBe('Hi,');
    }
  });
});

/** Every template that greets by first name, built with `firstName`. */
function greetingEmails(firstName: string | null): EmailMessage[] {
  const review = {
    reviewId: '22222222-2222-4222-8222-222222222222', hotelId: 3, hotelName: 'Gym Hotel', userId, reviewerEmail: 'r@example.com',
    reviewerFirstName: firstName, rating: 5, gymRating: 4, title: 'Great racks',
  };
  return [
    welcomeEmail({ userId, email: 'ann@example.com', firstName, previousEmail: null }, config.appUrl),
    passwordResetEmail({ userId, email: 'ann@example.com', firstName, sealedToken: 'v1.a.b.c', expiresAt }, config.appUrl),
    emailChangeNotice({ userId, email: 'ann@example.com', firstName }, config.appUrl),
    reviewApprovedEmail(review, config.appUrl),
    reviewRejectedEmail({ ...review, reason: null }, config),
    reviewRepliedEmail({ ...review, replyText: 'Thanks' }, config.appUrl),
  ];
}

describe('templates never echo an unsafe name', () => {
  it('greets by a safe first name in every template that greets', () => {
    for (const email of greetingEmails('Ana María')) {
      expect(email.text, email.subject).toContain('Hi Ana María,');
      expect(email.html, email.subject).toContain('Hi Ana María,');
    }
  });

  it('leaves every unsafe name out, text and HTML, greeting generically', () => {
    const fragments = ['locked', 'evil', '<b>', '&lt;b&gt;', '0800', 'Bcc', "D'Arcy", 'D&#39;Arcy', 'AAAAAAAAAA', 'Ann  Marie', 'Ann Marie', '-Ann'];
    for (const name of unsafeNames.filter(Boolean)) {
      for (const email of greetingEmails(name)) {
        expect(email.text, `${email.subject}: ${name}`).not.toContain(name);
        for (const fragment of fragments) {
          expect(email.text, `${email.subject}: ${name}`).not.toContain(fragment);
          expect(email.html, `${email.subject}: ${name}`).not.toContain(fragment);
        }
        expect(email.text).toMatch(/^Hi( there)?,$/m);
      }
    }
  });
});

describe('verification email', () => {
  const data = (reason: EventData<'user.email_verification_requested'>['reason'], sealedToken = 'v1.a.b.c') => ({
    userId, email: 'new@example.com', reason, sealedToken, expiresAt,
  });

  it('keeps the token sealed in the queued email and opens it into the /verify-email link only when sent', () => {
    const key = randomBytes(32);
    const token = 'Xyz789_-verificationTokenValue';
    const queued = verificationEmail(envelope('user.email_verification_requested', data('registration', seal(key, token, emailVerificationSealContext(userId, 'new@example.com')))), config.appUrl);
    expect(JSON.stringify(queued)).not.toContain(token);
    const sent = openSealedEmail(queued, (value, context) => unseal(key, value, context));
    expect(sent.to).toBe('new@example.com');
    expect(sent.text).toContain(`https://app.example/verify-email?token=${token}`);
    expect(sent.html).toContain(`href="https://app.example/verify-email?token=${token}"`);
    expect(sent.text).toContain('expires in 24 hours');
  });

  it('opens only for the account and address it was sealed for', () => {
    const key = randomBytes(32);
    const forOther = seal(key, 'x', emailVerificationSealContext(userId, 'other@example.com'));
    const queued = verificationEmail(envelope('user.email_verification_requested', data('registration', forOther)), config.appUrl);
    expect(() => openSealedEmail(queued, (value, context) => unseal(key, value, context))).toThrow();
    const asReset = seal(key, 'x', passwordResetSealContext(userId));
    expect(() => openSealedEmail(verificationEmail(envelope('user.email_verification_requested', data('resend', asReset)), config.appUrl), (v, c) => unseal(key, v, c))).toThrow();
  });

  it('greets generically and says what waits on the address, for a new account and for an email change', () => {
    const signUp = verificationEmail(envelope('user.email_verification_requested', data('registration')), config.appUrl);
    expect(signUp.subject).toBe('Confirm your email address for RepRoute');
    expect(signUp.text.startsWith('Hi,\n')).toBe(true);
    expect(signUp.text).toContain('reviews are not published');
    const change = verificationEmail(envelope('user.email_verification_requested', data('change')), config.appUrl);
    expect(change.subject).toBe('Confirm your new email address for RepRoute');
    expect(change.text).toContain('keeps its current address until this one is confirmed');
  });

  it('says how long the link lasts', () => {
    expect(validFor(occurredAt, expiresAt)).toBe('24 hours');
    expect(validFor(occurredAt, '2026-12-01T11:00:00.000Z')).toBe('1 hour');
    expect(validFor(occurredAt, '2026-12-01T10:30:00.000Z')).toBe('30 minutes');
  });
});

describe('account email routing', () => {
  it('sends the welcome only once an address is verified, and nothing when a change completes', () => {
    const welcome = emailsForEvent(envelope('user.email_verified', { userId, email: 'ann@example.com', firstName: 'Ann', previousEmail: null }), config);
    expect(welcome).toEqual([{ jobId: expect.stringMatching(/-welcome$/), email: expect.objectContaining({ to: 'ann@example.com', subject: 'Welcome to RepRoute' }) }]);
    expect(emailsForEvent(envelope('user.email_verified', { userId, email: 'new@example.com', firstName: 'Ann', previousEmail: 'old@example.com' }), config)).toEqual([]);
    expect(emailsForEvent(envelope('user.registered', { userId, email: 'ann@example.com', firstName: 'Your account is locked', lastName: 'x' }), config)).toEqual([]);
  });

  it('sends the change notice to the current address without naming the new one', () => {
    const [notice] = emailsForEvent(envelope('user.email_change_requested', { userId, email: 'old@example.com', firstName: 'Ann' }), config);
    expect(notice!.email.to).toBe('old@example.com');
    expect(notice!.email.text).toContain('Hi Ann,');
    expect(notice!.email.text).toContain('Nothing changes until the link we sent to the new address is opened');
    expect(notice!.email.text).not.toMatch(/new@|@example\.com/);
  });
});
