import { describe, expect, it } from 'vitest';
import { emptyContactForm, missingContactFields, toContactRequest } from './contactForm';

describe('contact form', () => {
  it('defaults the inquiry type to general', () => expect(emptyContactForm.inquiryType).toBe('general'));
  it('treats blank-after-trimming as missing', () => {
    expect(missingContactFields({ ...emptyContactForm, name: '  ', email: 'a@b.co', message: '\n' })).toEqual(['name', 'message']);
    expect(missingContactFields({ ...emptyContactForm, name: 'A', email: 'a@b.co', message: 'Hi' })).toEqual([]);
  });
  it('trims and leaves out a blank subject', () => {
    expect(toContactRequest({ name: ' Ann ', email: ' a@b.co ', subject: '  ', message: ' Hi ', inquiryType: 'technical' })).toEqual({
      name: 'Ann',
      email: 'a@b.co',
      subject: undefined,
      message: 'Hi',
      inquiryType: 'technical',
    });
  });
});
