import { serviceConfigSchema } from '@reproute/platform';
import { z } from 'zod';

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

export const configSchema = serviceConfigSchema.extend({
  IMAGES_DIR: z.string().optional().describe('Where the hotel and gym pictures served at /images/* live. Unset: the files in the repository (services/catalog/assets/images).'),
  PHOTO_STORAGE: z.enum(['local', 's3']).default('local').describe('Where providers\' uploaded photos are kept: `local`, a folder (PHOTOS_DIR), or `s3`, an S3-compatible bucket (PHOTOS_S3_*).'),
  PHOTOS_DIR: z
    .string()
    .optional()
    .describe('The folder of uploaded photos with PHOTO_STORAGE=local; instances on one machine share it. Unset: .data/photos in the repository (docker-compose: the `photos` volume).'),
  PHOTOS_S3_BUCKET: z.string().optional().describe('The bucket of uploaded photos; required with PHOTO_STORAGE=s3.'),
  PHOTOS_S3_REGION: z.string().default('us-east-1').describe('The bucket\'s region (PHOTO_STORAGE=s3).'),
  PHOTOS_S3_ENDPOINT: z.url().optional().describe('An S3-compatible endpoint (MinIO, Cloudflare R2, ...). Unset: AWS S3.'),
  PHOTOS_S3_FORCE_PATH_STYLE: flag.default(false).describe('`true` for path-style bucket addresses (MinIO).'),
  PHOTOS_S3_ACCESS_KEY_ID: z
    .string()
    .optional()
    .describe('With PHOTOS_S3_SECRET_ACCESS_KEY (both or neither). Neither: the AWS SDK\'s default credentials (pod or instance role, AWS_* variables, profile).'),
  PHOTOS_S3_SECRET_ACCESS_KEY: z.string().optional().describe('With PHOTOS_S3_ACCESS_KEY_ID (both or neither).'),
  PHOTOS_S3_PREFIX: z.string().default('photos/').describe('The key prefix of the photos in the bucket.'),
  PHOTO_PROCESSING_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1).describe('Photos decoded at once by this process: decoding holds the whole canvas (photos/gate.ts).'),
  PHOTO_PROCESSING_QUEUE: z.coerce.number().int().min(0).max(100).default(8).describe('Uploads that may wait for a decoding slot; more answer 503 with Retry-After.'),
  PHOTO_PROCESSING_WAIT_MS: z.coerce.number().int().min(100).default(20_000).describe('How long (ms) an upload waits for a decoding slot before it answers 503.'),
  SEARCH_SUMMARY_CACHE_MS: z
    .coerce.number()
    .min(0)
    .default(5_000)
    .describe('How long (ms) a search\'s totals and facets are fresh (store/search.ts); any hotel write of this instance clears them. 0: not kept.'),
  SEARCH_FACET_INDEX: flag
    .default(true)
    .describe('Match, count and rank searches from an in-memory copy of every live hotel\'s filter columns and search text (store/search-index.ts), used only while no write has moved search_index_version since it loaded. false: Postgres answers every search.'),
  STATS_CACHE_MS: z.coerce.number().int().min(0).default(30_000).describe('How long (ms) the home page\'s summary figures (GET /api/stats) are reused before they are worked out again. 0: every time.'),
  SEARCH_SUMMARY_STALE_MS: z.coerce.number().min(0).default(60_000).describe('For how long (ms) after that they are still answered at once while one request computes them again.'),
  GYM_FACTS_STALE_DAYS: z
    .coerce.number()
    .int()
    .min(1)
    .max(3650)
    .default(90)
    .describe('A live listing\'s gym facts are stale once the hotel or an admin last confirmed them more than this many days ago: the page says so and its provider is emailed a reminder with the link to confirm them (again every this many days while they stay unconfirmed).'),
  GYM_FACTS_JOB_INTERVAL_MINUTES: z
    .coerce.number()
    .min(0)
    .default(60)
    .describe('How often (minutes) the catalog looks for stale gym facts to remind providers of, and rescores gyms whose facts crossed an age (the gym score\'s decay). 0: never (tests run it by hand).'),
});
export type Config = z.infer<typeof configSchema>;

/** The photo pruning script's (scripts/prune-photos.ts): the catalog's settings, no port, and its grace period. */
export const prunePhotosConfigSchema = configSchema.safeExtend({
  PORT: z.coerce.number().int().min(0).default(0).describe('Not used: the script never listens.'),
  PRUNE_GRACE_HOURS: z
    .coerce.number()
    .min(1)
    .default(24)
    .describe('Photos no listing shows are pruned (services/catalog/scripts/prune-photos.ts) only once older than this (hours): an upload stores its files just before the listing names them.'),
});
