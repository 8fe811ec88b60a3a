import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { statusName } from '@reproute/platform';
import { messages } from '@reproute/contracts';
import type { sharedBudgetStore } from '../rate-limit-store.ts';
import { brotliOptions, compressFrom, compressWholeAnswers, gzipOptions } from '../whole-compression.ts';

export interface RateLimitOptions {
  /** The counters (rate-limit-store.ts), shared with the direct reads (direct-reads.ts). */
  store: ReturnType<typeof sharedBudgetStore>;
}

/**
 * Rate limits, per route (each route names its own, `config.rateLimit`), counted in memory and shared with the
 * other gateway instances through Redis off the request path; past a limit a JSON 429 with when to try again.
 */
async function rateLimits(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  const { store } = options;
  await app.register(rateLimit, {
    global: false,
    store,
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: statusName(429),
      message: messages.tooManyRequests,
      retryAfterSeconds: Math.ceil(context.ttl / 1000),
    }),
  });
}

/**
 * API answers over 1 KB (search pages, hotel lists) travel compressed; a fast brotli level keeps the CPU cost
 * small. The SPA's files are already compressed at build time and pass through untouched. Up to 64 KB in one
 * piece (whole-compression.ts), larger ones as a stream.
 */
async function compression(app: FastifyInstance): Promise<void> {
  compressWholeAnswers(app);
  await app.register(compress, {
    threshold: compressFrom,
    encodings: ['br', 'gzip'],
    brotliOptions,
    zlibOptions: gzipOptions,
  });
}

export const rateLimitsPlugin = fp(rateLimits, { name: 'gateway-rate-limits' });
export const compressionPlugin = fp(compression, { name: 'gateway-compression' });
