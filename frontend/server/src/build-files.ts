import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isUtf8MimeType, mime } from '@fastify/send';
import { acceptedEncodings } from '@reproute/platform/accept-encoding';

/** One form of a file: as built, or compressed at build time (`.br`, `.gz` beside it). */
interface Variant {
  encoding: 'br' | 'gzip' | null;
  body: Buffer;
  etag: string;
}

interface KeptFile {
  type: string;
  lastModified: string;
  /** Best first: brotli, gzip, then the file itself. */
  variants: Variant[];
}

/** How the build's files are answered: their cache lifetime by URL path. */
export type CacheControlOf = (urlPath: string) => string;

/** Files larger than this, and media (answered in ranges as a video plays), are streamed from disk instead. */
const maxKeptBytes = 1024 * 1024;
const streamedTypes = /^(video|audio)\//;
/** How often the build is checked for a change (a rebuild replaces index.html). */
const buildCheckMs = 1_000;

const etagOf = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/**
 * The SPA build's files, answered from memory: each file and its precompressed forms are read once
 * (on first request) and kept until the build changes, so a request for the entry script or the styles
 * costs no directory listing, `stat`, `open` or stream, which @fastify/static spends on every one (the
 * largest share of the gateway's own time under the k6 mix (the pages run in its process), where three of every journey's seven
 * requests are the page, its script and its styles).
 *
 * Only files the build wrote are answered, by their exact path in a listing made when the build
 * changes (no path from a request is ever joined onto the disk); anything else, a range request, media
 * and large files are left to @fastify/static.
 */
export class BuildFiles {
  private listing = new Map<string, string>();
  private readonly kept = new Map<string, Promise<KeptFile | undefined>>();
  private version: number | undefined;
  private checkedAt = Number.NEGATIVE_INFINITY;

  private readonly dist: string;
  private readonly cacheControl: CacheControlOf;
  private readonly now: () => number;

  constructor(dist: string, cacheControl: CacheControlOf, now: () => number = Date.now) {
    this.dist = dist;
    this.cacheControl = cacheControl;
    this.now = now;
  }

  /** Answers the request from memory when it names a file of the build; false when it does not (the caller serves it). */
  async serve(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || request.headers.range !== undefined) return false;
    this.checkBuild();
    const urlPath = safeDecode(request.url.split('?')[0]!);
    const file = urlPath === undefined ? undefined : this.listing.get(urlPath);
    if (urlPath === undefined || !file) return false;
    let pending = this.kept.get(urlPath);
    if (!pending) {
      pending = this.read(file).catch(() => undefined);
      this.kept.set(urlPath, pending);
    }
    const kept = await pending;
    if (!kept) return false;
    const accepted = acceptedEncodings(request.headers['accept-encoding'] as string | undefined);
    const variant = kept.variants.find((v) => v.encoding === null || accepted.has(v.encoding))!;
    reply
      .header('content-type', kept.type)
      .header('cache-control', this.cacheControl(urlPath))
      .header('vary', 'Accept-Encoding')
      .header('etag', variant.etag)
      .header('last-modified', kept.lastModified)
      // Ranges are answered too, from the disk (@fastify/static).
      .header('accept-ranges', 'bytes');
    if (variant.encoding) reply.header('content-encoding', variant.encoding);
    if (request.headers['if-none-match'] === variant.etag) {
      await reply.status(304).send();
      return true;
    }
    await reply.status(200).send(variant.body);
    return true;
  }

  /** Lists the build's files again when index.html changed (checked at most once a second); what was kept is dropped. */
  private checkBuild(): void {
    const now = this.now();
    if (now - this.checkedAt < buildCheckMs) return;
    this.checkedAt = now;
    let version: number;
    try {
      version = fs.statSync(path.join(this.dist, 'index.html')).mtimeMs;
    } catch {
      version = -1;
    }
    if (version === this.version) return;
    this.version = version;
    this.kept.clear();
    this.listing = new Map();
    for (const entry of fs.readdirSync(this.dist, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      const relative = path.relative(this.dist, file).split(path.sep);
      // Dot files and folders (the build's manifests) are not the site's.
      if (relative.some((part) => part.startsWith('.'))) continue;
      this.listing.set(`/${relative.join('/')}`, file);
    }
  }

  private async read(file: string): Promise<KeptFile | undefined> {
    const type = typeOf(file);
    if (streamedTypes.test(type)) return undefined;
    const stat = await fs.promises.stat(file);
    if (stat.size > maxKeptBytes) return undefined;
    const body = await fs.promises.readFile(file);
    const variants: Variant[] = [];
    for (const [encoding, suffix] of [['br', '.br'], ['gzip', '.gz']] as const) {
      const compressed = await fs.promises.readFile(file + suffix).catch(() => undefined);
      if (compressed) variants.push({ encoding, body: compressed, etag: etagOf(compressed) });
    }
    variants.push({ encoding: null, body, etag: etagOf(body) });
    return { type, lastModified: stat.mtime.toUTCString(), variants };
  }
}

/** The Content-Type @fastify/static would send for this file. */
function typeOf(file: string): string {
  const type = mime.getType(file) ?? 'application/octet-stream';
  return isUtf8MimeType(type) ? `${type}; charset=utf-8` : type;
}

function safeDecode(urlPath: string): string | undefined {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
}
