import { describe, expect, it } from 'vitest';
import { insightSentence, labelPhrase, niceMax, percent } from './analyticsText';

const hotel = (hotelId: number, lists: boolean | null) => ({ hotelId, name: `Hotel ${hotelId}`, lists });

describe('analytics text', () => {
  it('writes a share as a whole percentage, "--" without one', () => {
    expect(percent(0.416)).toBe('42%');
    expect(percent(1)).toBe('100%');
    expect(percent(null)).toBe('--');
  });

  it('reads labels with the right article', () => {
    expect(labelPhrase('squat rack')).toBe('a squat rack');
    expect(labelPhrase('elliptical')).toBe('an elliptical');
    expect(labelPhrase('kettlebells')).toBe('kettlebells');
    expect(labelPhrase('dumbbells ≥40kg')).toBe('dumbbells ≥40kg');
    expect(labelPhrase('trx')).toBe('a TRX');
  });

  it('writes the demand sentence for one listing', () => {
    expect(insightSentence('London', { label: 'squat rack', share: 0.42, hotels: [hotel(1, false)] })).toBe("42% of searches in London asked for a squat rack; your listing doesn't list one");
    expect(insightSentence('London', { label: 'kettlebells', share: 0.1, hotels: [hotel(1, true)] })).toBe('10% of searches in London asked for kettlebells; your listing lists them');
    expect(insightSentence('London', { label: 'sauna', share: 1, hotels: [hotel(1, null)] })).toBe("100% of searches in London asked for a sauna; we can't tell yet whether your listing has one");
  });

  it('names which of several listings have it', () => {
    expect(insightSentence('Leeds', { label: 'pool', share: 0.5, hotels: [hotel(1, true), hotel(2, false), hotel(3, false)] })).toBe(
      "50% of searches in Leeds asked for a pool; Hotel 1 lists one; Hotel 2 and Hotel 3 don't",
    );
    expect(insightSentence('Leeds', { label: 'pool', share: 0.5, hotels: [hotel(1, false), hotel(2, false)] })).toBe('50% of searches in Leeds asked for a pool; none of your 2 listings here lists one');
    expect(insightSentence('Leeds', { label: 'pool', share: 0.5, hotels: [hotel(1, true), hotel(2, true)] })).toBe('50% of searches in Leeds asked for a pool; all 2 of your listings here list one');
  });

  it('rounds chart scales up to a readable maximum', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(42)).toBe(50);
    expect(niceMax(120)).toBe(200);
  });
});
