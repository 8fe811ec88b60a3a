import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Hashed build output (`/assets/name-HASH.js`) never changes under its name. */
const immutableAsset = /^\/assets\//;
const yearSeconds = 365 * 24 * 60 * 60;

interface IndexVariant {
  body: Buffer;
  encoding: 'br' | 'gzip' | null;
}

interface IndexDocument {
  mtimeMs: number;
  etag: string;
  variants: IndexVariant[];
}

/**
 * Serves the SPA build: precompressed assets (`.br`, `.gz` made at build time) with
 * `Vary: Accept-Encoding`; hashed assets cached for a year as immutable; everything else revalidated
 * daily; `index.html` with `no-cache` and an `ETag`, answered 304 when the browser has it.
 * Files are looked up per request, so a rebuild is served without a restart.
 */
export class SpaFiles {
  private readonly indexFile: string;
  private index: IndexDocument | undefined;

  constructor(private readonly dist: string) {
    this.indexFile = path.join(dist, 'index.html');
  }

  get built(): boolean {
    return fs.existsSync(this.indexFile);
  }

  async register(app: FastifyInstance): Promise<void> {
    await app.register(fastifyStatic, {
      root: this.dist,
      wildcard: true,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const urlPath = `/${path.relative(this.dist, filePath).split(path.sep).join('/')}`.replace(/\.(br|gz)$/, '');
        reply.header('cache-control', immutableAsset.test(urlPath) ? `public, max-age=${yearSeconds}, immutable` : 'public, max-age=86400');
        reply.header('vary', 'Accept-Encoding');
      },
    });
  }

  /** The current index.html and its compressed forms, reread only when the build changed. */
  private document(): IndexDocument {
    const { mtimeMs } = fs.statSync(this.indexFile);
    if (this.index?.mtimeMs === mtimeMs) return this.index;
    const body = fs.readFileSync(this.indexFile);
    const read = (suffix: string) => (fs.existsSync(this.indexFile + suffix) ? fs.readFileSync(this.indexFile + suffix) : undefined);
    const br = read('.br');
    const gz = read('.gz');
    const variants: IndexVariant[] = [];
    if (br) variants.push({ body: br, encoding: 'br' });
    if (gz) variants.push({ body: gz, encoding: 'gzip' });
    variants.push({ body, encoding: null });
    this.index = { mtimeMs, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`, variants };
    return this.index;
  }

  /** Answers with index.html (the SPA's router handles the path). */
  sendIndex(request: FastifyRequest, reply: FastifyReply, status = 200) {
    const doc = this.document();
    reply.header('cache-control', 'no-cache').header('etag', doc.etag).header('vary', 'Accept-Encoding');
    if (status === 200 && request.headers['if-none-match'] === doc.etag) return reply.status(304).send();
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const variant = doc.variants.find((v) => v.encoding === null || new RegExp(`\\b${v.encoding}\\b`).test(accepted))!;
    if (variant.encoding) reply.header('content-encoding', variant.encoding);
    return reply.status(status).type('text/html; charset=utf-8').send(variant.body);
  }
}
