import { describe, expect, it } from 'vitest';
import { allowedEdits, closestOf, correctedText, spellingDistance, type KnownSpelling } from '../../src/domain/spelling.ts';

const place = (term: string, hotels = 1, kind: KnownSpelling['kind'] = 'city'): KnownSpelling => ({ kind, key: term.toLowerCase(), term, hotels });
const word = (term: string, hotels = 1) => place(term, hotels, 'word');

describe('spelling distance', () => {
  it('counts insertions, deletions, substitutions and a swap of neighbours as one edit each', () => {
    expect(spellingDistance('londn', 'london')).toBe(1);
    expect(spellingDistance('parsi', 'paris')).toBe(1);
    expect(spellingDistance('lodnon', 'london')).toBe(1);
    expect(spellingDistance('lndn', 'london')).toBe(2);
    expect(spellingDistance('tokyo', 'tokyo')).toBe(0);
    expect(spellingDistance('', 'abc')).toBe(3);
    expect(spellingDistance('zürich', 'zurich')).toBe(1);
  });

  it('allows no edit under four letters, then more with length', () => {
    expect([3, 4, 5, 6, 8, 9].map(allowedEdits)).toEqual([0, 1, 1, 2, 2, 3]);
  });
});

describe('the closest spelling', () => {
  it('takes the fewest edits, then the most hotels, and nothing past the allowance', () => {
    expect(closestOf('londn', [place('Lyon', 9), place('London', 5)])?.term).toBe('London');
    expect(closestOf('pari', [place('Bari', 1), place('Paris', 50)])?.term).toBe('Paris');
    expect(closestOf('lnd', [place('London')])).toBeNull();
    expect(closestOf('qqzzxx', [place('London')])).toBeNull();
  });

  it('corrects the whole text to a place, else each unknown word, keeping known words and short forms', () => {
    const near = (key: string, known: KnownSpelling[]) => ({ key, known });
    expect(correctedText(['new', 'yrok'], { whole: near('new yrok', [place('New York')]), words: [] })).toBe('New York');
    expect(
      correctedText(['shinjku', 'skyline'], {
        whole: near('shinjku skyline', [place('Tokyo')]),
        words: [near('shinjku', [word('Shinjuku')]), near('skyline', [word('Skyline')])],
      }),
    ).toBe('Shinjuku skyline');
    expect(correctedText(['uk', 'gymm'], { whole: near('uk gymm', []), words: [near('uk', []), near('gymm', [word('Gym')])] })).toBe('uk Gym');
    // Equipment words correct a word of a several-word search.
    expect(correctedText(['paris', 'sauan'], { whole: near('paris sauan', []), words: [near('paris', [place('Paris', 1, 'word')]), near('sauan', [])] })).toBe('paris sauna');
    expect(correctedText(['london'], { whole: near('london', [word('London')]), words: [near('london', [word('London')])] })).toBeNull();
  });
});
