import { describe, expect, it } from 'vitest';
import { emailConcerns } from '../../src/domain/erasure.ts';

const email = (fields: Partial<{ to: string; replyTo: string; text: string; html: string }>) => ({
  email: { to: 'someone@example.com', subject: 'Hello', text: 'Hi,', html: '<p>Hi,</p>', ...fields },
});

describe('emailConcerns (erasing a deleted account\'s email jobs)', () => {
  const addresses = ['lena@example.com'];

  it('finds an email to, answering to or naming one of the addresses, whatever the letter case', () => {
    expect(emailConcerns(email({ to: 'Lena@Example.com' }), addresses)).toBe(true);
    expect(emailConcerns(email({ replyTo: 'lena@example.com' }), addresses)).toBe(true);
    expect(emailConcerns(email({ text: 'New lead from LENA@example.com for your hotel' }), addresses)).toBe(true);
    expect(emailConcerns(email({ html: '<a href="mailto:lena@example.com">Lena</a>' }), addresses)).toBe(true);
  });

  it('leaves everyone else\'s emails, and reads nothing from an empty list or a job without an email', () => {
    expect(emailConcerns(email({ text: 'Write to lena@example.com.' }), addresses)).toBe(true);
    expect(emailConcerns(email({ to: 'elena@example.com', text: 'From elena@example.com and lena@example.com.au' }), addresses)).toBe(false);
    expect(emailConcerns(email({ to: 'lena@example.com' }), [])).toBe(false);
    expect(emailConcerns(undefined, addresses)).toBe(false);
  });
});
