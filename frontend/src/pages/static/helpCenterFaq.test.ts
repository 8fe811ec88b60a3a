import { describe, expect, it } from 'vitest';
import { faqCategories, filterFaq } from './helpCenterFaq';

describe('filterFaq', () => {
  it('has the four categories', () => {
    expect(faqCategories.map((c) => c.title)).toEqual(['Getting Started', 'Booking & Reservations', 'Fitness Facilities', 'For Hotel Providers']);
  });
  it('keeps everything for a blank search', () => expect(filterFaq(faqCategories, '   ')).toBe(faqCategories));
  it('matches questions case-insensitively', () => {
    const found = filterFaq(faqCategories, 'SQUAT RACKS');
    expect(found.flatMap((c) => c.entries.map((e) => e.question))).toEqual(['Can I filter hotels by equipment like squat racks or saunas?']);
  });
  it('matches answer text too', () => {
    const found = filterFaq(faqCategories, 'cancellation policy');
    expect(found).toHaveLength(1);
    expect(found[0]?.title).toBe('Booking & Reservations');
  });
  it('gives nothing for an unknown term', () => expect(filterFaq(faqCategories, 'zzz-no-such-thing')).toEqual([]));
});
