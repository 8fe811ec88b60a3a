import { describe, expect, it } from 'vitest';
import { servedWhileShedding } from '../../src/app.ts';

describe('while the gateway sheds load', () => {
  it('still serves the pages and their files, not the API or the proxied photos', () => {
    for (const url of ['/', '/search?query=tokyo', '/hotels/the-lift', '/assets/index-abc123.js', '/favicon.svg']) expect(servedWhileShedding(url)).toBe(true);
    for (const url of ['/api/hotels/search', '/api/favorites', '/images/photos/1.webp']) expect(servedWhileShedding(url)).toBe(false);
  });
});
