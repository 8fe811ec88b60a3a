import { describe, expect, it } from 'vitest';
import { canonicalUrl } from '../../src/identity.ts';

describe('canonicalUrl', () => {
  it('decodes escaped letters, digits and -._~, resolves dot segments and merges slashes', () => {
    expect(canonicalUrl('/%61pi/provider/%6Ceads')).toBe('/api/provider/leads');
    expect(canonicalUrl('/api/./provider/x/../leads')).toBe('/api/provider/leads');
    expect(canonicalUrl('/api/%2e%2E/api/leads')).toBe('/api/leads');
    expect(canonicalUrl('//api///leads')).toBe('/api/leads');
    expect(canonicalUrl('/../../api/leads')).toBe('/api/leads');
    expect(canonicalUrl('/api/hotels/%7Efoo-bar_1.2')).toBe('/api/hotels/~foo-bar_1.2');
  });

  it('keeps other escapes, trailing slashes and the query as they are', () => {
    expect(canonicalUrl('/api/hotels/caf%C3%A9%2Fx')).toBe('/api/hotels/caf%C3%A9%2Fx');
    expect(canonicalUrl('/api/hotels/')).toBe('/api/hotels/');
    expect(canonicalUrl('/')).toBe('/');
    expect(canonicalUrl('/search?query=%61/../b')).toBe('/search?query=%61/../b');
  });

  it('answers an address already canonical with itself, and one that only looks near it the long way', () => {
    for (const url of ['/api/favorites', '/api/hotels/12?page=2&query=a/../b', '/api/hotels.json', '/api/a.b/c', '/api/hotels/']) expect(canonicalUrl(url)).toBe(url);
    expect(canonicalUrl('/api/hotels/.')).toBe('/api/hotels/');
    expect(canonicalUrl('/api/.hidden')).toBe('/api/.hidden');
    expect(canonicalUrl('/api//hotels?x=1')).toBe('/api/hotels?x=1');
  });
});
