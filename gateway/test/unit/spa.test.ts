import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpaFiles, servedWhileShedding } from '../../src/spa.ts';

// A build folder as the front end's build leaves it: hashed assets and index.html, each with .br and .gz.
let dist: string;
let app: FastifyInstance;
const indexHtml = '<!doctype html><title>RepRoute</title><div id="root"></div>'.repeat(20);
const script = 'console.log("RepRoute");'.repeat(100);

function writeWithCompressed(file: string, content: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-'));
  writeWithCompressed(path.join(dist, 'index.html'), indexHtml);
  writeWithCompressed(path.join(dist, 'assets', 'index-AbC123.js'), script);
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  const spa = new SpaFiles(dist);
  app = Fastify();
  await spa.register(app);
  app.setNotFoundHandler((request, reply) => spa.sendIndex(request, reply));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('SPA files', () => {
  it('serves hashed assets precompressed, cached for a year as immutable, varying on encoding', async () => {
    const br = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);

    const gz = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ url: '/assets/index-AbC123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('revalidates unhashed files daily', async () => {
    const res = await app.inject({ url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('serves index.html for app routes with no-cache and an ETag, and 304 when the browser has it', async () => {
    const first = await app.inject({ url: '/hotels/3', headers: { 'accept-encoding': 'br' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/html/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(first.rawPayload).toString()).toBe(indexHtml);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);

    const again = await app.inject({ url: '/search', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const plain = await app.inject({ url: '/search' });
    expect(plain.body).toBe(indexHtml);
    expect(plain.headers.etag).toBe(etag);
  });

  it('picks up a rebuilt index.html without a restart (new ETag)', async () => {
    const before = (await app.inject({ url: '/' })).headers.etag;
    const rebuilt = indexHtml.replace('RepRoute', 'RepRoute v2');
    fs.writeFileSync(path.join(dist, 'index.html'), rebuilt);
    for (const suffix of ['.br', '.gz']) fs.rmSync(path.join(dist, `index.html${suffix}`));
    const future = new Date(Date.now() + 5_000);
    fs.utimesSync(path.join(dist, 'index.html'), future, future);
    const after = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(after.headers.etag).not.toBe(before);
    expect(after.body).toBe(rebuilt);
  });
});

describe('while the gateway sheds load', () => {
  it('still serves the pages and their files, not the API or the proxied photos', () => {
    for (const url of ['/', '/search?query=tokyo', '/hotels/the-lift', '/assets/index-abc123.js', '/favicon.svg']) expect(servedWhileShedding(url)).toBe(true);
    for (const url of ['/api/hotels/search', '/api/favorites', '/images/photos/1.webp']) expect(servedWhileShedding(url)).toBe(false);
  });
});
