import zlib from 'node:zlib';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { acceptedEncodings } from '@reproute/platform/accept-encoding';

/** Below this size an answer is sent as it is. */
export const compressFrom = 1024;
/** How hard answers are compressed, whole here or as a stream by the compress plugin: fast levels, small CPU cost. */
export const brotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
export const gzipOptions = { level: 5 };
/**
 * Up to this size an answer is compressed in one piece, on the event loop, and sent with its length in one write
 * (brotli at quality 4 takes well under a millisecond for it here); larger ones go through the compress plugin as
 * a stream, so a big answer never holds the loop.
 */
export const wholeCompressionBytes = 64 * 1024;
const compressible = /^\s*(application\/(json|problem\+json|javascript|xml)|text\/|image\/svg\+xml)/i;

/** The encoding an answer goes in for this Accept-Encoding: brotli, else gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = acceptedEncodings(acceptEncoding);
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : undefined;
}

/** The body compressed in that encoding. */
export function compressed(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, { params: { ...brotliOptions.params, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : zlib.gzipSync(body, gzipOptions);
}

/** A Vary value that names Accept-Encoding. */
export function withAcceptEncoding(vary: unknown): string {
  const names = (Array.isArray(vary) ? vary.join(',') : String(vary ?? '')).split(',').map((name) => name.trim()).filter(Boolean);
  return names.some((name) => name.toLowerCase() === 'accept-encoding') ? names.join(', ') : [...names, 'accept-encoding'].join(', ');
}

/** The stream that compresses an answer too large to compress whole, at the same levels. */
export function compressing(encoding: 'br' | 'gzip'): zlib.BrotliCompress | zlib.Gzip {
  return encoding === 'br' ? zlib.createBrotliCompress(brotliOptions) : zlib.createGzip(gzipOptions);
}

/**
 * The encoding an answer of this type goes in to this caller: none when it is already encoded, not of a
 * compressible type, or the caller asked for none (X-No-Compression) or accepts neither brotli nor gzip.
 */
export function answerEncoding(contentType: unknown, encoded: boolean, requestHeaders: IncomingHttpHeaders): 'br' | 'gzip' | undefined {
  if (encoded || requestHeaders['x-no-compression'] !== undefined) return undefined;
  if (!compressible.test(String(contentType ?? 'application/json'))) return undefined;
  return preferredEncoding(requestHeaders['accept-encoding']);
}

/**
 * Answers of 1-64 KB in a compressible type (API answers, nearly all) are compressed whole and sent sized: the
 * compress plugin made every one into a stream through zlib, sent in chunks, several writes each. Registered
 * before that plugin, which leaves an answer that already names its encoding alone and still streams the rest.
 */
export function compressWholeAnswers(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const size = Buffer.byteLength(payload);
    if (size < compressFrom || size > wholeCompressionBytes) return done(null, payload);
    const encoding = answerEncoding(reply.getHeader('content-type'), reply.hasHeader('content-encoding'), request.headers);
    if (!encoding) return done(null, payload);
    reply.header('content-encoding', encoding);
    reply.header('vary', withAcceptEncoding(reply.getHeader('vary')));
    done(null, compressed(Buffer.isBuffer(payload) ? payload : Buffer.from(payload), encoding));
  });
}
