import { describe, expect, it } from 'vitest';
import { servedWhileShedding, waitsOnServices } from '../../src/app.ts';

describe('while the gateway sheds load', () => {
  it('still serves the files a served page needs, and may shed the pages themselves, the API and the proxied photos', () => {
    for (const url of ['/assets/index-abc123.js', '/assets/index-abc123.css', '/fonts/inter.woff2', '/media/hero-poster.jpg', '/favicon.svg', '/robots.txt']) expect(servedWhileShedding(url)).toBe(true);
    for (const url of ['/', '/search?query=tokyo', '/hotels/the-lift', '/favicon.svg.html', '/api/hotels/search', '/api/favorites', '/images/photos/1.webp']) expect(servedWhileShedding(url)).toBe(false);
  });

  it('counts in the latency target\'s concurrency limit what waits on the services, not the pages rendered here', () => {
    for (const url of ['/api/hotels/search', '/api/favorites', '/images/photos/1.webp']) expect(waitsOnServices(url)).toBe(true);
    for (const url of ['/', '/search?query=tokyo', '/hotels/the-lift', '/assets/index-abc123.js']) expect(waitsOnServices(url)).toBe(false);
  });
});
