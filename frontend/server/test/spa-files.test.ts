import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpaFiles } from '../src/spa-files.ts';
import { BuildFiles } from '../src/build-files.ts';
import { inlineScriptSources } from '../src/page-script.ts';

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
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{"index.html":{}}');
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

  it('revalidates unhashed files daily, and index.html, named by its file name too, on every use', async () => {
    const res = await app.inject({ url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const index = await app.inject({ url: '/index.html', headers: { 'accept-encoding': 'br' } });
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.headers.etag).toBeTruthy();
  });

  it("does not serve the build's manifests: a dot folder is no file (the SPA answers the path)", async () => {
    for (const url of ['/.vite/manifest.json', '/.vite/']) {
      const res = await app.inject({ url });
      expect(res.body, url).not.toContain('"index.html":{}');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    }
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

describe('the build files, from memory', () => {
  let buildDir: string;
  let server: FastifyInstance;
  let clock = 0;
  const lifetime = (urlPath: string) => (urlPath.startsWith('/assets/') ? 'immutable' : 'daily');
  const css = 'body{margin:0}'.repeat(200);

  beforeAll(async () => {
    buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-files-'));
    writeWithCompressed(path.join(buildDir, 'index.html'), indexHtml);
    writeWithCompressed(path.join(buildDir, 'assets', 'index-Q1w2E3.css'), css);
    fs.writeFileSync(path.join(buildDir, 'robots.txt'), 'User-agent: *');
    fs.mkdirSync(path.join(buildDir, '.vite'));
    fs.writeFileSync(path.join(buildDir, '.vite', 'manifest.json'), '{}');
    fs.mkdirSync(path.join(buildDir, 'media'));
    fs.writeFileSync(path.join(buildDir, 'media', 'hero.mp4'), Buffer.alloc(2048, 1));
    const files = new BuildFiles(buildDir, lifetime, () => clock);
    server = Fastify();
    // What the build files do not answer, the disk does (@fastify/static in the gateway). HEAD comes with GET.
    server.get('/*', async (request, reply) => ((await files.serve(request, reply)) ? reply : reply.status(404).send('not from memory')));
    await server.ready();
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(buildDir, { recursive: true, force: true });
  });

  it('answers each encoding the client takes, with its own ETag, and 304 for the one it has; read once, kept', async () => {
    const url = '/assets/index-Q1w2E3.css';
    const br = await server.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(br.headers['cache-control']).toBe('immutable');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(css);

    // Refused by q=0: the next form the client takes.
    const gz = await server.inject({ url, headers: { 'accept-encoding': 'br;q=0, gzip;q=0.8' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(css);
    const plain = await server.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(css);
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);

    const again = await server.inject({ url, headers: { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const otherForm = await server.inject({ url, headers: { 'if-none-match': br.headers.etag as string } });
    expect(otherForm.statusCode).toBe(200);

    const head = await server.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(br.headers.etag);
    expect(head.body).toBe('');

    // Kept: gone from the disk, still answered, until the build changes.
    fs.renameSync(path.join(buildDir, 'assets', 'index-Q1w2E3.css'), path.join(buildDir, 'moved.css'));
    expect((await server.inject({ url })).body).toBe(css);
    fs.renameSync(path.join(buildDir, 'moved.css'), path.join(buildDir, 'assets', 'index-Q1w2E3.css'));
  });

  it('answers only the files the build wrote: not dot folders, other paths, ranges or media', async () => {
    expect((await server.inject({ url: '/robots.txt' })).body).toBe('User-agent: *');
    expect((await server.inject({ url: '/robots.txt' })).headers['cache-control']).toBe('daily');
    for (const url of ['/.vite/manifest.json', '/assets%2F..%2Frobots.txt', '/assets/missing.js', '/assets', '/media/hero.mp4']) {
      expect((await server.inject({ url })).body, url).toBe('not from memory');
    }
    expect((await server.inject({ url: '/robots.txt', headers: { range: 'bytes=0-3' } })).body).toBe('not from memory');
    expect((await server.inject({ method: 'POST', url: '/robots.txt' })).statusCode).toBe(404);
  });

  it('lists the build again when it changes (checked at most once a second), dropping what it kept', async () => {
    const url = '/assets/index-Q1w2E3.css';
    expect((await server.inject({ url })).body).toBe(css);
    fs.writeFileSync(path.join(buildDir, 'assets', 'index-Q1w2E3.css'), 'changed');
    fs.writeFileSync(path.join(buildDir, 'assets', 'new-R4t5Y6.js'), 'new');
    const future = new Date(Date.now() + 10_000);
    fs.utimesSync(path.join(buildDir, 'index.html'), future, future);
    // Within the second: the old listing and what it kept.
    clock += 500;
    expect((await server.inject({ url })).body).toBe(css);
    expect((await server.inject({ url: '/assets/new-R4t5Y6.js' })).body).toBe('not from memory');
    clock += 600;
    expect((await server.inject({ url })).body).toBe('changed');
    const added = await server.inject({ url: '/assets/new-R4t5Y6.js' });
    expect(added.body).toBe('new');
    expect(added.headers['content-type']).toBe('application/javascript; charset=utf-8');
  });
});

describe('a page the server rendered', () => {
  const page = `<!doctype html><html><head><title>RepRoute</title><script type="module" crossorigin src="/assets/index-0e.js"></script>
<link rel="modulepreload" crossorigin href="/assets/runtime-0r.js">
</head><body><div id="root"></div></body></html>`;
  async function served(withScript: boolean) {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-rendered-'));
    fs.writeFileSync(path.join(folder, 'index.html'), page);
    fs.mkdirSync(path.join(folder, '.vite'));
    if (withScript) fs.writeFileSync(path.join(folder, '.vite', 'page-script.js'), '(()=>{console.log("the page script")})();');
    const spa = new SpaFiles(folder);
    const server = Fastify();
    server.get('/*', (request, reply) => spa.sendPage(request, reply, '<title>Hotel</title>', 200, '<main>written</main>'));
    const body = (await server.inject('/hotels/7')).body;
    await server.close();
    return { body, sources: inlineScriptSources(folder) };
  }

  it('ends with the data block of its modules and the build’s page script, allowed by the SHA-256 of those bytes', async () => {
    const { body, sources } = await served(true);
    expect(body).toContain('<div id="root" data-prerendered><main>written</main></div>');
    expect(body).toContain('<script type="application/json" id="rr-modules">{"scripts":["/assets/index-0e.js"],"preloads":["/assets/runtime-0r.js"]}</script><script>(()=>{console.log("the page script")})();</script>');
    expect(body).not.toContain('<script type="module"');
    const script = /<script>(.*?)<\/script>/.exec(body)![1]!;
    expect(sources).toEqual([`'sha256-${createHash('sha256').update(script).digest('base64')}'`]);
  });

  it('goes without its render when the build has no page script (the SPA renders it, as before)', async () => {
    const { body, sources } = await served(false);
    expect(body).toContain('<div id="root"></div>');
    expect(body).toContain('<script type="module" crossorigin src="/assets/index-0e.js"></script>');
    expect(sources).toEqual([]);
  });
});
